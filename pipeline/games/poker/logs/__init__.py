"""Hand histories as a game: the log's facts typed for the Parquet, positions, every hand
accounted for, and the log's own hand names checked against ours."""

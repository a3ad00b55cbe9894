"""Scoring a poker sheet: validate its rows, then score every hand under its game (the
evaluator as polars expressions, names, ranks, winners)."""

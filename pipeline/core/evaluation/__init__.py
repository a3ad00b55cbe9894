"""Hand strengths, vectorised: high hands (five to seven cards, exactly-n-hole-card hands),
ace-to-five and deuce-to-seven lows, badugi; their tables built in code from a ranking and kept on
disk between processes; the checks on a deal before it is scored; one call per question
(:mod:`hands`) whatever the game."""

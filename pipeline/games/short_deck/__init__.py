"""Short deck (6+) Hold'em: 36 cards, 6 through A."""

"""Win probabilities per street (exact, as television shows them), what they cost, and the
night's biggest swings."""

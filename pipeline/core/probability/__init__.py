"""Exact probabilities: win % when the hole cards are known (every board completion scored at
once, turn deals batched), and how often each category or Yatzy box comes."""

"""Pots: a hand's chips cut into main and side pots, each split among its winners, and the
log's awards audited against that replay."""

"""Every poker game the job scores: Hold'em, Omaha (4, 5, 6 cards, Hi/Lo), short deck, five-card.

- ``variants/``: what makes each game differ (deck, rank order, hole cards that play, a low half),
  declared as data, and the one table of their names;
- ``game.py``: round sheets (Hold'em and five-card) declared for the job; ``showdown.py`` the
  Ruby Quiz listing; ``kata_compare.py`` the poker hands kata's verdict;
- ``scoring/``: validate a sheet's rows and score every hand under its game;
- ``logs/``: hand histories as a game: the log's facts, positions, hands accounted for, the
  log's own hand names checked;
- ``pots/``: pots replayed and split, the log's awards audited;
- ``equity/``: win % per street, its cost, the night's swings;
- ``stats/``: the tracker statistics and all-in EV, per player and hand.
"""

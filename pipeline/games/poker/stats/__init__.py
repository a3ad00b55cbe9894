"""How they played: the tracker statistics (VPIP, PFR, 3-bet, c-bet, ...) and all-in EV, one
column each per player and hand."""

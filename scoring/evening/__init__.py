"""The round's life through the evening: draw, release, take back, close, reopen, substitutes.

Each service here is one transaction that calls, in order, the seating's own steps
(``tournament.seating.services`` and ``steps``), the score sheets' (``scoring.sheets.steps``) and
the standings' (``scoring.standings.placement``) directly: what must happen at the same moment
is a call, not a signal somebody may or may not answer. Views, commands, demo and tests call
these services; the seating alone knows nothing of sheets and standings.
"""

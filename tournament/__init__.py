"""The evening before the scoring: the tournament, its participants, rounds, tables and seats.

Concern folders, one way (see ``.importlinter``): ``events`` and ``public`` build on ``seating``,
which builds on ``participants``. Shared at the top: ``models``, ``errors`` (DomainError),
``audit``, ``access`` (the organiser's views' mixin), ``throttle``, ``normalize`` (names).
Nothing here imports ``scoring`` except its pure rules engine (``scoring.rules``).
"""

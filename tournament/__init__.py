"""The evening before the scoring: the tournament, its participants, rounds, tables and seats.

Concern folders, one way (see ``.importlinter``): ``events`` and ``public`` build on ``seating``,
which builds on ``participants``. Shared at the top: ``models``, ``errors`` (DomainError),
``audit``, ``access`` (the organiser's views' mixin), ``throttle``, ``cache`` (the cache
backends: JSON only, Redis outages as misses), ``normalize`` (names).
Nothing here imports ``scoring``; the rules come from the pure top-level package ``rules``.
"""

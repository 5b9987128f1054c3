"""The evening before the scoring: clubs, the tournament, its participants (register), rounds,
tables and seats (draw), the round's clock, fees.

Concern folders, one way (see ``.importlinter``): ``events``, ``members`` and ``clock`` build on
``seating``, which builds on ``participants``, then ``clubs``. Shared at the top: ``models``,
``errors`` (DomainError), ``audit``, ``access`` (the organiser's views' mixin), ``throttle``,
``cache`` (the cache backends: JSON only, Redis outages as misses), ``polling`` (the public
pages' ETag and stamp), ``normalize`` (names).
Nothing here imports ``scoring``; the rules come from the pure top-level package ``rules``.
"""

"""Everything that turns a seated round into points, and what is made of the points.

Concern folders, one way (see ``.importlinter``): ``backup``, ``demo`` and ``public`` build on
``printouts``, which builds on ``standings``, then ``sheets``, then ``rules`` (pure Python).
``scoring`` may use ``tournament``; ``tournament`` never uses ``scoring`` beyond ``rules``.
"""

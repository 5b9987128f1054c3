"""Everything that turns a seated round into points: the score sheets, the standings, the
director's live board, and the round's life that moves seats, sheets and standings together.

Concern folders, one way (see ``.importlinter``): ``evening`` and ``board`` build on
``standings``, which builds on ``sheets``. ``scoring`` may use ``tournament`` and ``rules``;
what is made of the points lives above it: ``seasons``, ``output`` (print), ``public``, ``demo``.
"""

"""What players see without a login: the start page (``views.HomeView``), a tournament's pages
(seat lookup, seating, standings, rules, player pages), the projector and its show (``show``),
and the read-only JSON API (``api``, listed in ``urls_api``). The URLs are ``urls``."""

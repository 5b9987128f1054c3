"""Seating a round: the pure core (``core``), the services that store it (``services``,
``reading``), the seating's own steps of a round's life (``steps``, called by
``scoring.evening``), their messages and the round pages (``views``).
"""

"""Seating a round: the pure core (``core``), the services that store it (``services``,
``reading``), their messages, the round pages (``views``) and the signals through which the
scoring answers (``signals``).
"""

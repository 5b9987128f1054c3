"""The director's live board of a round (see ``state`` for its words)."""

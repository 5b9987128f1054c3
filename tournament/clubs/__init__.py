"""Clubs (Vereine) and their member registries."""

"""Backup and restore: a whole tournament as one JSON document, and back."""

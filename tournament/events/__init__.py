"""A tournament itself: create it, its settings, its overview and audit log pages."""

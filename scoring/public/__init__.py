"""Public pages of the scoring: rules, player pages, projector."""

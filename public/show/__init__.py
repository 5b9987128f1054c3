"""The projector's show: slides that rotate on the tournament's projector, and the
organiser's announcements for it."""

"""Pages for players without login: the tournament, "Wo sitze ich?", the seating."""

"""The round's clock (Rundenuhr): services, reading, the desk page and its JSON."""

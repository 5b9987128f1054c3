"""Standings (Tabelle): ranking, the table on screen and as JSON, and round two's placement."""

"""The season ranking (Jahreswertung): a club's tournaments ranked across the evenings."""

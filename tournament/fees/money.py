"""Money as people read it: integer cents written as German euros ("1.234,50 €")."""

from __future__ import annotations

EURO = 100


def euros(cents: int) -> str:
    """ "1.234,50 €"; whole euros without cents ("25 €")."""
    sign = "−" if cents < 0 else ""
    whole, part = divmod(abs(cents), EURO)
    grouped = f"{whole:,}".replace(",", ".")
    if part:
        return f"{sign}{grouped},{part:02d} €"
    return f"{sign}{grouped} €"

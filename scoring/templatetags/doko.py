"""Template filters for points, and the sheets waiting for the organiser (for the organiser's bar,
which ``tournament`` templates show without knowing about sheets)."""

from __future__ import annotations

from django import template

from scoring.sheets.reading import pending_sheets as _pending_sheets
from scoring.sheets.reading import rounds_with_open_sheets
from tournament.models import Tournament

register = template.Library()


@register.filter
def signed(value: object) -> str:
    """+3, −3 and 0, as on a score sheet."""
    if value is None or value == "":
        return ""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return "0"


@register.simple_tag
def pending_sheets(tournament: Tournament) -> list[tuple[int, int]]:
    """(round, table) of the sheets handed in and waiting for confirmation; one query per page
    (kept on the tournament object, which the bar and the overview share)."""
    cached = getattr(tournament, "_pending_sheets", None)
    if cached is None:
        cached = _pending_sheets(tournament)
        tournament._pending_sheets = cached
    return cached


@register.simple_tag
def open_sheet_rounds(tournament: Tournament) -> list[int]:
    """Numbers of the rounds with a sheet not confirmed yet (for the overview's next step)."""
    return rounds_with_open_sheets(tournament)


@register.simple_tag
def dealer_sits_out(tournament: Tournament, size: int) -> bool:
    """Whether the dealer sits out at a table of ``size`` under the tournament's ruleset (the
    Doppelkopf five-table and Zwanzig's; not "24", where all five play)."""
    return tournament.rules.sitter(1, size) is not None

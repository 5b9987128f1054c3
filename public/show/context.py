"""What the projector's template gets: one entry per slide of the show, with its content.

Only the slides that ``slide_kinds`` allows are built, so what is not public (hidden
standings, an unreleased seating) is never read, let alone rendered.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from public.show.slides import (
    ANNOUNCEMENTS,
    SEASON,
    SEATING,
    STANDINGS,
    availability,
    slide_kinds,
)
from public.views import released_seats
from scoring.standings.columns import PROJECTOR, Field, fields, shown
from scoring.standings.ranking import StandingRow, Standings, cached_standings
from seasons.exports import rule_label
from seasons.ranking import compute_season
from seasons.tables import shown_average, shown_rank
from tournament.models import Round, Tournament
from tournament.normalize import name_sort_key


def board_class(field: Field) -> str:
    """The class of a projector cell: numbers right-aligned, the total highlighted."""
    column = field.column
    if not column.numeric:
        return column.key
    return f"num {column.key}" if column.emphasis else "num"


def standings_board(standings: Standings) -> dict[str, Any]:
    """The ``PROJECTOR`` columns of the standings: headers and, per row, (class, text) cells."""
    board_fields = fields(
        PROJECTOR,
        standings.round_numbers,
        standings.tournament.rules,
        standings.tournament.standings_format,
    )
    classes = [board_class(field) for field in board_fields]
    rows: list[tuple[StandingRow, list[tuple[str, Any]]]] = [
        (row, [(css, shown(field, row)) for css, field in zip(classes, board_fields, strict=True)])
        for row in standings.rows
    ]
    return {"board_fields": board_fields, "board_rows": rows}


def season_board(season: Any) -> dict[str, Any]:
    table = compute_season(season, public=True, published=True)
    rows = [
        (row, [shown_rank(row), row.name, row.evenings, row.rounds, row.points,
               shown_average(row)])
        for row in table.rows
    ]  # fmt: skip
    return {"season": season, "rule": rule_label(season), "board_rows": rows}


def show_context(tournament: Tournament, round_: Round | None, fixed: str, stamp: int) -> dict:
    """``slides`` (kind and content, in rotation order), ``slide_seconds`` and, when there is
    no slide at all, a ``notice`` saying why."""
    found = availability(tournament, round_)
    slides: list[dict[str, Any]] = []
    for kind in slide_kinds(tournament, found, fixed):
        slide: dict[str, Any] = {"kind": kind}
        if kind == SEATING:
            seats = released_seats(tournament, round_)
            slide["seats"] = sorted(seats, key=lambda seat: name_sort_key(seat.shown_name))
        elif kind == STANDINGS:
            standings = cached_standings(tournament, stamp=stamp)
            slide.update(standings_board(standings), standings=standings)
        elif kind == ANNOUNCEMENTS:
            slide["announcements"] = found.announcements
        elif kind == SEASON:
            slide.update(season_board(found.season))
        slides.append(slide)
    context: dict[str, Any] = {
        "slides": slides,
        "slide_seconds": tournament.slide_seconds,
        "round": round_,
    }
    if not slides:
        context["notice"] = (
            _("Die Sitzordnung ist noch nicht freigegeben.")
            if tournament.public_seating
            else _("Sitzordnung und Tabelle sind nicht öffentlich.")
        )
    return context

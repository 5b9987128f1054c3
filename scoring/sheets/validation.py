"""Checking a sheet's games with the rules engine before anything is written.

A refused game becomes a ``RowProblem`` (game, field, message in the user's language); all of
a sheet's problems together are one ``SheetRefused``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from rules.base import Ruleset
from rules.rows import RowRefusal, SheetResult
from scoring.models import Sheet
from scoring.sheets.reading import expected_games
from tournament.errors import DomainError


@dataclass(frozen=True)
class RowProblem:
    """A refused game: its number, the record field and the message in the user's language."""

    game: int
    field: str | None
    message: str

    def __str__(self) -> str:
        if self.field:
            return _("Spiel %(game)d, %(field)s: %(message)s") % {
                "game": self.game,
                "field": self.field,
                "message": self.message,
            }
        return _("Spiel %(game)d: %(message)s") % {"game": self.game, "message": self.message}


class SheetRefused(DomainError):
    """Some games of a sheet were refused; nothing was stored."""

    def __init__(self, problems: Sequence[RowProblem]):
        self.rows = list(problems)
        count = len({problem.game for problem in problems})
        super().__init__(
            ngettext(
                "Die Liste wurde nicht gespeichert: %(count)d Spiel ist fehlerhaft.",
                "Die Liste wurde nicht gespeichert: %(count)d Spiele sind fehlerhaft.",
                count,
            )
            % {"count": count},
            problems=[str(problem) for problem in problems],
        )


def _language() -> str:
    return get_language() or "de"


def normalise_records(
    records: Sequence[Any], size: int, ruleset: Ruleset, options: Any = None
) -> list[Any]:
    """Every record with what the sheet knows and the record leaves out filled in by the
    ruleset (house rules: the table size and, at five, the dealer sitting out); rows are
    sequential, each completed from the rows before it (``options``: the tournament's)."""
    return ruleset.complete_rows(records, size, options)


def validate_games(sheet: Sheet, records: Sequence[Any], size: int) -> SheetResult:
    """Score the records as a sheet; raise ``SheetRefused`` listing every refused game."""
    tournament = sheet.round.tournament
    limit = expected_games(sheet, size)
    scored = tournament.rules.score_sheet(
        records,
        size,
        tournament.cycles,
        tournament.scoring_options,
        _language(),
        time_up_after=sheet.time_up_after,
    )
    problems = [_problem(issue) for issue in scored.issues]
    played = tournament.rules.played_rows(records, tournament.scoring_options)
    if played > limit and sheet.closed_after_game:
        problems.append(
            RowProblem(
                limit + 1,
                None,
                _("Der Tisch wurde nach Spiel %(game)d beendet.") % {"game": limit},
            )
        )
    if problems:
        raise SheetRefused(problems)
    return scored


def _problem(issue: RowRefusal) -> RowProblem:
    return RowProblem(issue.row, issue.field, issue.message)

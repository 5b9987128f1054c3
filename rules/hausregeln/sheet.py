"""A table's score sheet as a whole (SCORING.md §1): game count, table size, the dealer sitting out.

These checks need the game's position on the sheet, which a single record does not know. They
return issues instead of raising, so that a form can mark every bad row at once and keep the
good ones; running totals count only games without issues.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.hausregeln.engine import score_record
from rules.hausregeln.errors import RecordError
from rules.hausregeln.i18n import translate
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions
from rules.hausregeln.parsing import parse_record
from rules.hausregeln.result import GameResult

DEFAULT_CYCLES = 4


@dataclass(frozen=True, slots=True)
class SheetIssue:
    """A problem with game ``game`` (1-based) of a sheet, naming the field like a RecordError."""

    game: int
    field: str | None
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str | None = "de") -> str:
        return translate(f"error.{self.code}", lang, field=self.field, **self.params)

    @classmethod
    def from_error(cls, game: int, error: RecordError) -> SheetIssue:
        return cls(game, error.field, error.code, dict(error.params))


@dataclass(frozen=True, slots=True)
class SheetGame:
    """One row of a scored sheet: the result (None if the record was refused), whether it counts
    towards the totals (no issues), the running totals after it, and its issues."""

    game: int
    dealer: int
    result: GameResult | None
    counted: bool
    totals: dict[int, int]
    issues: tuple[SheetIssue, ...]


@dataclass(frozen=True, slots=True)
class SheetScore:
    """A whole sheet: every row, the final totals and all issues in game order."""

    games: tuple[SheetGame, ...]
    totals: dict[int, int]
    issues: tuple[SheetIssue, ...]

    @property
    def ok(self) -> bool:
        return not self.issues


def _check_table(table_size: int, cycles: int) -> None:
    if type(table_size) is not int or table_size not in (4, 5):
        raise ValueError(f"table_size must be 4 or 5, not {table_size!r}")
    if type(cycles) is not int or cycles < 1:
        raise ValueError(f"cycles must be a positive int, not {cycles!r}")


def dealer(game_number: int, table_size: int) -> int:
    """The seat that deals game ``game_number`` (1-based): the Listenführer (seat 1) deals game 1,
    then clockwise. At a five-player table the dealer sits out."""
    if type(game_number) is not int or game_number < 1:
        raise ValueError(f"game_number must be a positive int, not {game_number!r}")
    _check_table(table_size, 1)
    return (game_number - 1) % table_size + 1


def max_games(table_size: int, cycles: int = DEFAULT_CYCLES) -> int:
    """Games on a sheet: 4 × cycles at a four-player table, 5 × cycles at a five-player one."""
    _check_table(table_size, cycles)
    return table_size * cycles


def _sheet_issues(
    raw: Any, game: int, table_size: int, cycles: int
) -> tuple[list[SheetIssue], bool]:
    """Sheet-level issues of one raw record, and whether its own parse is worth trying."""
    issues: list[SheetIssue] = []
    limit = table_size * cycles
    if game > limit:
        issues.append(
            SheetIssue(
                game,
                None,
                "sheet_too_many_games",
                {"game": game, "table_size": table_size, "max_games": limit, "cycles": cycles},
            )
        )
    if not isinstance(raw, Mapping):
        return issues, True
    size = raw.get("table_size", 4)
    if type(size) is int and size in (4, 5) and size != table_size:
        issues.append(
            SheetIssue(
                game,
                "table_size",
                "sheet_table_size_mismatch",
                {"got": size, "table_size": table_size},
            )
        )
        return issues, False
    if table_size == 5:
        sitting_out = raw.get("sitting_out")
        expected = dealer(game, 5)
        if type(sitting_out) is int and 1 <= sitting_out <= 5 and sitting_out != expected:
            issues.append(
                SheetIssue(
                    game,
                    "sitting_out",
                    "sheet_sitting_out_not_dealer",
                    {"game": game, "dealer": expected, "got": sitting_out},
                )
            )
    return issues, True


def score_sheet(
    records: Sequence[Mapping[str, Any]],
    *,
    table_size: int,
    cycles: int = DEFAULT_CYCLES,
    options: ScoringOptions = DEFAULT_OPTIONS,
) -> SheetScore:
    """Score every game of a sheet and keep running totals; bad rows are reported, not raised."""
    _check_table(table_size, cycles)
    totals = dict.fromkeys(range(1, table_size + 1), 0)
    games: list[SheetGame] = []
    all_issues: list[SheetIssue] = []
    for index, raw in enumerate(records):
        game = index + 1
        issues, parse = _sheet_issues(raw, game, table_size, cycles)
        result: GameResult | None = None
        if parse:
            try:
                result = score_record(parse_record(raw, options), options)
            except RecordError as error:
                issues.append(SheetIssue.from_error(game, error))
        counted = result is not None and not issues
        if counted:
            assert result is not None
            for seat, points in result.points.items():
                totals[seat] += points
        games.append(
            SheetGame(game, dealer(game, table_size), result, counted, dict(totals), tuple(issues))
        )
        all_issues.extend(issues)
    return SheetScore(tuple(games), dict(totals), tuple(all_issues))


def check_sheet(
    records: Sequence[Mapping[str, Any]],
    *,
    table_size: int,
    cycles: int = DEFAULT_CYCLES,
    options: ScoringOptions = DEFAULT_OPTIONS,
) -> list[SheetIssue]:
    """Every issue of a sheet (§1 sheet rules and each record's own refusal), in game order."""
    return list(score_sheet(records, table_size=table_size, cycles=cycles, options=options).issues)

"""A table's score sheet as a whole (SCORING.md §1, CLUBRULES.md §5): game count, table size,
the dealer sitting out, Schmeißen rows and the Bockrunden that follow from the games before.

These checks need the row's position on the sheet, which a single record does not know. They
return issues instead of raising, so that a form can mark every bad row at once and keep the
good ones; running totals count only rows without issues.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.hausregeln.engine import score_record
from rules.hausregeln.errors import RecordError, shown
from rules.hausregeln.i18n import translate
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions
from rules.hausregeln.parsing import parse_record
from rules.hausregeln.records import CalculatorRecord, Record, Schmeissen
from rules.hausregeln.result import GameResult
from rules.hausregeln.vocabulary import ANNOUNCED_SOLOS, Call, Party, Special

DEFAULT_CYCLES = 4


@dataclass(frozen=True, slots=True)
class SheetIssue:
    """A problem with row ``game`` (1-based) of a sheet, naming the field like a RecordError."""

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
    """One row of a scored sheet: its position ``game`` (1-based), its dealer, the result (None
    if the record was refused), whether it counts towards the totals (no issues), the running
    totals after it and its issues; ``number`` is the game's number (None for a Schmeißen that
    is no game), ``bock`` its multiplier and ``ausloeser`` whether it starts a Bockrunde."""

    game: int
    dealer: int
    result: GameResult | None
    counted: bool
    totals: dict[int, int]
    issues: tuple[SheetIssue, ...]
    number: int | None = None
    bock: int = 1
    ausloeser: bool = False


@dataclass(frozen=True, slots=True)
class SheetScore:
    """A whole sheet: every row, the final totals and all issues in row order; how many games
    it holds, who deals next and the games left of each open Bockrunde (``bock_open``)."""

    games: tuple[SheetGame, ...]
    totals: dict[int, int]
    issues: tuple[SheetIssue, ...]
    played: int = 0
    next_dealer: int = 1
    bock_open: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.issues


def _check_table(table_size: int, cycles: int) -> None:
    if type(table_size) is not int or table_size not in (4, 5):
        raise ValueError(f"table_size must be 4 or 5, not {table_size!r}")
    if type(cycles) is not int or cycles < 1:
        raise ValueError(f"cycles must be a positive int, not {cycles!r}")


def dealer(game_number: int, table_size: int) -> int:
    """The seat that deals game ``game_number`` (1-based) on a sheet without Schmeißen rows:
    the Listenführer (seat 1) deals game 1, then clockwise. At a five-player table the dealer
    sits out. With Schmeißen rows the dealer follows the rows (:func:`next_dealer`)."""
    if type(game_number) is not int or game_number < 1:
        raise ValueError(f"game_number must be a positive int, not {game_number!r}")
    _check_table(table_size, 1)
    return (game_number - 1) % table_size + 1


def max_games(table_size: int, cycles: int = DEFAULT_CYCLES) -> int:
    """Games on a sheet: 4 × cycles at a four-player table, 5 × cycles at a five-player one."""
    _check_table(table_size, cycles)
    return table_size * cycles


def is_redeal(raw: Any, options: ScoringOptions) -> bool:
    """Whether a row is a Schmeißen that is no game: the same dealer deals again and no Bock
    game is used (CLUBRULES.md §5.1)."""
    return (
        options.schmeissen == "redeal"
        and isinstance(raw, Mapping)
        and raw.get("schmeissen") is not None
    )


def next_dealer(rows: Sequence[Any], table_size: int, options: ScoringOptions) -> int:
    """The seat that deals the row after ``rows``: seat 1 first, then clockwise after every
    row but a Schmeißen under ``"redeal"`` (CLUBRULES.md §5.1)."""
    seat = 1
    for raw in rows:
        if not is_redeal(raw, options):
            seat = seat % table_size + 1
    return seat


class BockRunden:
    """The open Bockrunden of a sheet, each with its remaining games, in the order started
    (CLUBRULES.md §5.3)."""

    def __init__(self, options: ScoringOptions, table_size: int) -> None:
        self.options = options
        self.length = options.bock_round_games(table_size)
        self.open: list[int] = []

    def multiplier(self) -> int:
        """*m* of the next game: f^(open Bockrunden) when they stack, f when any is queued."""
        if not self.open:
            return 1
        f = self.options.bock_multiplier
        return f ** len(self.open) if self.options.bock_overlap == "stack" else f

    def consume(self) -> None:
        """One game played: every open Bockrunde loses one (stack), or the first (queue)."""
        if not self.open:
            return
        if self.options.bock_overlap == "stack":
            self.open = [left - 1 for left in self.open if left > 1]
        elif self.open[0] > 1:
            self.open[0] -= 1
        else:
            self.open.pop(0)

    def start(self) -> None:
        if self.length:
            self.open.append(self.length)


def bock_status(open_rounds: Sequence[int], options: ScoringOptions, lang: str) -> tuple[str, ...]:
    """What the sheet pages say about the next game's Bock: "Bock ×2 · noch 3 Spiele",
    "Doppelbock ×4 · noch 1 Spiel" (stacked: the games left at this factor), nothing outside
    Bock."""
    if not open_rounds:
        return ()
    f = options.bock_multiplier
    if options.bock_overlap == "stack":
        m, left = f ** len(open_rounds), min(open_rounds)
    else:
        m, left = f, sum(open_rounds)
    key = "form.doppelbock" if len(open_rounds) == 2 and options.bock_overlap == "stack" else ""
    name = translate(key, lang) if key else translate("form.bock_name", lang)
    key = "form.bock_status_one" if left == 1 else "form.bock_status"
    return (translate(key, lang, name=name, m=m, n=left),)


def triggers(record: Record, result: GameResult, options: ScoringOptions) -> bool:
    """Whether a game is a Bock-Auslöser (CLUBRULES.md §5.2): derived from a calculator
    record, the row's own mark on a quick entry, direct points or a revoke."""
    if not options.bock or type(record) is Schmeissen:
        return False
    if type(record) is not CalculatorRecord:
        return bool(record.ausloeser)
    wanted = options.bock_triggers
    if "tie_120" in wanted and record.augen_re == 120:
        return True
    if "solo_lost" in wanted and record.kind in ANNOUNCED_SOLOS and result.winner is Party.KONTRA:
        return True
    if "announcement_lost" in wanted and result.winner is not None:
        loser = result.winner.other
        call = Call.RE if loser is Party.RE else Call.KONTRA
        if any(party is loser and said is call for party, said, _ in record.statements):
            return True
    if "herzstich" in wanted and any(s is Special.HERZSTICH for _, s in record.specials):
        return True
    return "schwarz" in wanted and record.schwarz is not None


def _sheet_issues(
    raw: Any, row: int, game: int | None, seat: int, table_size: int, cycles: int
) -> tuple[list[SheetIssue], bool]:
    """Sheet-level issues of one raw row, and whether its own parse is worth trying."""
    issues: list[SheetIssue] = []
    limit = table_size * cycles
    if game is not None and game > limit:
        issues.append(
            SheetIssue(
                row,
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
                row,
                "table_size",
                "sheet_table_size_mismatch",
                {"got": size, "table_size": table_size},
            )
        )
        return issues, False
    given = raw.get("dealer")
    if given is not None and given != seat:
        issues.append(
            SheetIssue(
                row,
                "dealer",
                "sheet_dealer_mismatch",
                {"game": game or row, "dealer": seat, "got": shown(given)},
            )
        )
    if table_size == 5:
        sitting_out = raw.get("sitting_out")
        if type(sitting_out) is int and 1 <= sitting_out <= 5 and sitting_out != seat:
            issues.append(
                SheetIssue(
                    row,
                    "sitting_out",
                    "sheet_sitting_out_not_dealer",
                    {"game": game or row, "dealer": seat, "got": sitting_out},
                )
            )
    return issues, True


def score_sheet(
    records: Sequence[Mapping[str, Any]],
    *,
    table_size: int,
    cycles: int = DEFAULT_CYCLES,
    options: ScoringOptions = DEFAULT_OPTIONS,
    fill_sitting_out: bool = False,
) -> SheetScore:
    """Score every row of a sheet in order and keep running totals; bad rows are reported, not
    raised. The dealer, each game's Bock multiplier and its Auslöser follow from the rows
    before (CLUBRULES.md §5); a refused row counts nothing, is no Auslöser and (unless it is a
    Schmeißen under ``"redeal"``) still takes its place as a game. ``fill_sitting_out``: at
    five seats a row without ``sitting_out`` gets its dealer (§5.4)."""
    _check_table(table_size, cycles)
    totals = dict.fromkeys(range(1, table_size + 1), 0)
    games: list[SheetGame] = []
    all_issues: list[SheetIssue] = []
    bock = BockRunden(options, table_size)
    seat = 1
    played = 0
    for index, raw in enumerate(records):
        row = index + 1
        redeal = is_redeal(raw, options)
        number = None if redeal else played + 1
        played += not redeal
        issues, parse = _sheet_issues(raw, row, number, seat, table_size, cycles)
        five = fill_sitting_out and table_size == 5 and isinstance(raw, Mapping)
        if five and raw.get("sitting_out") is None:
            raw = {**raw, "sitting_out": seat}
        m = bock.multiplier()
        result: GameResult | None = None
        ausloeser = False
        if parse:
            try:
                record = parse_record(raw, options, bock=m)
                result = score_record(record, options)
                ausloeser = triggers(record, result, options)
                marked = record.ausloeser if type(record) is CalculatorRecord else None
                if marked is not None and marked is not ausloeser:
                    code = "sheet_ausloeser_yes" if ausloeser else "sheet_ausloeser_no"
                    issues.append(SheetIssue(row, "bock_ausloeser", code))
            except RecordError as error:
                issues.append(SheetIssue.from_error(row, error))
        counted = result is not None and not issues
        if counted:
            assert result is not None
            for each, points in result.points.items():
                totals[each] += points
        else:
            ausloeser = False
        games.append(
            SheetGame(row, seat, result, counted, dict(totals), tuple(issues), number, m, ausloeser)
        )
        all_issues.extend(issues)
        if not redeal:
            bock.consume()
            seat = seat % table_size + 1
        if ausloeser:
            bock.start()
    return SheetScore(tuple(games), dict(totals), tuple(all_issues), played, seat, tuple(bock.open))


def check_sheet(
    records: Sequence[Mapping[str, Any]],
    *,
    table_size: int,
    cycles: int = DEFAULT_CYCLES,
    options: ScoringOptions = DEFAULT_OPTIONS,
) -> list[SheetIssue]:
    """Every issue of a sheet (§1 sheet rules and each record's own refusal), in game order."""
    return list(score_sheet(records, table_size=table_size, cycles=cycles, options=options).issues)

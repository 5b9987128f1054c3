"""The score sheet as the page shows it: one row per game, like the paper list.

Built from the stored version, with the results the rules engine gave when it was saved (as
the PDF and the standings read them), or from what was typed and is not stored (after a refused
save, or for the live preview), scored by the engine with each problem attached to its row and
field. Both the organiser's desk and the captain's phone render this same object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import rules as rulesets
from rules.base import Ruleset
from rules.entry import EntrySpec
from rules.rows import PENALTY, RowRefusal
from scoring.models import Sheet, SheetVersion
from scoring.sheets.entry import (
    RowInput,
    infer_soloist,
    line_keys,
    read_rows,
    values_from_record,
)
from scoring.sheets.own_notes import own_note
from scoring.sheets.reading import expected_games, latest_version
from tournament.models import Seat


def _default() -> Ruleset:
    return rulesets.get(rulesets.DEFAULT_KEY)


def kind_label(kind: str, language: str | None = None, ruleset: Ruleset | None = None) -> str:
    """What was played as the ruleset names it ("Damensolo"), capitalised for a column."""
    return (ruleset or _default()).game_type_label(kind, language or get_language() or "de")


def entry_spec(sheet: Sheet, size: int) -> EntrySpec:
    """The entry forms of ``sheet``'s rows (its tournament's ruleset, the page's language)."""
    tournament = sheet.round.tournament
    return tournament.rules.entry_spec(size, get_language() or "de", tournament.scoring_options)


@dataclass
class SeatColumn:
    number: int
    name: str
    captain: bool = False  # keeps the list (the ruleset says which seat)


@dataclass
class RowView:
    number: int
    dealer: int
    dealer_name: str
    sitting_out: int | None
    values: dict[str, str]
    # What the row is (``rules.rows``: game, penalty, deal) and how the page names it.
    kind: str = "game"
    label: str = ""
    # The game's number in the round as the paper numbers it (``None``: a row that is no game,
    # a DDV penalty line; the rows after it keep the paper's numbers).
    game: int | str | None = None
    mode: str = "quick"
    points: dict[int, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)
    plus: list[int] = field(default_factory=list)
    value: int | None = None
    kind_label: str = ""
    breakdown: str = ""
    warnings: list[str] = field(default_factory=list)
    problems: dict[str, list[str]] = field(default_factory=dict)
    filled: bool = False
    counted: bool = False
    note: str = ""
    cells: list[dict[str, Any]] = field(default_factory=list)

    @property
    def plus_label(self) -> str:
        return " + ".join(str(seat) for seat in self.plus)

    @property
    def soloist_typed(self) -> bool:
        """Whether the row names a soloist its winners do not imply (one winner: the soloist
        won; three: the seat left over lost): only then do its extras open to show it."""
        soloist = self.values.get("soloist", "")
        if not soloist:
            return False
        winners = [int(seat) for seat in self.values.get("winners", "") if seat.isdigit()]
        implied = infer_soloist(winners, len(self.cells), self.sitting_out)
        return implied is None or str(implied) != soloist

    @property
    def has_problem(self) -> bool:
        return bool(self.problems)

    @property
    def problem_list(self) -> list[str]:
        return [message for messages in self.problems.values() for message in messages]

    @property
    def problem_lines(self) -> list[str]:
        """Each problem with where it is: "Spiel 7: …" by the paper's number, a row that is no
        game by its label ("Strafe: …", said once when the message starts with it)."""
        if self.game is not None:
            head = _("Spiel %(n)s:") % {"n": self.game}
            return [f"{head} {message}" for message in self.problem_list]
        head = f"{self.label}:"
        return [
            message if message.startswith(head) else f"{head} {message}"
            for message in self.problem_list
        ]

    def build_cells(self, seats: list[SeatColumn]) -> None:
        self.cells = [
            {
                "seat": seat.number,
                "points": self.points.get(seat.number) if self.filled else None,
                "total": self.totals.get(seat.number) if self.filled else None,
                "out": seat.number == self.sitting_out,
                "direct": self.values.get(f"p{seat.number}", ""),
            }
            for seat in seats
        ]


@dataclass
class SheetPageData:
    """What the captain's sheet page shows: seats, rows, totals and the version it rests on
    (the printed sheet is ``output.printouts.pdf_sheets.SheetPage``)."""

    sheet: Sheet
    seats: list[SeatColumn]
    rows: list[RowView]
    totals: dict[int, int]
    version: SheetVersion | None
    game_limit: int
    expected: int
    records: list[dict[str, Any]] = field(default_factory=list)
    # Games whose input was refused outright (``RowInput.refused``: JSON nested too deeply).
    refused_games: list[int] = field(default_factory=list)
    # True when the rows are what was typed (scored now), False for the stored version.
    from_input: bool = False
    # The ruleset's lines about the sheet so far (:meth:`rules.base.Ruleset.sheet_status`).
    status: tuple[str, ...] = ()

    @property
    def table_size(self) -> int:
        return len(self.seats)

    @property
    def filled_count(self) -> int:
        """The filled rows that count towards the sheet's length (a penalty line does not)."""
        return sum(1 for row in self.rows if row.filled and row.kind != PENALTY)

    @property
    def total_cells(self) -> list[dict[str, Any]]:
        return [
            {"seat": seat.number, "total": self.totals.get(seat.number, 0)} for seat in self.seats
        ]

    @property
    def warning_count(self) -> int:
        return sum(1 for row in self.rows if row.warnings)


def seat_columns(sheet: Sheet) -> list[SeatColumn]:
    seats = list(
        Seat.objects.filter(table=sheet.table).select_related("participant").order_by("number")
    )
    keeper = sheet.round.tournament.rules.list_keeper_seat(len(seats))
    return [SeatColumn(seat.number, seat.participant.name, seat.number == keeper) for seat in seats]


def field_label(field_path: str | None, spec: EntrySpec | None = None) -> str:
    """Which input of the row a record field belongs to (the ruleset's entry spec says)."""
    spec = spec or _default().entry_spec(4, get_language() or "de")
    return spec.input_of(field_path)


def input_message(
    issue: RowRefusal, language: str, ruleset: Ruleset, spec: EntrySpec | None = None
) -> str:
    """A refusal in the page's words: the input's label instead of the record's field path
    ("winners[0]" → "Sieger"), followed by what to do (both from the ruleset's entry spec)."""
    spec = spec or ruleset.entry_spec(4, language)
    where = spec.input_of(issue.field)
    head = (issue.field or "").split(".")[0].split("[")[0]
    name = spec.input_names.get(where) if where != "record" else spec.record_names.get(head)
    message = ruleset.refusal_message(issue, language, name or issue.field)
    advice = spec.advice.get(where)
    if advice and "bitte" not in message.lower():
        message = f"{message.rstrip('.')}. {advice}"
    return message


# ``build_page``'s default: read the latest version.
LATEST = object()


def build_page(
    sheet: Sheet, data: Mapping[str, str] | None = None, *, version: Any = LATEST
) -> SheetPageData:
    """The page for ``sheet``: from submitted form ``data`` if given (scored by the rules engine),
    else the latest version as stored (the engine's results written when it was saved).
    ``version``: the latest version (or None) when the caller has read it already."""
    tournament = sheet.round.tournament
    seats = seat_columns(sheet)
    size = len(seats)
    limit = tournament.sheet_length(size)
    expected = expected_games(sheet, size)
    if version is LATEST:
        version = latest_version(sheet)
    if data is not None:
        inputs = read_rows(
            data,
            size,
            limit,
            tournament.rules,
            tournament.scoring_options,
            time_up_after=sheet.time_up_after,
        )
        return score_inputs(sheet, seats, inputs, version=version, limit=limit, expected=expected)
    return stored_page(sheet, seats, version, limit=limit, expected=expected)


def stored_page(
    sheet: Sheet,
    seats: list[SeatColumn],
    version: SheetVersion | None,
    *,
    limit: int,
    expected: int,
) -> SheetPageData:
    """The saved games of ``version`` with the results stored with them, as the PDF and the
    standings show them: nothing is scored again, so screen and paper cannot disagree after a
    change of the engine."""
    size = len(seats)
    language = get_language() or "de"
    names = {seat.number: seat.name for seat in seats}
    games = list(version.games.order_by("number")) if version is not None else []
    totals = dict.fromkeys(range(1, size + 1), 0)
    filled: list[RowView] = []
    ruleset, options = sheet.round.tournament.rules, sheet.round.tournament.scoring_options
    spec = ruleset.entry_spec(size, language, options)
    lines = line_keys(spec)
    prior = [game.record for game in games]
    for index, game in enumerate(games):
        view = _blank_row(ruleset, index + 1, size, names, prior, language, options)
        view.kind = ruleset.row_kind(game.record)
        view.label = ruleset.row_label(index + 1, game.record, prior[:index], language)
        values = values_from_record(game.record, game.plus, game.value, spec.solo_kinds, spec)
        row = RowInput(game.number, size, values, record=dict(game.record), line_keys=lines)
        view.values = values
        view.mode = row.mode
        view.filled = True
        view.points = {int(seat): points for seat, points in game.points.items()}
        view.plus = list(game.plus)
        view.value = game.value
        view.kind_label = (
            ruleset.game_type_label(game.kind, language)
            if game.kind and view.kind != PENALTY
            else ""
        )
        view.breakdown = breakdown_labels(game.breakdown, language, ruleset)
        view.warnings = [ruleset.warning_message(code, language) for code in game.warnings]
        view.note = _row_note(row, names, spec.solo_kinds, spec)
        view.counted = True
        for seat, points in view.points.items():
            totals[seat] = totals.get(seat, 0) + points
        view.totals = dict(totals)
        filled.append(view)
    return _page(
        sheet,
        seats,
        filled,
        totals=totals,
        version=version,
        limit=limit,
        expected=expected,
        records=[dict(game.record) for game in games],
    )


def score_inputs(
    sheet: Sheet,
    seats: list[SeatColumn],
    inputs: list[RowInput],
    *,
    version: SheetVersion | None,
    limit: int,
    expected: int,
) -> SheetPageData:
    """Rows as typed (not stored), scored by the rules engine: a refused save shown again, or
    the live preview."""
    tournament = sheet.round.tournament
    size = len(seats)
    language = get_language() or "de"
    names = {seat.number: seat.name for seat in seats}
    records = [row.record if row.record is not None else {} for row in inputs]
    ruleset, options = tournament.rules, tournament.scoring_options
    spec = ruleset.entry_spec(size, language, options)
    scored = ruleset.score_sheet(
        records,
        size,
        tournament.cycles,
        options,
        language,
        time_up_after=sheet.time_up_after,
    )
    filled: list[RowView] = []
    for row, result in zip(inputs, scored.rows, strict=True):
        view = _blank_row(ruleset, row.number, size, names, records, language, options)
        view.kind = result.kind
        view.label = result.label or view.label
        view.values = row.values
        view.mode = row.mode
        view.filled = True
        for key, message in row.problems:
            view.problems.setdefault(key, []).append(message)
        if not row.problems:
            for issue in result.refusals:
                view.problems.setdefault(spec.input_of(issue.field), []).append(
                    input_message(issue, language, ruleset, spec)
                )
        if not result.refused and not row.problems:
            view.points = dict(result.points)
            view.plus = list(result.plus)
            view.value = result.value
            if view.kind != PENALTY:
                view.kind_label = ruleset.game_type_label(result.game_type, language)
            view.breakdown = breakdown_labels(result.breakdown, language, ruleset)
            view.warnings = [warning.message for warning in result.warnings]
        view.note = _row_note(row, names, spec.solo_kinds, spec)
        view.counted = result.counted and not row.problems
        view.totals = dict(result.totals)
        filled.append(view)
    page = _page(
        sheet,
        seats,
        filled,
        totals=dict(scored.totals),
        version=version,
        limit=limit,
        expected=expected,
        records=[row.record for row in inputs if row.record is not None],
    )
    page.refused_games = [row.number for row in inputs if row.refused]
    page.from_input = True
    return page


def _blank_row(
    ruleset: Ruleset,
    number: int,
    size: int,
    names: Mapping[int, str],
    rows_before: Sequence[Mapping[str, Any]],
    language: str,
    options: Any = None,
) -> RowView:
    """Row ``number`` unentered: dealer, sitter and label from the rows before it and options."""
    seat = ruleset.dealer(number, size, rows_before[: number - 1], options)
    return RowView(
        number=number,
        dealer=seat,
        dealer_name=names.get(seat, ""),
        sitting_out=ruleset.sitter(number, size, rows_before[: number - 1], options),
        values={},
        label=ruleset.row_label(number, None, rows_before[: number - 1], language),
    )


def _page(
    sheet: Sheet,
    seats: list[SeatColumn],
    filled: list[RowView],
    *,
    totals: dict[int, int],
    version: SheetVersion | None,
    limit: int,
    expected: int,
    records: list[dict[str, Any]],
) -> SheetPageData:
    """The filled rows followed by blank ones until the sheet's length is reached (rows that do
    not count towards it, penalty lines, come on top)."""
    names = {seat.number: seat.name for seat in seats}
    ruleset, options = sheet.round.tournament.rules, sheet.round.tournament.scoring_options
    rows = [*filled]
    language = get_language() or "de"
    played = sum(1 for row in filled if row.kind != PENALTY)
    for number in range(len(filled) + 1, len(filled) + max(limit - played, 0) + 1):
        # A blank row is a game still to come: the ones before it count as games too.
        before = [*records, *({} for _ in range(number - len(filled) - 1))]
        rows.append(_blank_row(ruleset, number, len(seats), names, before, language, options))
    played = 0
    for row in rows:
        if row.kind != PENALTY:
            played += 1
            row.game = played
        row.build_cells(seats)
    return SheetPageData(
        sheet=sheet,
        seats=seats,
        rows=rows,
        totals=totals,
        version=version,
        game_limit=limit,
        expected=expected,
        records=records,
        status=ruleset.sheet_status(
            records,
            len(seats),
            options,
            language,
            names,
            time_up_after=sheet.time_up_after,
        ),
    )


def _row_note(
    row: RowInput,
    names: Mapping[int, str],
    solo_kinds: Sequence[str] = (),
    spec: EntrySpec | None = None,
) -> str:
    """What the row's numbers alone do not say: who revoked, who played alone, how entered,
    and what the ruleset's own inputs say (``spec``: DDV's Pflichtsolo, its penalty line)."""
    record = row.record or {}

    def who(seat: Any) -> str:
        return f"{seat} {names.get(seat, '')}".strip()

    base = _base_note(record, who, solo_kinds)
    own = own_note(record, spec, who) if spec is not None else ""
    return " · ".join(part for part in (base, own) if part)


def _base_note(
    record: Mapping[str, Any], who: Callable[[Any], str], solo_kinds: Sequence[str]
) -> str:
    if record.get("revoke"):
        return _("verworfen von %(player)s") % {"player": who(record["revoke"].get("offender"))}
    if "points" in record:
        return _("Punkte direkt eingetragen")
    soloists = record.get("re") or []
    if record.get("kind") in solo_kinds and len(soloists) == 1:
        return _("Solospieler %(player)s") % {"player": who(soloists[0])}
    return ""


def breakdown_labels(
    items: Iterable[Sequence[Any]], language: str | None = None, ruleset: Ruleset | None = None
) -> str:
    """ "120 +1, Re +1, Fuchs gefangen −1": the value's items as on the rule sheet; ``items`` are
    (label key, points) pairs, from a result or as stored with a game; the ruleset (the default
    one when not given) names the keys."""
    language = language or get_language() or "de"
    ruleset = ruleset or _default()
    return ", ".join(
        f"{ruleset.breakdown_label(key, language)} {points:+d}" for key, points in items
    )

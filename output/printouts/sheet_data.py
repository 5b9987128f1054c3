"""The data printed on one table's score sheet: seats, the ruleset's printed sheet (columns,
dealers, legend: ``rules.printing``), games filled in so far."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import rules as rulesets
from rules.base import Ruleset
from rules.printing import PrintedSheet
from scoring.models import Game, Sheet, SheetVersion
from scoring.sheets.links import captain_url, code_entry_url
from scoring.sheets.reading import latest_versions
from scoring.sheets.words import sheet_words_context
from tournament.models import Round, Tournament

# ---------------------------------------------------------------------------- data


@dataclass
class SheetRow:
    """What is printed in one line when rows are filled in: the ruleset's cells by column key
    (:meth:`rules.base.Ruleset.sheet_cells`), each seat's points and running total."""

    cells: dict[str, str] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)


@dataclass
class TableSheet:
    number: int
    seats: list[tuple[int, str]]  # (seat number, name) in seat order
    url: str | None  # None when the captain's link is revoked
    games: int
    rows: dict[int, SheetRow] = field(default_factory=dict)  # row number -> entered values
    final_row: int | None = None  # the row whose running totals are the total line's
    note: str = ""  # which stored version the filled rows come from
    spare: bool = False  # a blank sheet without names, for a spoilt one (number 0)
    code: str = ""  # the short code for typing by hand ("KD7R-M2QX"), "" when revoked
    code_url: str = ""  # where it is typed: the captain links' folder ("http://…/e/")
    rules: Ruleset | None = None  # the tournament's ruleset (translates the texts of ``printed``)
    spec: PrintedSheet | None = None  # what the ruleset prints (``printed``)

    def __post_init__(self) -> None:
        if self.rules is None:  # built without a tournament (tests): the default ruleset
            self.rules = rulesets.get(rulesets.DEFAULT_KEY)

    @property
    def printed(self) -> PrintedSheet:
        """What the ruleset prints: columns, rows with dealer and sitter, legend; without a
        tournament's answer (tests) the default ruleset's blank sheet."""
        if self.spec is None:
            options = self.rules.options()
            self.spec = self.rules.printed_sheet(self.size, self.games, options)
        return self.spec

    @property
    def size(self) -> int:
        return len(self.seats)


def _print_spec(sheet: TableSheet, tournament: Tournament, rows: Sequence[Game] = ()) -> None:
    """Ask the tournament's ruleset what this sheet prints; dealers and sitters derive from the
    rows entered (``rows``; none on a blank sheet)."""
    sheet.rules = tournament.rules
    sheet.spec = sheet.rules.printed_sheet(
        sheet.size,
        sheet.games,
        tournament.scoring_options,
        [game.record for game in rows],
        get_language() or "de",
    )


def _filled_rows(ruleset: Ruleset, games: Sequence[Game]) -> dict[int, SheetRow]:
    rows: dict[int, SheetRow] = {}
    running: dict[int, int] = {}
    lang = get_language() or "de"
    for game in games:
        points = {int(seat): int(value) for seat, value in game.points.items()}
        for seat, value in points.items():
            running[seat] = running.get(seat, 0) + value
        result = {
            "points": points,
            "plus": list(game.plus),
            "value": game.value,
            "winner": game.winner,
            "kind": game.kind,
            "breakdown": game.breakdown,
        }
        rows[game.number] = SheetRow(
            cells=ruleset.sheet_cells(game.record, result, lang),
            points=points,
            totals=dict(running),
        )
    return rows


def spare_sheet(size: int, tournament: Tournament) -> TableSheet:
    """A blank sheet for a table of ``size`` players: no names, no link, the number left to
    write in."""
    sheet = TableSheet(
        number=0,
        seats=[(seat, "") for seat in range(1, size + 1)],
        url=None,
        games=tournament.sheet_length(size),
        spare=True,
    )
    _print_spec(sheet, tournament)
    return sheet


def table_sheets(round_: Round, base_url: str, *, with_games: bool = False) -> list[TableSheet]:
    """The data of every table's sheet; pass a round from ``round_with_seating``."""
    tournament = round_.tournament
    latest = latest_versions(round_, with_games=True) if with_games else {}
    sheets = []
    for table in round_.tables.all():
        # A substituted seat names everyone who played in it ("A, ab Spiel 9: B").
        seats = [(seat.number, seat.occupants_label) for seat in table.seat_list()]
        stored = getattr(table, "sheet", None)  # none before the round is released
        stopped = stored.closed_after_game if stored is not None else None
        sheet = TableSheet(
            number=table.number,
            seats=seats,
            url=None if table.token_revoked else captain_url(table.entry_token, base_url),
            games=stopped or tournament.sheet_length(len(seats)),
            code="" if table.token_revoked else table.short_code_display,
            code_url=code_entry_url(base_url),
        )
        games = _fill_from_version(sheet, tournament, latest.get(table.pk)) if with_games else []
        _print_spec(sheet, tournament, games)
        sheets.append(sheet)
    return sheets


def _fill_from_version(
    sheet: TableSheet, tournament: Tournament, version: SheetVersion | None
) -> list[Game]:
    """Fill in the rows of ``version``; they, in order. The total line shows the running
    totals once the rows played fill the sheet (penalty lines are no games)."""
    if version is None:
        sheet.note = _("noch keine Spiele erfasst")
        return []
    games = list(version.games.all())
    sheet.rows = _filled_rows(tournament.rules, games)
    played = tournament.rules.played_rows(
        [game.record for game in games], tournament.scoring_options
    )
    if games and (played >= sheet.games or version.confirmed):
        # A confirmed sheet is complete, also one whose round ended or was stopped early.
        sheet.final_row = games[-1].number
    if not version.confirmed:
        state = _("nicht bestätigt")
    elif version.sheet.status == Sheet.Status.CONFIRMED:
        state = _("bestätigt")
    else:  # reopened: this version still counts until the sheet is confirmed again
        state = _("bestätigt, wieder geöffnet")
    sheet.note = _("erfasst: Version %(number)d, %(state)s") % {
        "number": version.number,
        "state": state,
    }
    stopped = sheet_words_context(version.sheet, sheet.games, tournament.rules)["time_up_head"]
    if stopped:  # in the ruleset's words, as the sheet pages say it
        sheet.note += " · " + stopped
    return games

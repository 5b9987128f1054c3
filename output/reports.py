"""Reports: what a printout or spreadsheet shows, as a header and rows, without a file format.

A :class:`Report` is a title, typed columns and rows of plain values (``str``, ``int``, ``bool``
or ``None``). The XLSX renderer writes any report; the PDF printouts render the same rows where
a table is what they show (seating, standings). Column kinds tell renderers how to show a value:

- ``text``: typed by a person (names, clubs) or made up of labels; never a formula.
- ``int``: a number; Excel gets a number, not a string.
- ``bool``: yes/no; Excel gets TRUE/FALSE (shown as WAHR/FALSCH in German Excel).
- ``rank``: a place, stored as a number; printed as "3." (shared places print twice).
- ``money``: integer cents; printed as "12,50 €", Excel gets euros as a number in € format.

The spreadsheet of games comes in two layouts (``games_rows`` and ``game_points_rows``), see
their docstrings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import get_language, gettext_noop, pgettext
from django.utils.translation import gettext as _

from rules.entry import EntryField, EntrySpec
from rules.rows import PENALTY
from scoring.models import Game, ScoreLine, SheetVersion
from scoring.sheets.page import breakdown_labels, kind_label
from scoring.standings import columns
from scoring.standings.ranking import StandingRow, Standings
from tournament.fees.money import euros
from tournament.models import Round, Seat, Tournament
from tournament.normalize import name_sort_key
from tournament.participants.surname import surname_sort_key

TEXT = "text"
INT = "int"
BOOL = "bool"
RANK = "rank"
MONEY = "money"

MAX_SEATS = 5

METHOD_LABELS = {
    "calculator": gettext_noop("Rechner"),
    "quick_entry": gettext_noop("Schnelleingabe"),
    "direct_points": gettext_noop("Punkte direkt"),
    "revoke": gettext_noop("Verworfen"),
    "deal": gettext_noop("Stiche"),  # a count-down deal: trump, tricks, drop-outs
}

PARTY_LABELS = {"re": gettext_noop("Re"), "kontra": gettext_noop("Kontra")}


@dataclass(frozen=True)
class ReportColumn:
    """A report's column: header, kind of value, width (what a standings column shows is
    ``scoring.standings.columns.StandingsColumn``)."""

    label: str
    kind: str = TEXT
    width: int = 10  # minimum width in characters (Excel); PDFs choose their own


@dataclass(frozen=True)
class Report:
    title: str
    columns: tuple[ReportColumn, ...]
    rows: tuple[tuple[Any, ...], ...]

    @property
    def header(self) -> list[str]:
        return [column.label for column in self.columns]

    def __iter__(self) -> Iterator[list[Any]]:
        """Header first, then every row: the report as the rows a CSV writer would take."""
        yield self.header
        yield from (list(row) for row in self.rows)


def display(value: Any, kind: str) -> str:
    """A value as printed text: places as "3.", yes as "ja", −5 with a minus sign, None as ""."""
    if value is None:
        return ""
    if kind == RANK:
        return f"{value}."
    if kind == BOOL:
        return _("ja") if value else ""
    if kind == MONEY:
        return euros(int(value))
    if kind == INT and isinstance(value, int) and value < 0:
        return f"−{-value}"  # a real minus sign, as wide as the plus
    return str(value)


# ---------------------------------------------------------------------------- participants


def name_order_key(tournament: Tournament) -> Callable[[str], Any]:
    """The key of a list by name, as the tournament's setting says: the name as typed
    (DIN 5007-1), or by surname (``tournament.participants.surname``)."""
    if tournament.name_order == Tournament.NameOrder.SURNAME:
        return surname_sort_key
    return name_sort_key


def participants_rows(tournament: Tournament) -> Report:
    """Everyone registered, in name order (the tournament's ``name_order``), with check-in and
    withdrawal."""
    key = name_order_key(tournament)
    participants = sorted(
        tournament.participants.values_list("name", "club", "checked_in", "withdrawn"),
        key=lambda row: key(row[0]),
    )
    return Report(
        title=_("Teilnehmer"),
        columns=(
            ReportColumn(_("Name"), TEXT, 24),
            ReportColumn(_("Verein"), TEXT, 20),
            ReportColumn(_("anwesend"), BOOL, 10),
            ReportColumn(_("abgemeldet"), BOOL, 11),
        ),
        rows=tuple(tuple(row) for row in participants),
    )


# ---------------------------------------------------------------------------- seating


def seating_rows(round_: Round, *, order: str = "table") -> Report:
    """Who sits where in a round: by table and seat (``order="table"``) or by name (as the
    tournament's ``name_order`` says).

    Pass a round from ``round_with_seating`` so that tables and seats are prefetched.
    """
    rows = [
        (
            table.number,
            seat.number,
            seat.participant.name,
            seat.participant.club,
            seat.is_captain,
        )
        for table in round_.tables.all()
        for seat in table.seats.all()
    ]
    if order == "name":
        key = name_order_key(round_.tournament)
        rows.sort(key=lambda row: (key(row[2]), row[0], row[1]))
        columns = (
            ReportColumn(_("Name"), TEXT, 24),
            ReportColumn(_("Verein"), TEXT, 20),
            ReportColumn(_("Tisch"), INT, 7),
            ReportColumn(pgettext("seat", "Platz"), INT, 7),
            ReportColumn(_("Listenführer"), BOOL, 12),
        )
        rows = [(name, club, table, seat, captain) for table, seat, name, club, captain in rows]
        title = _("Sitzordnung D%(number)d nach Namen") % {"number": round_.number}
    else:
        rows.sort(key=lambda row: (row[0], row[1]))
        columns = (
            ReportColumn(_("Tisch"), INT, 7),
            ReportColumn(pgettext("seat", "Platz"), INT, 7),
            ReportColumn(_("Name"), TEXT, 24),
            ReportColumn(_("Verein"), TEXT, 20),
            ReportColumn(_("Listenführer"), BOOL, 12),
        )
        title = _("Sitzordnung D%(number)d nach Tischen") % {"number": round_.number}
    return Report(title=title, columns=columns, rows=tuple(rows))


# ---------------------------------------------------------------------------- standings


STANDINGS_KINDS = {columns.RANK: RANK, columns.INT: INT, columns.DECIMAL: INT, columns.TEXT: TEXT}


def standings_rows(standings: Standings, surface: str = columns.XLSX) -> Report:
    """The standings after a round as ``surface`` (workbook or printout) shows them: place,
    player and the ruleset's columns (``scoring.standings.columns``).
    """
    fields = columns.fields(
        surface,
        standings.round_numbers,
        standings.tournament.rules,
        standings.tournament.standings_format,
    )
    # Print shows a decimal as the pages do ("12,5"); the workbook keeps the number.
    printed = surface != columns.XLSX
    report_columns = tuple(
        ReportColumn(
            field.header,
            TEXT
            if printed and field.column.kind == columns.DECIMAL
            else STANDINGS_KINDS[field.column.kind],
            field.column.width,
        )
        for field in fields
    )
    rows = tuple(
        tuple(_standings_value(field, row, printed) for field in fields) for row in standings.rows
    )
    title = _("Stand nach Durchgang %(number)d") % {"number": standings.after_round}
    return Report(title=title, columns=report_columns, rows=rows)


def _standings_value(field: columns.Field, row: StandingRow, printed: bool) -> Any:
    """A standings cell of a report: no place (rank 0) is empty, a decimal printed as shown."""
    value = field.value(row)
    if field.column.kind == columns.RANK and not value:
        return None
    if printed and field.column.kind == columns.DECIMAL:
        return columns.shown(field, row)
    return value


# ---------------------------------------------------------------------------- games


@dataclass(frozen=True)
class _ConfirmedGame:
    round: int
    table: int
    size: int
    names: dict[int, str]
    game: Game
    dealer: int  # the seat that dealt it, from the rows before (the ruleset's rule)
    number: int | None  # the game's number in the round, as the paper has it; None: no game
    label: str  # how the sheet names the row ("Spiel 7", "Strafe")


def _confirmed_games(tournament: Tournament) -> list[_ConfirmedGame]:
    """Every row of every confirmed sheet, in round, table and row order (three queries)."""
    versions = (
        SheetVersion.objects.filter(sheet__round__tournament=tournament, confirmed=True)
        .select_related("sheet__round", "sheet__table")
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))
        .order_by("sheet__round__number", "sheet__table__number")
    )
    names: dict[int, dict[int, str]] = defaultdict(dict)
    seats = Seat.objects.filter(round__tournament=tournament).select_related("participant")
    for seat in seats:
        names[seat.table_id][seat.number] = seat.participant.name
    ruleset, options = tournament.rules, tournament.scoring_options
    language = get_language() or "de"
    confirmed = []
    for version in versions:
        table_names = names[version.sheet.table_id]
        games = list(version.games.all())
        records = [game.record for game in games]
        played = 0
        for index, game in enumerate(games):
            is_game = ruleset.row_kind(game.record) != PENALTY
            played += is_game
            confirmed.append(
                _ConfirmedGame(
                    round=version.sheet.round.number,
                    table=version.sheet.table.number,
                    size=len(table_names),
                    names=table_names,
                    game=game,
                    dealer=ruleset.dealer(game.number, len(table_names), records[:index], options),
                    number=played if is_game else None,
                    label=ruleset.row_label(game.number, game.record, records[:index], language),
                )
            )
    return confirmed


def _record_columns(spec: EntrySpec) -> list[EntryField]:
    """The ruleset's own inputs of a game kept in its record (DDV's Pflicht/Lust/Vorführung,
    its Klärungsstich): a column each; not a line form's (the penalty line says itself)."""
    lines = {field.name for form in spec.line_forms() for field in form.fields}
    return [
        field
        for field in spec.recorded_fields()
        if field.name not in lines and "." not in field.record_path
    ]


def _recorded(field: EntryField, record: dict[str, Any]) -> str | int | None:
    value = record.get(field.record_path)
    if value is None or value == "":
        return None
    return dict(field.choices).get(str(value), value) if field.choices else value


def games_rows(tournament: Tournament) -> Report:
    """Every row of every confirmed sheet, one per line of the paper sheet, in the ruleset's
    words.

    Layout for filtering: fixed columns (round, table, game — the game's number in the round as
    the paper has it, empty for a line that is no game such as a DDV penalty line —, dealer,
    kind — the ruleset's name, "Strafe" for a penalty line —, entry, winners' seats, winning
    party, value, soloist, who sat out, the ruleset's own inputs such as DDV's
    Pflicht/Lust/Vorführung), then a name and a points column for seats 1 to 5 (seat 5 stays
    empty at four-player tables), then the scoring breakdown. Filter "Tisch" or "Spielart" to
    find games; for one player's games use ``game_points_rows``.
    """
    ruleset = tournament.rules
    language = get_language() or "de"
    spec = ruleset.entry_spec(4, language)
    own = _record_columns(spec)
    seat_columns: list[ReportColumn] = []
    for seat in range(1, MAX_SEATS + 1):
        seat_columns.append(ReportColumn(_("Platz %(seat)d Name") % {"seat": seat}, TEXT, 18))
        seat_columns.append(ReportColumn(_("Platz %(seat)d Punkte") % {"seat": seat}, INT, 10))
    columns = (
        ReportColumn(_("Durchgang"), INT, 11),
        ReportColumn(_("Tisch"), INT, 7),
        ReportColumn(_("Spiel"), INT, 7),
        ReportColumn(_("Geber"), TEXT, 18),
        ReportColumn(_("Spielart"), TEXT, 14),
        ReportColumn(_("Eingabe"), TEXT, 14),
        ReportColumn(_("Sieger (Plätze)"), TEXT, 14),
        ReportColumn(_("Siegerpartei"), TEXT, 12),
        ReportColumn(_("Wert"), INT, 7),
        ReportColumn(_("Solist"), TEXT, 18),
        ReportColumn(_("setzt aus"), TEXT, 18),
        *(ReportColumn(field.label, TEXT, 14) for field in own),
        *seat_columns,
        ReportColumn(_("Wertung"), TEXT, 30),
    )
    rows = []
    for item in _confirmed_games(tournament):
        game = item.game
        sitting_out = game.record.get("sitting_out") if item.size == 5 else None
        points: list[Any] = []
        for seat in range(1, MAX_SEATS + 1):
            if seat in item.names:
                points += [item.names[seat], int(game.points.get(str(seat), 0))]
            else:
                points += [None, None]
        if item.number is None:
            kind = item.label
        else:
            kind = kind_label(game.kind, language, ruleset) if game.kind else ""
        rows.append(
            (
                item.round,
                item.table,
                item.number,
                item.names.get(item.dealer, ""),
                kind,
                _method_label(game.method, spec),
                " + ".join(str(seat) for seat in game.plus),
                _(PARTY_LABELS[game.winner]) if game.winner in PARTY_LABELS else "",
                game.value,
                item.names.get(game.soloist, "") if game.soloist else "",
                item.names.get(sitting_out, "") if sitting_out else "",
                *(_recorded(field, game.record) for field in own),
                *points,
                breakdown_labels(game.breakdown, language, ruleset),
            )
        )
    report = Report(title=_("Spiele"), columns=columns, rows=tuple(rows))
    return select_columns(report, _kept(tournament, report, ("Siegerpartei", "Wert", "Solist")))


def _method_label(method: str, spec: EntrySpec) -> str:
    """How a row was entered: the house rules' stored names, else the ruleset's entry form of
    that key ("Schnelleingabe", "Strafe")."""
    if method in METHOD_LABELS:
        return _(METHOD_LABELS[method])
    form = spec.form(method)
    return form.label if form is not None and form.label else method


def _kept(tournament: Tournament, report: Report, optional: Sequence[str]) -> list[int]:
    """The columns of ``report`` to keep: the ``optional`` ones (German labels: winning party,
    value, soloist, solo) only where the tournament's ruleset has such a thing to enter (the
    count-down games have none of them)."""
    spec = tournament.rules.entry_spec(4)
    has = {
        "Siegerpartei": bool(spec.parties),
        "Wert": spec.field("value") is not None,
        "Solist": bool(spec.solo_kinds),
        "Solo": bool(spec.solo_kinds),
    }
    dropped = {_(label) for label in optional if not has[label]}
    return [index for index, column in enumerate(report.columns) if column.label not in dropped]


def game_points_rows(tournament: Tournament) -> Report:
    """The points of every player in every counted game, one row per player and game.

    The long layout for pivot tables and for filtering one player: the score lines that the
    standings add up (the sitting-out dealer of a five-player table has none for that game).
    """
    lines = (
        ScoreLine.objects.filter(round__tournament=tournament)
        .order_by("round__number", "sheet__table__number", "game_number", "seat")
        .values_list(
            "round__number",
            "sheet__table__number",
            "game_number",
            "seat",
            "participant__name",
            "participant__club",
            "points",
            "won",
            "soloist",
        )
    )
    columns = (
        ReportColumn(_("Durchgang"), INT, 11),
        ReportColumn(_("Tisch"), INT, 7),
        ReportColumn(_("Spiel"), INT, 7),
        ReportColumn(pgettext("seat", "Platz"), INT, 7),
        ReportColumn(_("Name"), TEXT, 24),
        ReportColumn(_("Verein"), TEXT, 20),
        ReportColumn(_("Punkte"), INT, 8),
        ReportColumn(_("gewonnen"), BOOL, 10),
        ReportColumn(_("Solo"), BOOL, 7),
    )
    report = Report(title=_("Punkte je Spieler"), columns=columns, rows=tuple(lines))
    return select_columns(report, _kept(tournament, report, ("Solo",)))


def select_columns(report: Report, indexes: Sequence[int]) -> Report:
    """The same report with only some columns, e.g. for a narrower printout."""
    return Report(
        title=report.title,
        columns=tuple(report.columns[i] for i in indexes),
        rows=tuple(tuple(row[i] for i in indexes) for row in report.rows),
    )

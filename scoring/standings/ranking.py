"""Standings (Tabelle): who leads after round N.

Metrics are added up in SQL from the score lines of confirmed sheets, so the page costs the
same few queries for 20 or 400 players. The order is decided by ``TIE_BREAKERS``, the one
place that says how ties are broken; players equal on all of them share a place ("3." twice,
then "5.").

"Stand nach Durchgang N" names the last round with a confirmed sheet: a round released but not
played yet does not show as a column of zeros. A sheet reopened for a correction keeps counting
with its last confirmed version until it is confirmed again (its players do not drop to 0 on
the public table meanwhile), and is open again. ``Standings.open_sheets`` says how many sheets
of the round in play are not confirmed yet ("Durchgang 3: 3 von 10 Listen noch offen").

Every consumer (tables on screen, projector, PDF, Excel, JSON API, round-two seating) renders
the same ``StandingRow`` objects, in the columns defined once in ``scoring.standings.columns``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import astuple, dataclass, fields, replace
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.db.models import Count, Exists, OuterRef, Q, Sum
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.rows import PENALTY
from rules.standings import AVERAGE, FORMAT_METRIC, SUM, TABLE_POINTS, table_points
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from tournament.models import Participant, Round, Seat, Tournament
from tournament.normalize import name_sort_key
from tournament.privacy.names import public_names
from tournament.ruleset_texts import said

PODIUM = 3  # places 1 to 3
UNPLACED = 1_000_000  # where a row without a place sorts among the places


@dataclass(frozen=True)
class StandingRow:
    participant_id: int
    name: str
    club: str
    withdrawn: bool
    rounds: tuple[int, ...]  # points in round 1 .. after_round
    total: int
    games_won: int  # games with plus points
    games_played: int
    solos: int  # games played as soloist (every kind with one Re seat)
    rank: int = 0
    shared_rank: bool = False
    public_id: str = ""  # the player page's address (never the pk, which can be counted)
    rest: int = 0  # count-down Restpunkte: the final scores of the counted Parties (fewer: better)
    parties: int = 0  # count-down Partien gespielt (counted ones)
    table_points: int = 0  # Tischpunkte: points by place at each table and round
    rounds_played: int = 0  # rounds with a confirmed line of the player's

    @property
    def average(self) -> float:
        """Schnitt je Durchgang: the points per round played, to one decimal place as shown
        (the ranking compares the exact quotient, :func:`exact_average`)."""
        return round(exact_average(self), 1)

    @property
    def on_podium(self) -> bool:
        """Places 1 to 3, shared places included: tinted on the projector and in the PDF,
        certificates for them."""
        return 1 <= self.rank <= PODIUM

    @property
    def place_order(self) -> int:
        """The place as the pages sort it: no place (rank 0) after every place."""
        return self.rank or UNPLACED

    @property
    def latest_round(self) -> int:
        return self.rounds[-1] if self.rounds else 0


def exact_average(row: StandingRow) -> float:
    """The points per round played (0 before a round is played)."""
    return row.total / row.rounds_played if row.rounds_played else 0.0


@dataclass(frozen=True)
class TieBreaker:
    key: str
    label: Promise | str
    value: Callable[[StandingRow], int]


# Ordered: the first decides, each next one only among players equal on all before it.
TIE_BREAKERS: tuple[TieBreaker, ...] = (
    TieBreaker("total", _("Punkte insgesamt"), lambda row: row.total),
    TieBreaker("games_won", _("gewonnene Spiele (mit Pluspunkten)"), lambda row: row.games_won),
    TieBreaker("latest_round", _("Punkte im letzten Durchgang"), lambda row: row.latest_round),
    # Restpunkte: fewer is better, so the higher-is-better value is their negative.
    TieBreaker("rest", _("Restpunkte (weniger ist besser)"), lambda row: -row.rest),
    TieBreaker("table_points", _("Tischpunkte"), lambda row: row.table_points),
    TieBreaker("average", _("Schnitt je Durchgang"), exact_average),
)


BREAKER_BY_METRIC = {breaker.key: breaker for breaker in TIE_BREAKERS}


def tie_breakers(tournament: Tournament) -> tuple[TieBreaker, ...]:
    """The tie-breakers in the order the tournament's ruleset ranks by, named as the ruleset
    names its metrics (in the language active where the label is shown)."""
    ruleset = tournament.rules
    names = ruleset.rules_texts().metrics
    order = ruleset.standings_order()
    # The sum of points is the ruleset's own order; another format ranks by its figure first.
    if tournament.standings_format != SUM:
        metric = FORMAT_METRIC[tournament.standings_format]
        order = (metric, *(key for key in order if key != metric))
    return tuple(
        replace(BREAKER_BY_METRIC[key], label=said(ruleset, names[key]))
        if key in names
        else BREAKER_BY_METRIC[key]
        for key in order
    )


def rank_evening(tournament: Tournament, rows: Iterable[StandingRow]) -> list[StandingRow]:
    """``rows`` ranked as the tournament's evening format ranks them: by its tie-breakers; under
    Schnitt je Durchgang, who played fewer rounds than the minimum follows the ranked players,
    in the same order, without a place (rank 0)."""
    breakers = tie_breakers(tournament)
    rows = list(rows)
    if tournament.standings_format != AVERAGE:
        return rank_rows(rows, breakers)
    minimum = tournament.average_min_rounds
    ranked = rank_rows((row for row in rows if row.rounds_played >= minimum), breakers)
    below = rank_rows((row for row in rows if row.rounds_played < minimum), breakers)
    return [*ranked, *(replace(row, rank=0, shared_rank=False) for row in below)]


def tie_lead(tournament: Tournament) -> Promise:
    """What the tie-break note says before the tie-breakers ("Bei Punktgleichheit
    entscheiden:"), as the tournament's ruleset says it."""
    ruleset = tournament.rules
    lead = FORMAT_TIE_LEADS.get(tournament.standings_format)
    return lead if lead is not None else said(ruleset, ruleset.rules_texts().tie_lead)


# The tie-break lead of an evening format that does not rank by the sum of points.
FORMAT_TIE_LEADS = {
    TABLE_POINTS: _("Bei gleichen Tischpunkten entscheiden:"),
    AVERAGE: _("Bei gleichem Schnitt entscheiden:"),
}


def sort_key(row: StandingRow, breakers: tuple[TieBreaker, ...] = TIE_BREAKERS) -> tuple[int, ...]:
    """Higher is better on every tie-breaker."""
    return tuple(breaker.value(row) for breaker in breakers)


@dataclass(frozen=True)
class OpenSheets:
    """The sheets of a round not confirmed yet (a reopened one among them keeps counting its
    last confirmed version until then)."""

    round: int
    open: int
    total: int

    @property
    def label(self) -> str:
        return gettext("Durchgang %(number)d: %(open)d von %(total)d Listen noch offen") % {
            "number": self.round,
            "open": self.open,
            "total": self.total,
        }


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    after_round: int  # the last round with a confirmed sheet (0: none yet)
    rows: tuple[StandingRow, ...]
    open_sheets: OpenSheets | None = None  # the round in play, if some of its sheets are open

    @property
    def round_numbers(self) -> range:
        return range(1, self.after_round + 1)


def latest_round_number(tournament: Tournament) -> int:
    """The last round that has been released (0 before the first release)."""
    numbers = Round.objects.filter(tournament=tournament).visible()
    return numbers.order_by("-number").values_list("number", flat=True).first() or 0


def sheet_counts(
    tournament: Tournament, after_round: int | None
) -> dict[int, tuple[int, int, int]]:
    """Round number -> (sheets, confirmed sheets, counted sheets) of the released rounds up to
    ``after_round`` (all released rounds if None); one query. A counted sheet has a confirmed
    version whose score lines count: confirmed, or reopened and keeping its last confirmed
    result until it is confirmed again."""
    sheets = Sheet.objects.filter(round__tournament=tournament).filter(
        Round.visible_condition("round__")
    )
    if after_round is not None:
        sheets = sheets.filter(round__number__lte=after_round)
    counting = SheetVersion.objects.filter(sheet=OuterRef("pk"), confirmed=True)
    counts = (
        sheets.values("round__number")
        .annotate(
            total=Count("id"),
            confirmed=Count("id", filter=Q(status=Sheet.Status.CONFIRMED)),
            counted=Count("id", filter=Q(Exists(counting))),
        )
        .order_by()
        .values_list("round__number", "total", "confirmed", "counted")
    )
    return {number: (total, confirmed, counted) for number, total, confirmed, counted in counts}


def counted_rounds(
    counts: dict[int, tuple[int, int, int]], requested: int
) -> tuple[int, OpenSheets | None]:
    """The last round up to ``requested`` with a counted sheet, and the open sheets of the
    round in play: that round's, or else those of the next (released, none confirmed yet)."""
    played = [number for number, (_total, _confirmed, counted) in counts.items() if counted]
    after_round = max((number for number in played if number <= requested), default=0)
    for number in (after_round, after_round + 1):
        total, confirmed, _counted = counts.get(number, (0, 0, 0))
        if number <= requested and confirmed < total:
            return after_round, OpenSheets(number, total - confirmed, total)
    return after_round, None


def no_game_lines(tournament: Tournament, after_round: int) -> Q:
    """The score lines of confirmed rows that are no game (a DDV penalty line, as the ruleset's
    :meth:`~rules.base.Ruleset.row_kind` says): their points count, but nobody played or won a
    game in them (one query; only rows holding a penalty are read)."""
    ruleset = tournament.rules
    rows = Game.objects.filter(
        version__confirmed=True,
        version__sheet__round__tournament=tournament,
        version__sheet__round__number__lte=after_round,
        record__has_key="penalty",
    ).values_list("version__sheet_id", "number", "record")
    lines = Q(pk__in=[])
    for sheet_id, number, record in rows:
        if ruleset.row_kind(record) == PENALTY:
            lines |= Q(sheet_id=sheet_id, game_number=number)
    return lines


def compute_standings(tournament: Tournament, after_round: int | None = None) -> Standings:
    """Standings counting the confirmed sheets of rounds 1..``after_round`` (four queries): a
    row that is no game (a penalty line) counts its points, not as a game played or won.

    ``after_round`` (default: the latest released round) is lowered to the last round with a
    confirmed sheet.
    """
    counts = sheet_counts(tournament, after_round)
    requested = max(counts, default=0) if after_round is None else after_round
    after_round, open_sheets = counted_rounds(counts, requested)
    game = ~no_game_lines(tournament, after_round)
    totals = (
        ScoreLine.objects.filter(round__tournament=tournament, round__number__lte=after_round)
        .values("participant_id", "round__number", "sheet_id", "seat")
        .annotate(
            points=Sum("points"),
            won=Count("id", filter=Q(won=True) & game),
            played=Count("id", filter=game),
            solos=Count("id", filter=Q(soloist=True)),
        )
        .order_by()
    )
    per_round: dict[int, list[int]] = defaultdict(lambda: [0] * after_round)
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    rounds_played: dict[int, set[int]] = defaultdict(set)
    # Per table (sheet) and seat: its points and who played most of its games there.
    seats: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    for line in totals:
        pid = line["participant_id"]
        per_round[pid][line["round__number"] - 1] += line["points"]
        rounds_played[pid].add(line["round__number"])
        count = counts[pid]
        count[0] += line["won"]
        count[1] += line["played"]
        count[2] += line["solos"]
        seat = seats[line["sheet_id"]][line["seat"]]
        seat[0] += line["points"]
        if line["played"] > seat[2]:
            seat[1:] = [pid, line["played"]]
    places = seat_table_points(seats)

    # Everyone who sat at a table of a released round so far; people who never played (no-shows,
    # players registered for a later round) are not in the table.
    seated = Seat.objects.filter(participant=OuterRef("pk"), round__number__lte=after_round).filter(
        Round.visible_condition("round__")
    )
    participants = (
        Participant.objects.filter(tournament=tournament)
        .annotate(played=Exists(seated))
        .values_list("pk", "name", "club", "withdrawn", "played", "public_id")
    )
    parties = partie_tallies(tournament, after_round)
    rows = []
    for pid, name, club, withdrawn, played, public_id in participants:
        if pid not in counts and (withdrawn or not played):
            continue
        rounds = tuple(per_round[pid]) if pid in per_round else (0,) * after_round
        won, played, solos = counts.get(pid, (0, 0, 0))
        rows.append(
            StandingRow(
                participant_id=pid,
                name=name,
                club=club,
                withdrawn=withdrawn,
                rounds=rounds,
                total=sum(rounds),
                games_won=won,
                games_played=played,
                solos=solos,
                public_id=public_id,
                rest=parties.get(pid, (0, 0))[0],
                parties=parties.get(pid, (0, 0))[1],
                table_points=places.get(pid, 0),
                rounds_played=len(rounds_played.get(pid, ())),
            )
        )
    ranked = rank_evening(tournament, rows)
    return Standings(tournament, after_round, tuple(ranked), open_sheets)


def seat_table_points(seats: dict[int, dict[int, list[int]]]) -> dict[int, int]:
    """Participant -> Tischpunkte over the tables: sheet -> seat -> [points, the participant who
    played most of the seat's games, their games]. A seat's Tischpunkte go to that participant
    (a substitute who took over a seat for fewer games gets none of them)."""
    result: dict[int, int] = defaultdict(int)
    for by_seat in seats.values():
        placed = table_points({seat: points for seat, (points, _pid, _n) in by_seat.items()})
        for seat, (_points, pid, _games) in by_seat.items():
            result[pid] += placed[seat]
    return result


def partie_tallies(tournament: Tournament, after_round: int) -> dict[int, tuple[int, int]]:
    """Participant -> (Restpunkte, Partien gespielt) over the counted Parties of the confirmed
    sheets of rounds 1..``after_round`` (two queries; none for a ruleset without Parties). The
    ruleset says which stored row ends a Partie and with which final scores
    (:meth:`rules.base.Ruleset.partie_end`); the score lines say who sat at the seat then."""
    ruleset = tournament.rules
    if not ruleset.gives_partie_ends or not after_round:
        return {}
    stored = Game.objects.filter(
        version__confirmed=True,
        version__sheet__round__tournament=tournament,
        version__sheet__round__number__lte=after_round,
    ).values_list("version__sheet_id", "number", "winner", "breakdown")
    ends: dict[tuple[int, int], Any] = {}
    for sheet_id, number, winner, breakdown in stored:
        scores = ruleset.partie_end(winner, breakdown or ())
        if scores:
            ends[(sheet_id, number)] = scores
    if not ends:
        return {}
    tallies: dict[int, tuple[int, int]] = {}
    lines = ScoreLine.objects.filter(
        round__tournament=tournament, round__number__lte=after_round
    ).values_list("sheet_id", "game_number", "seat", "participant_id")
    for sheet_id, number, seat, pid in lines:
        scores = ends.get((sheet_id, number))
        if scores is None or seat not in scores:
            continue
        rest, count = tallies.get(pid, (0, 0))
        tallies[pid] = (rest + scores[seat], count + 1)
    return tallies


# The per-process cache (settings: ``CACHES["local"]``) for content under a stamped key.
LOCAL_CACHE = "local"


def fragment_cache() -> str:
    """The cache for rendered rows under a stamped key: this process's own where configured."""
    return LOCAL_CACHE if LOCAL_CACHE in settings.CACHES else "default"


# Content under a stamped key never changes (a new public change is a new stamp), so it may
# stay until it is culled; this only bounds how long an unused entry takes room.
STAMPED_SECONDS = 600


def stamped_cache_seconds() -> int:
    """How long standings and rows under a stamped key are kept: ``STAMPED_SECONDS``, or not at
    all while the public cache is off (``PUBLIC_CACHE_SECONDS = 0``, as the budgets measure)."""
    seconds = settings.PUBLIC_CACHE_SECONDS
    return max(seconds, STAMPED_SECONDS) if seconds > 0 else 0


def cached_standings(
    tournament: Tournament, after_round: int | None = None, stamp: str | None = None
) -> Standings:
    """Standings for the public pages, kept a few seconds so that a room full of phones
    polling the table costs one computation, not one per request.

    The names are those the public pages show (``published``).

    The cache holds plain data (``standings_data``: the round number, the rows and the open
    sheets as JSON-able dicts), never the tournament (a model instance): what is read back is
    the same whatever happened to the tournament meanwhile, and a value that does not have the
    expected shape is a miss. ``stamp`` (the tournament's last public change,
    ``tournament.polling.freshness``) is part of the key: after a confirmation the standings are
    computed anew at once, and a page that carries the new stamp in its ETag never holds the
    rows from before.
    """
    key = (
        f"standings:{tournament.pk}:{after_round or 'latest'}:{stamp if stamp is not None else '-'}"
    )
    # A stamped key is content that never changes: this process's own copy first (``local``),
    # then the shared cache. An unstamped key only from the shared one, so that it is never
    # older than the cache time.
    # A stamped key lives until the next public change (``stamped_cache_seconds``): the
    # standings are computed once per change, not once per cache time.
    local = caches[LOCAL_CACHE] if stamp is not None and LOCAL_CACHE in settings.CACHES else None
    seconds = stamped_cache_seconds() if stamp is not None else settings.PUBLIC_CACHE_SECONDS
    standings = standings_from_data(tournament, local.get(key)) if local is not None else None
    if standings is None:
        data = cache.get(key)
        standings = standings_from_data(tournament, data)
        if standings is not None and local is not None:
            local.set(key, data, seconds)
    if standings is None:
        standings = published(compute_standings(tournament, after_round))
        data = standings_data(standings)
        cache.set(key, data, seconds)
        if local is not None:
            local.set(key, data, seconds)
    return standings


def published(standings: Standings) -> Standings:
    """The standings with the names as the tournament publishes them
    (``tournament.privacy.names``)."""
    names = public_names(standings.tournament)
    rows = tuple(replace(row, name=names.get(row.participant_id, "")) for row in standings.rows)
    return replace(standings, rows=rows)


# A row in the cache: its fields in this order, as a JSON list (smaller and quicker to read back
# than an object per row; 400 rows are read on every poll that is not a 304).
ROW_FIELDS = tuple(field.name for field in fields(StandingRow))
ROUNDS_INDEX = ROW_FIELDS.index("rounds")


def standings_data(standings: Standings) -> dict[str, Any]:
    """The standings as JSON data for the cache (``tournament.cache`` stores JSON only)."""
    return {
        "after_round": standings.after_round,
        "rows": [[getattr(row, name) for name in ROW_FIELDS] for row in standings.rows],
        "open_sheets": astuple(standings.open_sheets) if standings.open_sheets else None,
    }


def standings_from_data(tournament: Tournament, data: Any) -> Standings | None:
    """``standings_data`` read back; None (a miss) for anything else."""
    if not isinstance(data, dict):
        return None
    try:
        rows = []
        for values in data["rows"]:
            if len(values) != len(ROW_FIELDS):
                return None
            values[ROUNDS_INDEX] = tuple(values[ROUNDS_INDEX])
            rows.append(StandingRow(*values))
        open_sheets = OpenSheets(*data["open_sheets"]) if data["open_sheets"] else None
        return Standings(tournament, int(data["after_round"]), tuple(rows), open_sheets)
    except (KeyError, TypeError, ValueError):
        return None


def rank_rows(
    rows: Iterable[StandingRow], breakers: tuple[TieBreaker, ...] = TIE_BREAKERS
) -> list[StandingRow]:
    """Sort by the tie-breakers (best first, then by name) and give shared places to equals."""
    ordered = sorted(
        rows,
        key=lambda row: (tuple(-v for v in sort_key(row, breakers)), name_sort_key(row.name)),
    )
    keys = [sort_key(row, breakers) for row in ordered]
    ranked = []
    for index, row in enumerate(ordered):
        rank = index + 1
        if index and keys[index] == keys[index - 1]:
            rank = ranked[-1].rank
        shared = (index > 0 and keys[index] == keys[index - 1]) or (
            index + 1 < len(ordered) and keys[index] == keys[index + 1]
        )
        ranked.append(replace(row, rank=rank, shared_rank=shared))
    return ranked

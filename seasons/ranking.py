"""The season table read from the database: the confirmed score lines of the season's
tournaments, added up per member and evening in SQL, ranked by ``seasons.core``.

A few queries for any number of evenings and players: the season's tournaments, the evenings'
fingerprints (their sums come from the cache unless a sheet changed), the participants' members,
the members' names. Guests (participants without a member) do not count
for the season; once made a member, their evenings count.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Sum

from scoring.models import ScoreLine, Season, Sheet
from scoring.standings.ranking import compute_standings, seat_table_points
from seasons.core import EveningResult, SeasonRow, SeasonRule, rank_season
from tournament.models import Member, Participant, Tournament
from tournament.privacy.names import member_public_names, public_names


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    tournaments: tuple[Tournament, ...]  # by date: the evenings this table counts
    rows: tuple[SeasonRow, ...]
    public_ids: dict[int, str]  # member id -> the member's public id (season pages)
    # The season's evenings whose standings are not public (left out of a public table).
    hidden: tuple[Tournament, ...] = ()

    @property
    def ranked(self) -> tuple[SeasonRow, ...]:
        return tuple(row for row in self.rows if row.rank is not None)

    @property
    def unranked(self) -> tuple[SeasonRow, ...]:
        return tuple(row for row in self.rows if row.rank is None)


def season_rule(season: Season) -> SeasonRule:
    return SeasonRule(
        rule=season.rule, best=season.best_count, min_rounds=season.min_rounds, metric=season.metric
    )


# Per-evening sums are kept in the cache under a key that changes with every change of a sheet
# (``Sheet.revision`` goes up on every save, confirmation and reopening), so a stale sum is never
# read back; the time is only a limit on the space they take.
EVENING_CACHE_SECONDS = 24 * 60 * 60


EveningLine = tuple[int, int, int, int]  # participant id, points, rounds, Tischpunkte


def evening_sums(tournament_ids: list[int]) -> dict[int, list[EveningLine]]:
    """Tournament id -> [(participant id, points, rounds, Tischpunkte)] from the confirmed score
    lines; the Tischpunkte by place at each table and round, as the evening's standings compute
    them (``scoring.standings.ranking.seat_table_points``), whatever the evening's format.

    Adding up 150,000 score lines of a season takes longer than a page may; an evening's sums
    only change with one of its sheets, so each evening's sums are cached under a fingerprint of
    its sheets (count and summed revisions: one cheap query for all evenings).
    """
    fingerprints = (
        Sheet.objects.filter(round__tournament_id__in=tournament_ids)
        .values("round__tournament_id")
        .annotate(count=Count("id"), revisions=Sum("revision"))
        .order_by()
        .values_list("round__tournament_id", "count", "revisions")
    )
    keys = {
        tid: f"season-evening:v2:{tid}:{count}:{revisions}"
        for tid, count, revisions in fingerprints
    }
    cached = cache.get_many(list(keys.values()))
    sums = {
        tid: found
        for tid, key in keys.items()
        if (found := evening_lines(cached.get(key))) is not None
    }
    missing = [tid for tid in keys if tid not in sums]
    if missing:
        fresh = seat_sums(missing)
        cache.set_many({keys[tid]: value for tid, value in fresh.items()}, EVENING_CACHE_SECONDS)
        sums.update(fresh)
    return sums


def seat_sums(tournament_ids: list[int]) -> dict[int, list[EveningLine]]:
    """The evenings' lines from their score lines, one query: the points of each participant at
    each table (sheet) and seat, added up per participant; the Tischpunkte of each table."""
    lines = (
        ScoreLine.objects.filter(round__tournament_id__in=tournament_ids)
        .values("round__tournament_id", "round_id", "sheet_id", "seat", "participant_id")
        .annotate(points=Sum("points"), games=Count("id"))
        .order_by()
        .values_list(
            "round__tournament_id",
            "round_id",
            "sheet_id",
            "seat",
            "participant_id",
            "points",
            "games",
        )
    )
    figures: dict[int, dict[int, list]] = {tid: {} for tid in tournament_ids}
    seats: dict[int, dict[int, dict[int, list[int]]]] = {tid: {} for tid in tournament_ids}
    for tid, round_id, sheet_id, seat, pid, points, games in lines:
        figure = figures[tid].setdefault(pid, [0, set()])
        figure[0] += points
        figure[1].add(round_id)
        at_seat = seats[tid].setdefault(sheet_id, {}).setdefault(seat, [0, 0, 0])
        at_seat[0] += points
        if games > at_seat[2]:
            at_seat[1:] = [pid, games]
    result = {}
    for tid, per_participant in figures.items():
        places = seat_table_points(seats[tid])
        result[tid] = [
            (pid, points, len(rounds), places.get(pid, 0))
            for pid, (points, rounds) in per_participant.items()
        ]
    return result


def evening_lines(value: object) -> list[EveningLine] | None:
    """An evening's sums as the cache gives them back (JSON: lists); None (a miss) for any
    other shape."""
    if not isinstance(value, list):
        return None
    try:
        return [(int(pid), int(p), int(r), int(t)) for pid, p, r, t in value]
    except (TypeError, ValueError):
        return None


def evening_results(tournament_ids: list[int]) -> list[EveningResult]:
    """Points and rounds per member and tournament (confirmed sheets only: score lines are
    written when a sheet is confirmed; a reopened sheet keeps its last confirmed ones until it
    is confirmed again). Guests (participants
    without a member) are left out; the link to the member is read fresh every time."""
    sums = evening_sums(tournament_ids)
    members = dict(
        Participant.objects.filter(tournament_id__in=list(sums), member__isnull=False).values_list(
            "pk", "member_id"
        )
    )
    return [
        EveningResult(members[pid], tid, points, rounds, table_points)
        for tid, lines in sums.items()
        for pid, points, rounds, table_points in lines
        if pid in members
    ]


def standings_public(tournament: Tournament) -> bool:
    """Whether players may see this evening's points and places: its „Tabelle öffentlich“."""
    return tournament.public_standings


def compute_season(season: Season, *, public: bool = False, published: bool = False) -> SeasonTable:
    """The season's table. ``public``: as players may see it, from the evenings whose
    standings are public only (the sums would otherwise give away a hidden table: a member's
    season points before and after the evening differ by that evening's points); the other
    evenings count there once their table is switched on. ``published``: the names as the
    club publishes them on the web (``tournament.privacy.names``)."""
    every = tuple(season.tournaments.order_by("date", "pk"))
    hidden = tuple(t for t in every if not standings_public(t))
    tournaments = tuple(t for t in every if t not in hidden) if public else every
    results = evening_results([t.pk for t in tournaments])
    member_ids = {result.member_id for result in results}
    members = Member.objects.filter(pk__in=member_ids).values_list("pk", "name", "public_id")
    names = {pk: name for pk, name, _public_id in members}
    if published:
        shown = member_public_names(season.club)
        names = {pk: shown.get(pk, "") for pk in names}
    public_ids = {pk: public_id for pk, _name, public_id in members}
    rows = rank_season(results, names, season_rule(season))
    return SeasonTable(season, tournaments, tuple(rows), public_ids, hidden)


@dataclass(frozen=True)
class MemberEvening:
    tournament: Tournament
    name: str  # the name the member played under that evening
    points: int  # the season's figure: points or Tischpunkte
    rounds: int
    place: int | None  # the place in that evening's standings
    counted: bool  # counts for the season (``best``: among the N best)
    public: bool  # the evening's standings are public (else only its organisers see this line)


def member_evenings(
    season: Season, member: Member, *, public: bool = False
) -> tuple[SeasonRow | None, list[MemberEvening]]:
    """The member's season row and every evening of the season they played, with points and
    the place in that evening's standings (three queries per evening). ``public``: only the
    evenings whose standings are public, and the row of the public table."""
    table = compute_season(season, public=public, published=public)
    row = next((r for r in table.rows if r.member_id == member.pk), None)
    participants = {
        p.tournament_id: p
        for p in Participant.objects.filter(
            member=member, tournament__in=[t.pk for t in table.tournaments]
        )
    }
    results = {
        r.tournament_id: r for r in evening_results(list(participants)) if r.member_id == member.pk
    }
    evenings = []
    for tournament in table.tournaments:
        participant = participants.get(tournament.pk)
        result = results.get(tournament.pk)
        if participant is None or result is None:
            continue
        standings = compute_standings(tournament)
        place = next((s.rank for s in standings.rows if s.participant_id == participant.pk), None)
        evenings.append(
            MemberEvening(
                tournament=tournament,
                name=public_names(tournament)[participant.pk] if public else participant.name,
                points=result.figure(season.metric),
                rounds=result.rounds,
                place=place,
                counted=row is not None and tournament.pk in row.counted,
                public=standings_public(tournament),
            )
        )
    return row, evenings

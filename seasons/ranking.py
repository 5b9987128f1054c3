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
from scoring.standings.ranking import compute_standings
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
    return SeasonRule(rule=season.rule, best=season.best_count, min_rounds=season.min_rounds)


# Per-evening sums are kept in the cache under a key that changes with every change of a sheet
# (``Sheet.revision`` goes up on every save, confirmation and reopening), so a stale sum is never
# read back; the time is only a limit on the space they take.
EVENING_CACHE_SECONDS = 24 * 60 * 60


def evening_sums(tournament_ids: list[int]) -> dict[int, list[tuple[int, int, int]]]:
    """Tournament id -> [(participant id, points, rounds)] from the confirmed score lines.

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
        tid: f"season-evening:{tid}:{count}:{revisions}" for tid, count, revisions in fingerprints
    }
    cached = cache.get_many(list(keys.values()))
    sums = {
        tid: found
        for tid, key in keys.items()
        if (found := evening_lines(cached.get(key))) is not None
    }
    missing = [tid for tid in keys if tid not in sums]
    if missing:
        lines = (
            ScoreLine.objects.filter(round__tournament_id__in=missing)
            .values("participant_id", "round__tournament_id")
            .annotate(points=Sum("points"), rounds=Count("round_id", distinct=True))
            .order_by()
            .values_list("round__tournament_id", "participant_id", "points", "rounds")
        )
        fresh: dict[int, list[tuple[int, int, int]]] = {tid: [] for tid in missing}
        for tid, participant_id, points, rounds in lines:
            fresh[tid].append((participant_id, points, rounds))
        cache.set_many({keys[tid]: value for tid, value in fresh.items()}, EVENING_CACHE_SECONDS)
        sums.update(fresh)
    return sums


def evening_lines(value: object) -> list[tuple[int, int, int]] | None:
    """An evening's sums as the cache gives them back (JSON: lists); None (a miss) for any
    other shape."""
    if not isinstance(value, list):
        return None
    try:
        return [(int(pid), int(points), int(rounds)) for pid, points, rounds in value]
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
        EveningResult(members[pid], tid, points, rounds)
        for tid, lines in sums.items()
        for pid, points, rounds in lines
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
    points: int
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
                points=result.points,
                rounds=result.rounds,
                place=place,
                counted=row is not None and tournament.pk in row.counted,
                public=standings_public(tournament),
            )
        )
    return row, evenings

"""The season table read from the database: the confirmed score lines of the season's
tournaments, added up per member and evening in SQL, ranked by ``scoring.seasons.core``.

Three queries for any number of evenings and players: the season's tournaments, the sums per
member and tournament, the members' names. Guests (participants without a member) do not count
for the season; once made a member, their evenings count.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Sum

from scoring.models import ScoreLine, Season
from scoring.seasons.core import EveningResult, SeasonRow, SeasonRule, rank_season
from scoring.standings.ranking import compute_standings
from tournament.models import Member, Participant, Tournament


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    tournaments: tuple[Tournament, ...]  # by date
    rows: tuple[SeasonRow, ...]
    public_ids: dict[int, str]  # member id -> the member's public id (season pages)

    @property
    def ranked(self) -> tuple[SeasonRow, ...]:
        return tuple(row for row in self.rows if row.rank is not None)

    @property
    def unranked(self) -> tuple[SeasonRow, ...]:
        return tuple(row for row in self.rows if row.rank is None)


def season_rule(season: Season) -> SeasonRule:
    return SeasonRule(rule=season.rule, best=season.best_count, min_rounds=season.min_rounds)


def evening_results(tournament_ids: list[int]) -> list[EveningResult]:
    """Points and rounds per member and tournament (confirmed sheets only: score lines are
    written when a sheet is confirmed and removed when it is reopened)."""
    sums = (
        ScoreLine.objects.filter(
            round__tournament_id__in=tournament_ids, participant__member__isnull=False
        )
        .values("participant__member_id", "round__tournament_id")
        .annotate(points=Sum("points"), rounds=Count("round_id", distinct=True))
        .order_by()
    )
    return [
        EveningResult(
            member_id=line["participant__member_id"],
            tournament_id=line["round__tournament_id"],
            points=line["points"],
            rounds=line["rounds"],
        )
        for line in sums
    ]


def compute_season(season: Season) -> SeasonTable:
    tournaments = tuple(season.tournaments.order_by("date", "pk"))
    results = evening_results([t.pk for t in tournaments])
    member_ids = {result.member_id for result in results}
    members = Member.objects.filter(pk__in=member_ids).values_list("pk", "name", "public_id")
    names = {pk: name for pk, name, _public_id in members}
    public_ids = {pk: public_id for pk, _name, public_id in members}
    rows = rank_season(results, names, season_rule(season))
    return SeasonTable(season, tournaments, tuple(rows), public_ids)


@dataclass(frozen=True)
class MemberEvening:
    tournament: Tournament
    name: str  # the name the member played under that evening
    points: int
    rounds: int
    place: int | None  # the place in that evening's standings
    counted: bool  # counts for the season (``best``: among the N best)


def member_evenings(season: Season, member: Member) -> tuple[SeasonRow | None, list[MemberEvening]]:
    """The member's season row and every evening of the season they played, with points and
    the place in that evening's standings (three queries per evening)."""
    table = compute_season(season)
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
                name=participant.name,
                points=result.points,
                rounds=result.rounds,
                place=place,
                counted=row is not None and tournament.pk in row.counted,
            )
        )
    return row, evenings

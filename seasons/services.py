"""What a club's Turnierleitung does with seasons: create one, add or take out tournaments.

Each service validates, runs in one transaction and returns; refusals raise ``DomainError`` with
a translated message. Adding a tournament is written to that tournament's Protokoll.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.models import Season
from tournament.audit import User, record
from tournament.clubs.services import require_short_name
from tournament.errors import DomainError
from tournament.models import AuditEntry, Club, Tournament
from tournament.normalize import normalize_name


def check_rule(rule: str, best: int | None, min_rounds: int) -> None:
    if rule not in Season.Rule.values:
        raise DomainError(_("Unbekannte Wertung „%(rule)s“.") % {"rule": rule}, field="rule")
    if rule == Season.Rule.BEST and best is None:
        raise DomainError(_("Bei „beste Abende“ fehlt die Zahl der Abende."), field="best_count")
    if rule != Season.Rule.BEST and best is not None:
        raise DomainError(
            _("Die Zahl der besten Abende gilt nur für die Wertung „beste Abende“."),
            field="best_count",
        )
    if best is not None and best < 1:
        raise DomainError(_("Es muss mindestens ein Abend zählen."), field="best_count")
    if min_rounds < 0:
        raise DomainError(
            _("Die Mindestzahl der Durchgänge darf nicht negativ sein."), field="min_rounds"
        )


def check_metric(metric: str) -> None:
    if metric not in Season.Metric.values:
        raise DomainError(
            _("Unbekannte Wertungszahl „%(metric)s“.") % {"metric": metric}, field="metric"
        )


def check_tournaments(club: Club, tournaments: Iterable[Tournament]) -> list[Tournament]:
    tournaments = list(tournaments)
    foreign = [t.slug for t in tournaments if t.club_id != club.pk]
    if foreign:
        raise DomainError(
            _("Nicht vom Verein „%(club)s“: %(slugs)s")
            % {"club": club.name, "slugs": ", ".join(foreign)},
            field="tournaments",
        )
    return tournaments


@transaction.atomic
def create_season(
    club: Club,
    slug: str,
    *,
    name: str,
    rule: str = Season.Rule.SUM,
    best: int | None = None,
    min_rounds: int = 0,
    metric: str = Season.Metric.POINTS,
    tournaments: Iterable[Tournament] = (),
    user: User = None,
) -> Season:
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Bitte einen Namen für die Saison angeben."), field="name")
    require_short_name(slug)
    check_rule(rule, best, min_rounds)
    check_metric(metric)
    tournaments = check_tournaments(club, tournaments)
    Club.objects.select_for_update().get(pk=club.pk)
    if Season.objects.filter(club=club, slug=slug).exists():
        raise DomainError(_("Die Saison „%(slug)s“ gibt es schon.") % {"slug": slug}, field="slug")
    season = Season.objects.create(
        club=club,
        slug=slug,
        name=name,
        rule=rule,
        best_count=best,
        min_rounds=min_rounds,
        metric=metric,
    )
    for tournament in tournaments:
        add_tournament(season, tournament, user=user)
    return season


@transaction.atomic
def update_season(
    season: Season,
    *,
    name: str,
    rule: str,
    best: int | None,
    min_rounds: int,
    public_standings: bool,
    public_projector: bool,
    metric: str | None = None,
) -> Season:
    """``metric``: None keeps the season's."""
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Bitte einen Namen für die Saison angeben."), field="name")
    check_rule(rule, best, min_rounds)
    if metric is not None:
        check_metric(metric)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if metric is not None:
        season.metric = metric
    season.name, season.rule, season.best_count, season.min_rounds = name, rule, best, min_rounds
    season.public_standings, season.public_projector = public_standings, public_projector
    season.save()
    return season


@transaction.atomic
def add_tournament(season: Season, tournament: Tournament, *, user: User = None) -> None:
    """The tournament counts for the season from now on (its confirmed sheets, also earlier
    ones)."""
    check_tournaments(season.club, [tournament])
    if season.tournaments.filter(pk=tournament.pk).exists():
        return
    season.tournaments.add(tournament)
    record(
        tournament,
        AuditEntry.Action.SEASON_ADDED,
        user=user,
        message=gettext_noop("%(season)s"),
        params={"season": season.name},
    )


@transaction.atomic
def remove_tournament(season: Season, tournament: Tournament) -> None:
    season.tournaments.remove(tournament)


@transaction.atomic
def set_tournaments(
    season: Season, tournaments: Iterable[Tournament], *, user: User = None
) -> None:
    """Exactly these tournaments count for the season."""
    wanted = {t.pk: t for t in check_tournaments(season.club, tournaments)}
    for tournament in season.tournaments.exclude(pk__in=wanted):
        remove_tournament(season, tournament)
    for tournament in wanted.values():
        add_tournament(season, tournament, user=user)

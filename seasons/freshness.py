"""The season table's part in the public stamp (``tournament.polling.freshness``).

A tournament's projector shows the season table (its season slide), and that table counts every
evening of the season. So a public change of one evening (a sheet confirmed there, a round
released, a name changed) renews the stamp of every other tournament of its seasons too, and a
change of the season itself (its name, rule, switches, its evenings) renews the stamp of each of
its tournaments. Their projectors then get a new ETag and fetch the season slide afresh instead
of a 304. Without a shared cache the projector asks the database for the newest change of those
evenings as well (``fellow_ids``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models.signals import m2m_changed, post_save

from scoring.models import Season
from tournament.models import AuditEntry, Tournament
from tournament.polling.freshness import NOT_PUBLIC
from tournament.polling.stamp import renew_stamp


def fellow_ids(tournament_id: int) -> list[int]:
    """The other tournaments that share a season with ``tournament_id``."""
    return list(
        Tournament.objects.filter(seasons__tournaments=tournament_id)
        .exclude(pk=tournament_id)
        .values_list("pk", flat=True)
        .distinct()
    )


def _renew(slugs: Iterable[str]) -> None:
    for slug in set(slugs):
        renew_stamp(slug)


def renew_season_fellows(sender: Any, instance: AuditEntry, created: bool, **kwargs: Any) -> None:
    """``post_save`` of an audit entry: a public change of one evening renews the stamps of the
    other evenings of its seasons (the tournament's own stamp is renewed by ``tournament``)."""
    if not created or not instance.tournament_id or instance.action in NOT_PUBLIC:
        return
    _renew(
        Tournament.objects.filter(seasons__tournaments=instance.tournament_id)
        .exclude(pk=instance.tournament_id)
        .values_list("slug", flat=True)
    )


def renew_season_tournaments(sender: Any, instance: Season, **kwargs: Any) -> None:
    """``post_save`` of a season (name, rule, public switches): every evening of it."""
    _renew(instance.tournaments.values_list("slug", flat=True))


def renew_on_season_evenings(
    sender: Any, instance: Any, action: str, reverse: bool, pk_set: Any, **kwargs: Any
) -> None:
    """``m2m_changed`` of ``Season.tournaments``: an evening added or taken out changes the table
    of every evening of the season (before a clear, those still in it)."""
    if action not in ("post_add", "post_remove", "pre_clear"):
        return
    if reverse:  # ``tournament.seasons.add(...)``: the instance is the tournament
        in_seasons = Season.objects.filter(tournaments=instance).values_list("pk", flat=True)
        season_ids = {*(pk_set or ()), *in_seasons}
        changed: Iterable[str] = [instance.slug]
    else:
        season_ids = {instance.pk}
        changed = Tournament.objects.filter(pk__in=pk_set or ()).values_list("slug", flat=True)
    slugs = Tournament.objects.filter(seasons__in=season_ids).values_list("slug", flat=True)
    _renew([*slugs, *changed])


def connect_signals() -> None:
    post_save.connect(renew_season_fellows, sender=AuditEntry, dispatch_uid="season-stamp-audit")
    post_save.connect(renew_season_tournaments, sender=Season, dispatch_uid="season-stamp-season")
    m2m_changed.connect(
        renew_on_season_evenings,
        sender=Season.tournaments.through,
        dispatch_uid="season-stamp-evenings",
    )

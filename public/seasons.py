"""A club's public season pages: the season's table, a member's season, the projector, and the
season in the JSON API. They obey the season's switches („Jahreswertung öffentlich“,
„Beamer-Ansicht öffentlich“) and show only the evenings whose standings are public."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView

from scoring.models import Season
from seasons.exports import rule_label
from seasons.ranking import compute_season
from seasons.tables import points_label, shown_average, shown_rank
from seasons.views import MemberEveningsMixin, SeasonTableMixin
from tournament.models import Member


class PublicSeasonMixin:
    """The season from the URL; ``switch`` names its on/off setting (404 when off)."""

    switch = "public_standings"
    kwargs: dict[str, Any]

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.season = get_object_or_404(
            Season.objects.select_related("club"), club__slug=kwargs["club"], slug=kwargs["season"]
        )
        if not getattr(self.season, self.switch):
            raise Http404("switched off")
        self.club = self.season.club
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


class PublicSeasonView(PublicSeasonMixin, SeasonTableMixin, TemplateView):
    template_name = "scoring/seasons/public_season.html"
    member_url_name = "public:season_member"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(self.season_context(self.club, self.season, public=True), club=self.club)
        return context


class PublicSeasonMemberView(PublicSeasonMixin, MemberEveningsMixin, TemplateView):
    template_name = "scoring/seasons/public_member.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        member = get_object_or_404(Member, club=self.club, public_id=self.kwargs["member"])
        context.update(self.member_context(self.season, member, public=True), club=self.club)
        return context


class SeasonProjectorView(PublicSeasonMixin, TemplateView):
    """The season table for the room's projector: big type, pages and reloads itself."""

    template_name = "scoring/seasons/projector.html"
    switch = "public_projector"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        if not self.season.public_standings:
            context["notice"] = _("Die Jahreswertung ist nicht öffentlich.")
            return context | {"season": self.season}
        table = compute_season(self.season, public=True, published=True)
        rows = [
            (row, [shown_rank(row), row.name, row.evenings, row.rounds, row.points,
                   shown_average(row)])
            for row in table.rows
        ]  # fmt: skip
        context.update(season=self.season, season_table=table, board_rows=rows)
        context["rule"] = rule_label(self.season)
        context["points_label"] = points_label(self.season)
        return context


@require_safe  # read-only: another method is our 405
def season_api(request: HttpRequest, club: str, season: str) -> JsonResponse:
    """``GET /api/v/<club>/seasons/<season>/standings`` → the rows of ``season_standings
    --json``: ``[{rank, name, evenings, rounds, points, average, metric}]`` (``metric``: which
    figure ``points`` and ``average`` are of, ``points`` or ``table_points``)."""
    found = Season.objects.filter(club__slug=club, slug=season, public_standings=True).first()
    if found is None:
        return JsonResponse({"error": _("Unbekannte Saison.")}, status=404)
    rows = [row.as_json() for row in compute_season(found, public=True, published=True).rows]
    return JsonResponse(rows, safe=False, json_dumps_params={"ensure_ascii": False})

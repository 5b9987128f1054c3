"""The standings page of the organiser, and what the public one (``public.standings``) and the
JSON API (``public.api``) share with it: the table and the ``?after_round=N`` parameter."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from scoring.standings.ranking import (
    compute_standings,
    fragment_cache,
    latest_round_number,
    tie_breakers,
    tie_lead,
)
from scoring.standings.tables import standings_table
from tournament.access import OrganiserMixin
from tournament.models import Tournament
from tournament.normalize import small_int


class BadParameter(ValueError):
    pass


def after_round_parameter(request: HttpRequest, tournament: Tournament) -> int | None:
    """``?after_round=N``: None (the latest released round) or a round released so far."""
    raw = request.GET.get("after_round", "").strip()
    if not raw:
        return None
    number = small_int(raw, max_digits=3)
    latest = latest_round_number(tournament)
    if number is None or not 1 <= number <= latest:
        if latest == 0:
            raise BadParameter(
                _("Noch kein Durchgang ist freigegeben; es gibt noch keine Tabelle.")
            )
        raise BadParameter(
            _("after_round muss eine Zahl von 1 bis %(max)d sein, nicht „%(value)s“.")
            % {"max": latest, "value": raw[:20]}
        )
    return number


class StandingsMixin:
    template_name = "scoring/standings.html"
    tournament: Tournament
    request: HttpRequest

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            self.after_round = after_round_parameter(request, self.tournament)
        except BadParameter as error:
            context = self.get_context_data(bad_parameter=str(error))
            return self.render_to_response(context, status=400)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        if "bad_parameter" in kwargs:
            return context
        standings = self.standings()
        player_links = self.player_links()

        def configured_table():
            table = standings_table(standings, player_links=player_links)
            RequestConfig(self.request, paginate=False).configure(table)  # sorts the rows
            return table

        context.update(
            standings=standings,
            # Built and sorted only where the rows are rendered: a poll answered from the
            # cached rows (``standings_body.html``) never needs it.
            table=SimpleLazyObject(configured_table),
            player_links=player_links,
            fragment_cache=fragment_cache(),
            tie_breakers=tie_breakers(self.tournament),
            tie_lead=tie_lead(self.tournament),
            round_choices=range(1, max(self.latest_round(standings), 1) + 1),
            table_cache_seconds=self.table_cache_seconds(),
        )
        return context

    def latest_round(self, standings) -> int:
        """The last released round (the standings show it unless another was asked for)."""
        if self.after_round is None:
            return standings.after_round
        return latest_round_number(self.tournament)

    def table_cache_seconds(self) -> int:
        """How long the rendered rows may be reused; 0 for the organiser, who must see every
        confirmation at once."""
        return 0

    def standings(self):
        return compute_standings(self.tournament, self.after_round)

    def player_links(self) -> bool:
        return self.tournament.public_player_pages


class OrganiserStandingsView(OrganiserMixin, StandingsMixin, TemplateView):
    helper_allowed = True
    section = "standings"

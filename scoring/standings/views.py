"""Standings pages (organiser and public) and the read-only JSON API."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from scoring.standings.columns import api_record
from scoring.standings.ranking import (
    cached_standings,
    compute_standings,
    fragment_cache,
    latest_round_number,
    stamped_cache_seconds,
    tie_breakers,
    tie_lead,
)
from scoring.standings.tables import standings_table
from tournament.access import OrganiserMixin
from tournament.models import Round, Seat, Tournament
from tournament.normalize import small_int
from tournament.public.freshness import (
    ConditionalGetMixin,
    answer_poll,
    database_stamp,
    not_modified,
    public_etag,
    validator_headers,
)
from tournament.public.views import PublicTournamentMixin


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


class PublicStandingsView(PublicTournamentMixin, ConditionalGetMixin, StandingsMixin, TemplateView):
    """Answers 304 while nothing public changed (``ConditionalGetMixin``); the page polls."""

    switch = "public_standings"
    template_name = "scoring/public_standings.html"
    extra_context = {"page": "standings"}

    def standings(self):
        return cached_standings(self.tournament, self.after_round, self.public_stamp.version)

    def table_cache_seconds(self) -> int:
        return stamped_cache_seconds()  # the rows' key names the stamp


# ---------------------------------------------------------------------------- JSON API


def api_error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def api_tournament(slug: str, switch: str) -> Tournament:
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not getattr(tournament, switch):
        raise Http404
    return tournament


@require_safe  # read-only: another method is our 405
def standings_api(request: HttpRequest, slug: str) -> HttpResponse:
    """``GET /api/t/<slug>/standings?after_round=N``

    → ``[{rank, name, …, withdrawn}]`` with the ruleset's fields between (``columns.api_fields``;
    the house rules: ``points, rounds, games_won, games``),
    with ETag and Last-Modified: 304 while nothing public changed.
    """
    stamp, etag, not_modified_answer = answer_poll(request, slug)  # before any query
    if not_modified_answer is not None:
        return not_modified_answer
    try:
        tournament = api_tournament(slug, "public_standings")
    except Http404:
        return api_error(_("Unbekanntes Turnier."), 404)
    if stamp is None:  # no shared cache: the stamp from the database
        stamp = database_stamp(tournament)
        etag = public_etag(request, slug, stamp)
    if not_modified(request, etag, stamp):  # the switch is checked
        return validator_headers(HttpResponseNotModified(), etag, stamp)
    try:
        after_round = after_round_parameter(request, tournament)
    except BadParameter as error:
        return api_error(str(error), 400)
    standings = cached_standings(tournament, after_round, stamp.version)
    response = JsonResponse(
        [api_record(row, tournament.rules) for row in standings.rows],
        safe=False,
        json_dumps_params={"ensure_ascii": False},
    )
    return validator_headers(response, etag, stamp)


@require_safe  # read-only: another method is our 405
def tables_api(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    """``GET /api/t/<slug>/rounds/<n>/tables`` → ``[{table, players: [{seat, name, captain}]}]``"""
    try:
        tournament = api_tournament(slug, "public_seating")
    except Http404:
        return api_error(_("Unbekanntes Turnier."), 404)
    round_ = Round.objects.filter(tournament=tournament, number=number).visible().first()
    if round_ is None:
        return api_error(_("Durchgang %(number)d ist nicht freigegeben.") % {"number": number}, 404)
    tables: dict[int, list[dict[str, Any]]] = {}
    seats = Seat.objects.filter(round=round_).select_related("participant", "table")
    for seat in tournament.mark_seat_keepers(seats.order_by("table__number", "number")):
        tables.setdefault(seat.table.number, []).append(
            {"seat": seat.number, "name": seat.participant.name, "captain": seat.is_captain}
        )
    return JsonResponse(
        [{"table": number, "players": players} for number, players in tables.items()],
        safe=False,
        json_dumps_params={"ensure_ascii": False},
    )

"""The read-only JSON API for scoreboards and other clubs' tools: the standings and a round's
tables (the clock: ``tournament.clock.views.public_clock``; a season's table:
``public.seasons.season_api``; all listed in ``public.urls_api``)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from public.views import released_seats
from scoring.standings.columns import api_record
from scoring.standings.ranking import cached_standings
from scoring.standings.views import BadParameter, after_round_parameter
from tournament.models import Round, Tournament
from tournament.polling.freshness import (
    answer_poll,
    database_stamp,
    not_modified,
    public_etag,
    validator_headers,
)


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
        [api_record(row, tournament.rules, tournament.standings_format) for row in standings.rows],
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
    for seat in released_seats(tournament, round_):
        tables.setdefault(seat.table.number, []).append(
            {"seat": seat.number, "name": seat.shown_name, "captain": seat.is_captain}
        )
    return JsonResponse(
        [{"table": number, "players": players} for number, players in tables.items()],
        safe=False,
        json_dumps_params={"ensure_ascii": False},
    )

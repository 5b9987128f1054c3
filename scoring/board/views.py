"""The director's live board of a round: the page and the JSON it polls.

The JSON answers ``304 Not Modified`` while nothing changed, as the public pages' polls do
(``tournament.polling.freshness``), but with a validator of its own: the tournament's newest
audit entry of any kind (a captain's save counts here, unlike on the public pages), the minute
(quiet minutes and stuck tables change with the clock alone), the threshold and sort asked for,
the language and the installed code. A 304 costs the login's queries and one more.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from scoring.board.present import SORTS, STUCK_CHOICES, STUCK_LIMITS, present
from scoring.board.reading import read_board
from tournament.access import OrganiserMixin
from tournament.models import AuditEntry, Round
from tournament.polling.freshness import code_version


class BadParameter(ValueError):
    pass


def stuck_minutes(request: HttpRequest) -> int:
    """The ``still`` parameter: minutes of quiet after which a table stands out."""
    text = request.GET.get("still", "")
    if not text:
        return settings.BOARD_STUCK_MINUTES
    low, high = STUCK_LIMITS
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise BadParameter(
            _("„still“ muss eine ganze Zahl von Minuten zwischen %(low)d und %(high)d sein.")
            % {"low": low, "high": high}
        )
    return int(text)


def sort_order(request: HttpRequest) -> str:
    sort = request.GET.get("sort", SORTS[0])
    if sort not in SORTS:
        raise BadParameter(_("„sort“ muss %(choices)s sein.") % {"choices": " / ".join(SORTS)})
    return sort


class BoardMixin(OrganiserMixin):
    helper_allowed = True
    section = "rounds"
    round: Round

    def load(self, **kwargs: Any) -> None:
        round_ = (
            Round.objects.filter(tournament=self.tournament, number=kwargs["number"])
            .visible()
            .first()
        )
        if round_ is None:
            raise Http404("round not released")
        round_.tournament = self.tournament
        self.round = round_


class BoardView(BoardMixin, TemplateView):
    """The page: the first board rendered at once; ``static/js/board.js`` keeps it fresh."""

    template_name = "scoring/board.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        try:
            stuck_after = stuck_minutes(self.request)
        except BadParameter:
            stuck_after = settings.BOARD_STUCK_MINUTES  # a typed address: show the default
        try:
            sort = sort_order(self.request)
        except BadParameter:
            sort = SORTS[0]
        board = read_board(self.round, stuck_after=stuck_after)
        choices = sorted({*STUCK_CHOICES, stuck_after})
        context.update(
            round=self.round,
            number=self.round.number,
            board=present(board, self.tournament.slug, sort=sort),
            stuck_after=stuck_after,
            stuck_choices=choices,
            sort=sort,
            poll_seconds=settings.BOARD_POLL_SECONDS,
        )
        return context


def board_etag(request: HttpRequest, round_: Round, stuck_after: int, sort: str) -> str:
    newest = (
        AuditEntry.objects.filter(tournament_id=round_.tournament_id)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )
    minute = int(timezone.now().timestamp() // 60)
    parts = [
        code_version(),
        str(round_.pk),
        str(newest or 0),
        str(minute),
        str(stuck_after),
        sort,
        translation.get_language() or "",
        request.get_full_path(),
    ]
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:24]
    return f'W/"{digest}"'


class BoardDataView(BoardMixin, View):
    """``GET …/durchgang/<n>/tische-live/daten/?still=10&sort=aufmerksamkeit`` → the board as
    JSON (``present``), with an ETag: 304 while nothing changed."""

    http_method_names = ["get", "head"]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            stuck_after = stuck_minutes(request)
            sort = sort_order(request)
        except BadParameter as error:
            return JsonResponse({"error": str(error)}, status=400)
        etag = board_etag(request, self.round, stuck_after, sort)
        answer = get_conditional_response(request, etag=quote_etag(etag))
        if answer is not None and answer.status_code == 304:
            return _validators(HttpResponseNotModified(), etag)
        board = read_board(self.round, stuck_after=stuck_after)
        response = JsonResponse(
            present(board, self.tournament.slug, sort=sort),
            json_dumps_params={"ensure_ascii": False},
        )
        return _validators(response, etag)


def _validators(response: HttpResponse, etag: str) -> HttpResponse:
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "private, no-cache"
    return response

"""The round's clock on the organiser's desk (the Helfer looks), its actions, and its JSON.

The pages never count themselves: ``static/js/clock.js`` counts down in the browser from the
JSON's deadlines and the server's time, and asks again every ``POLL_SECONDS``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView

from tournament.access import OrganiserMixin
from tournament.clock import services
from tournament.clock.reading import (
    extensions_by_table,
    playing_minutes,
    round_state,
    ruleset_minutes,
)
from tournament.clock.state import state_json
from tournament.errors import DomainError
from tournament.models import Round, Tournament
from tournament.models.clock import (
    EXTENSION_MINUTES_LIMITS,
    PLAYING_MINUTES_LIMITS,
    WARNING_MINUTES_LIMITS,
)

POLL_SECONDS = 15


def clock_response(payload: dict[str, Any]) -> JsonResponse:
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


class RoundClockMixin(OrganiserMixin):
    helper_allowed = True
    helper_read_only = True
    section = "rounds"

    def load(self, **kwargs: Any) -> None:
        self.round = get_object_or_404(
            Round.objects.select_related("tournament"),
            tournament=self.tournament,
            number=kwargs["number"],
        )


class ClockDeskView(RoundClockMixin, TemplateView):
    """The desk's control: start, pause, resume, Nachspielzeit (given and taken back), the
    settings; every table's time left. A Helfer sees the same without the buttons."""

    template_name = "tournament/clock_desk.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        settings = services.clock_settings(self.tournament)
        defaults = ruleset_minutes(self.tournament)
        own = settings.playing_minutes or {}
        state = round_state(self.round)
        given = extensions_by_table(self.round)
        context.update(
            table_rows=[(time, given.get(time.number, [])) for time in state.tables],
            round=self.round,
            number=self.round.number,
            state=state,
            settings=settings,
            minutes_in_force=playing_minutes(self.tournament, settings),
            size_fields=[(size, defaults[size], own.get(str(size), "")) for size in defaults],
            limits={
                "playing": PLAYING_MINUTES_LIMITS,
                "warning": WARNING_MINUTES_LIMITS,
                "extension": EXTENSION_MINUTES_LIMITS,
            },
            poll_seconds=POLL_SECONDS,
        )
        return context


class ClockStateView(RoundClockMixin, View):
    """The desk's JSON: every table of the round."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return clock_response(state_json(round_state(self.round)))


class ClockActionView(OrganiserMixin, View):
    """One change of the clock (``action``), for the Turnierleitung; back to the desk."""

    action = ""
    section = "rounds"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        number = kwargs["number"]
        data = request.POST
        user = request.user
        try:
            if self.action == "start":
                services.start_clock(self.tournament, number, user=user)
                done = _("Die Uhr läuft.")
            elif self.action == "pause":
                services.pause_clock(
                    self.tournament, number, user=user, reason=data.get("reason", "")
                )
                done = _("Die Uhr ist angehalten.")
            elif self.action == "resume":
                services.resume_clock(self.tournament, number, user=user)
                done = _("Die Uhr läuft weiter.")
            elif self.action == "extend":
                table = data.get("table", "")
                if not table.strip().isdigit() or len(table) > 4:
                    raise DomainError(_("Bitte einen Tisch wählen."), field="table")
                services.extend_table(
                    self.tournament,
                    number,
                    int(table),
                    minutes=data.get("minutes", "")[:8],
                    reason=data.get("reason", "")[:1000],
                    user=user,
                )
                done = _("Tisch %(table)s hat Nachspielzeit.") % {"table": table}
            elif self.action == "revoke":
                extension = data.get("extension", "")
                if not extension.strip().isdigit() or len(extension) > 12:
                    raise DomainError(_("Bitte eine Nachspielzeit wählen."), field="extension")
                revoked = services.revoke_extension(
                    self.tournament,
                    number,
                    int(extension),
                    reason=data.get("reason", "")[:1000],
                    user=user,
                )
                done = _(
                    "Die Nachspielzeit von Tisch %(table)d (%(minutes)d Minuten) ist "
                    "zurückgenommen."
                ) % {"table": revoked.table.number, "minutes": revoked.minutes}
            elif self.action == "reset":
                services.reset_clock(self.tournament, number, user=user)
                done = _("Die Uhr ist zurückgesetzt.")
            else:
                sizes = self.tournament.rules.table_sizes
                services.save_clock_settings(
                    self.tournament,
                    minutes={size: data.get(f"minutes_{size}", "")[:8] for size in sizes},
                    warning_minutes=data.get("warning_minutes", "")[:8],
                    sound=data.get("sound") == "on",
                    user=user,
                )
                done = _("Die Einstellungen der Uhr sind gespeichert.")
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, done)
        return redirect("tournament:clock", slug=self.tournament.slug, number=number)


def running_round(tournament: Tournament) -> Round | None:
    """The newest released round: the one whose clock the projector shows."""
    return (
        Round.objects.filter(tournament=tournament, status=Round.Status.RELEASED)
        .order_by("-number")
        .first()
    )


@require_safe
def public_clock(request: HttpRequest, slug: str) -> HttpResponse:
    """The projector's JSON: the time left of the newest released round, per table size and
    for each table with Nachspielzeit; nothing else (no names, no reasons)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.public_projector:
        raise Http404("switched off")
    round_ = running_round(tournament)
    if round_ is None:
        return clock_response({"status": "none", "round": None, "tables": [], "groups": []})
    state = round_state(round_)
    payload = state_json(state)
    payload["round"] = round_.number
    payload["groups"] = state_json(state, state.groups())["tables"]
    return clock_response(payload)

"""The organiser's round page and the seating's own actions: slips, edits before release,
discarding a draft, withdrawals.

Views only read, call a service and render; every change goes through
``tournament.seating.services``. The actions of the round's life (draw, release, take back,
close, reopen, substitutes) are in ``scoring.evening.views``: they also move the score sheets.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament.access import OrganiserMixin
from tournament.errors import DomainError
from tournament.models import Participant, Round, Seat, SeatingRule, Tournament
from tournament.normalize import name_sort_key, small_int
from tournament.participants.services import eligible_participants
from tournament.participants.views import CheckInView
from tournament.seating import core as pure
from tournament.seating.forms import DrawForm
from tournament.seating.messages import keeper_seats_text, seating_problem
from tournament.seating.reading import repeat_summary, repeat_warnings, round_with_seating
from tournament.seating.services import (
    add_late_arrival,
    discard_draft,
    enter_slips,
    make_captain,
    set_withdrawn,
    swap_players,
)


class RoundMixin(OrganiserMixin):
    section = "rounds"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.number = kwargs["number"]
        return super().dispatch(request, *args, **kwargs)

    def round_url(self) -> str:
        return reverse("tournament:round", args=[self.tournament.slug, self.number])


class RoundView(RoundMixin, TemplateView):
    helper_allowed = True
    template_name = "tournament/round_detail.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not 1 <= self.number <= self.tournament.rounds_count:
            return self.render_to_response(self.get_context_data(missing=True), status=404)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = round_with_seating(self.tournament, self.number)
        context["round"] = round_
        context["number"] = self.number
        context["tables"] = list(round_.tables.all()) if round_ else []
        context["alphabetical"] = alphabetical_seats(context["tables"])
        context["keeper_seats"] = keeper_seats_text(
            self.tournament.list_keeper_seat, self.tournament.table_sizes
        )
        context["table_sizes"] = self.tournament.table_sizes
        if round_ is None or round_.is_draft:
            # Sorted in Python: DIN 5007 ("Änne" with A), not the database's code points.
            participants = sorted(
                self.tournament.participants.active(), key=lambda p: name_sort_key(p.name)
            )
            seated_ids = {
                seat.participant_id for table in context["tables"] for seat in table.seats.all()
            }
            context["draw_form"] = DrawForm()
            # A round seated by a rule offers that rule again, else the tournament's.
            context["seating_rule"] = (
                round_.method
                if round_ is not None and round_.method in SeatingRule.values
                else self.tournament.seating_rule
            )
            # The edits below post participant ids; chosen_participant() checks them.
            context["seated_players"] = [p for p in participants if p.pk in seated_ids]
            context["unseated_players"] = [p for p in participants if p.pk not in seated_ids]
            drawable = eligible_participants(self.tournament)
            context["eligible_count"] = len(drawable)
            context["uses_check_in"] = any(participant.checked_in for participant in drawable)
        if round_ is not None and round_.is_released:
            # Who can come in as a substitute: active and not playing in this round.
            played = {
                pid
                for table in context["tables"]
                for seat in table.seats.all()
                for pid in [seat.participant_id]
                + [change.previous_participant_id for change in seat.changes.all()]
            }
            context["substitutes"] = sorted(
                (p for p in self.tournament.participants.active() if p.pk not in played),
                key=lambda p: name_sort_key(p.name),
            )
        if round_ is not None and round_.tables.all():
            context["repeat_warnings"] = repeat_warnings(self.tournament, round_)
            context["repeat_summary"] = repeat_summary(self.tournament, round_)
            context["late_arrivals"] = late_arrivals(round_, context["tables"])
            if round_.lots:
                names = dict(self.tournament.participants.values_list("pk", "name"))
                context["lots"] = [
                    {
                        "places": f"{lot['first_place']}–{lot['last_place']}",
                        "entries": [
                            (names.get(pid, "?"), table)
                            for pid, table in zip(lot["order"], lot["tables"], strict=True)
                        ],
                    }
                    for lot in round_.lots
                ]
        return context


def late_arrivals(round_: Round, tables) -> list[tuple[str, int]]:
    """(name, table) of the players of round 2 or later who sat at no table of an earlier round,
    by name: the placement seats them after everyone who played
    (``scoring.standings.placement``)."""
    if round_.number < 2:
        return []
    earlier = set(
        Seat.objects.filter(
            round__tournament_id=round_.tournament_id, round__number__lt=round_.number
        ).values_list("participant_id", flat=True)
    )
    late = [
        (seat.participant.name, table.number)
        for table in tables
        for seat in table.seats.all()
        if seat.participant_id not in earlier
    ]
    return sorted(late, key=lambda entry: name_sort_key(entry[0]))


def alphabetical_seats(tables) -> list[tuple[str, int, int, bool]]:
    rows = [
        (seat.participant.name, table.number, seat.number, seat.is_captain)
        for table in tables
        for seat in table.seats.all()
    ]
    return sorted(rows, key=lambda row: name_sort_key(row[0]))


class RoundActionView(RoundMixin, View):
    """POST actions on a round; each calls one service and goes back to the round page."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            message = self.act(request)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            if message:
                messages.success(request, message)
        return redirect(self.round_url())

    def act(self, request: HttpRequest) -> str:
        raise NotImplementedError


def chosen_participant(tournament: Tournament, value: str | None) -> Participant:
    pk = small_int(value, max_digits=12)
    if pk is None:
        raise DomainError(_("Bitte einen Spieler wählen."))
    participant = Participant.objects.filter(tournament=tournament, pk=pk).first()
    if participant is None:
        raise DomainError(_("Diesen Spieler gibt es in diesem Turnier nicht."))
    return participant


class SwapView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        a = chosen_participant(self.tournament, request.POST.get("a"))
        b = chosen_participant(self.tournament, request.POST.get("b"))
        swap_players(self.tournament, self.number, a, b, user=request.user)
        return _("%(a)s und %(b)s haben die Plätze getauscht.") % {"a": a.name, "b": b.name}


class CaptainView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        participant = chosen_participant(self.tournament, request.POST.get("participant"))
        round_ = make_captain(self.tournament, self.number, participant, user=request.user)
        seat = round_.seats.get(participant=participant)
        return _("%(name)s ist jetzt Listenführer (Platz %(seat)d).") % {
            "name": participant.name,
            "seat": seat.number,
        }


class LateArrivalView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        participant = chosen_participant(self.tournament, request.POST.get("participant"))
        raw_table = request.POST.get("table", "").strip()
        table = small_int(raw_table, max_digits=3)
        if raw_table and table is None:
            raise DomainError(_("Die Tischnummer muss eine Zahl sein."))
        round_ = add_late_arrival(
            self.tournament, self.number, participant, table, user=request.user
        )
        seat = round_.seats.get(participant=participant)
        return _("%(name)s sitzt an Tisch %(table)d, Platz %(seat)d.") % {
            "name": participant.name,
            "table": seat.table.number,
            "seat": seat.number,
        }


class DiscardRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        discard_draft(self.tournament, self.number, user=request.user)
        return _("Die Sitzordnung wurde verworfen.")


class SlipEntryView(RoundMixin, TemplateView):
    """Drawn slips: type each participant's Losnummer, keyboard only (Tab/Enter)."""

    template_name = "tournament/slip_entry.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = Round.objects.filter(tournament=self.tournament, number=1).first()
        participants = sorted(
            eligible_participants(self.tournament), key=lambda p: name_sort_key(p.name)
        )
        saved = round_.slips if round_ else {}
        allowed = self.tournament.table_sizes
        values = kwargs.get("values") or {str(p.pk): saved.get(str(p.pk), "") for p in participants}
        flagged = kwargs.get("flagged", {})
        context.update(
            round=round_,
            rows=[
                {
                    "participant": p,
                    "value": values.get(str(p.pk), ""),
                    "problem": flagged.get(p.pk, ""),
                }
                for p in participants
            ],
            n=len(participants),
            seatable=pure.is_seatable(len(participants), allowed),
            seating_problem=seating_problem(len(participants), allowed),
            layout=pure.slip_layout(len(participants), allowed)
            if pure.is_seatable(len(participants), allowed)
            else [],
            problems=kwargs.get("problems", []),
            allowed=allowed,
            locked=round_ is not None and not round_.is_draft,
        )
        if context["layout"]:
            sizes = pure.table_sizes(len(participants), allowed)
            context["scheme"] = [
                {
                    "table": number,
                    "size": size,
                    "first": pure.slip_number(number, 1, sizes),
                    "last": pure.slip_number(number, size, sizes),
                    "keeper": pure.slip_number(
                        number, self.tournament.list_keeper_seat(size), sizes
                    ),
                }
                for number, size in enumerate(sizes, start=1)
            ]
        return context

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.number != 1:
            messages.info(
                request,
                _("Losnummern gibt es nur für Durchgang 1; später wird nach Platzierung gesetzt."),
            )
            return redirect(self.round_url())
        return super().get(request, *args, **kwargs)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.number != 1:
            return redirect(self.round_url())
        participants = eligible_participants(self.tournament)
        values: dict[str, str] = {}
        assignments: dict[int, int | None] = {}
        flagged: dict[int, str] = {}
        for participant in participants:
            raw = request.POST.get(f"slip-{participant.pk}", "").strip()
            values[str(participant.pk)] = raw
            if not raw:
                assignments[participant.pk] = None
            elif small_int(raw, max_digits=4) is not None:
                assignments[participant.pk] = small_int(raw, max_digits=4)
            else:
                assignments[participant.pk] = None
                flagged[participant.pk] = _("„%(value)s“ ist keine Losnummer.") % {
                    "value": raw[:20]
                }
        try:
            result = enter_slips(
                self.tournament,
                assignments,
                apply="apply" in request.POST and not flagged,
                user=request.user,
            )
        except DomainError as error:
            messages.error(request, str(error))
            return self.render_to_response(
                self.get_context_data(values=values, flagged=flagged), status=400
            )
        for problem, text in zip(result.problems, result.messages, strict=True):
            for pid in problem.participant_ids:
                flagged.setdefault(pid, text)
        if result.applied:
            messages.success(
                request, _("Die Sitzordnung aus den Losnummern steht. Bitte prüfen und freigeben.")
            )
            return redirect(self.round_url())
        if not result.problems and not flagged:
            messages.success(request, _("Alle Losnummern sind erfasst und stimmig."))
            return redirect(reverse("tournament:slips", args=[self.tournament.slug, 1]))
        return self.render_to_response(
            self.get_context_data(values=values, flagged=flagged, problems=result.messages),
            status=200 if "apply" not in request.POST else 400,
        )


class WithdrawView(CheckInView):
    """POST-only switch of one participant's withdrawal (``withdrawn`` = "1" or not); a
    withdrawal also takes the participant out of draft seatings."""

    helper_allowed = False  # registration, not check-in

    field = "withdrawn"
    answers_json = False

    def switch(self, participant: Participant, value: bool) -> None:
        for notice in set_withdrawn(participant, value, user=self.request.user):
            messages.warning(self.request, notice)
        if value:
            messages.info(self.request, _("%(name)s ist abgemeldet.") % {"name": participant.name})

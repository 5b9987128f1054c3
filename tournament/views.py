"""The organiser's pages for tournaments, participants and seating.

Views only read, call a service and render; every change goes through ``services`` or
``seating_services``.
"""

from __future__ import annotations

import base64
import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import FormView, ListView, TemplateView
from django_tables2 import RequestConfig

from . import seating as pure
from . import seating_services, services
from .errors import DomainError
from .forms import DrawForm, ImportForm, ParticipantForm, TournamentForm
from .importing import MAX_FILE_BYTES
from .models import AuditEntry, Participant, Round, Tournament
from .normalize import name_sort_key, small_int
from .seating_messages import seating_problem
from .tables import ParticipantTable


class OrganiserMixin(LoginRequiredMixin):
    """Login required; ``self.tournament`` from the URL's slug (404 if unknown)."""

    tournament: Tournament
    section = ""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # Checked before loading anything, so that strangers learn nothing from a 404.
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.load(**kwargs)
        return super().dispatch(request, *args, **kwargs)

    def load(self, **kwargs: Any) -> None:
        """Look up the objects named in the URL (404 if unknown)."""
        if "slug" in kwargs:
            self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        if hasattr(self, "tournament"):
            context["tournament"] = self.tournament
            context["rounds"] = list(self.tournament.rounds.order_by("number"))
            context["pending_sheets"] = pending_sheets(self.tournament)
        context["section"] = self.section
        return context

    def redirect_back(self, default: str) -> HttpResponseRedirect:
        target = self.request.POST.get("next") or ""
        if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={self.request.get_host()}, require_https=self.request.is_secure()
        ):
            return HttpResponseRedirect(target)
        return HttpResponseRedirect(default)


def pending_sheets(tournament: Tournament) -> list[tuple[int, int]]:
    """(round, table) of the sheets handed in and waiting for the organiser's confirmation."""
    from scoring.models import Sheet

    return list(
        Sheet.objects.filter(round__tournament=tournament, status=Sheet.Status.SUBMITTED)
        .order_by("round__number", "table__number")
        .values_list("round__number", "table__number")
    )


class TournamentListView(OrganiserMixin, ListView):
    template_name = "tournament/tournament_list.html"
    context_object_name = "tournaments"

    def get_queryset(self):
        return Tournament.objects.annotate(
            participant_count=Count("participants", filter=Q(participants__withdrawn=False))
        ).order_by("-date", "name")


class TournamentCreateView(OrganiserMixin, FormView):
    template_name = "tournament/tournament_form.html"
    form_class = TournamentForm

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        data = dict(form.cleaned_data)
        try:
            tournament = services.create_tournament(
                name=data.pop("name"), date=data.pop("date"), user=self.request.user, **data
            )
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Das Turnier wurde angelegt."))
        return redirect("tournament:participants", slug=tournament.slug)


class TournamentSettingsView(OrganiserMixin, FormView):
    template_name = "tournament/tournament_form.html"
    form_class = TournamentForm
    section = "settings"

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = Tournament.objects.get(pk=self.tournament.pk)
        return kwargs

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        try:
            services.update_tournament(self.tournament, user=self.request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Die Einstellungen wurden gespeichert."))
        return redirect("tournament:detail", slug=self.tournament.slug)


class TournamentDetailView(OrganiserMixin, TemplateView):
    template_name = "tournament/tournament_detail.html"
    section = "overview"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        counts = self.tournament.participants.aggregate(
            registered=Count("pk", filter=Q(withdrawn=False)),
            checked_in=Count("pk", filter=Q(withdrawn=False, checked_in=True)),
            withdrawn=Count("pk", filter=Q(withdrawn=True)),
        )
        context["counts"] = counts
        # As services.eligible_participants: the checked-in ones once check-in has started.
        eligible = counts["checked_in"] or counts["registered"]
        context["eligible"] = eligible
        context["seating_problem"] = seating_problem(eligible)
        context["seatable"] = not context["seating_problem"]
        if context["seatable"]:
            sizes = pure.table_sizes(eligible)
            context["table_plan"] = {"fours": sizes.count(4), "fives": sizes.count(5)}
        context["next_round"] = next_round_number(self.tournament)
        return context


def next_round_number(tournament: Tournament) -> int | None:
    """The round an organiser would draw next, or None when every round exists."""
    drawn = tournament.rounds.count()
    return drawn + 1 if drawn < tournament.rounds_count else None


# ---------------------------------------------------------------------------- participants


class ParticipantListView(OrganiserMixin, TemplateView):
    template_name = "tournament/participant_list.html"
    section = "participants"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        query = self.request.GET.get("q", "").strip()
        participants = self.tournament.participants.all()
        if query:
            participants = participants.filter(Q(name__icontains=query) | Q(club__icontains=query))
        table = ParticipantTable(participants)
        RequestConfig(self.request, paginate=False).configure(table)
        context.update(
            table=table,
            query=query,
            form=kwargs.get("form") or ParticipantForm(),
            counts=self.tournament.participants.aggregate(
                registered=Count("pk", filter=Q(withdrawn=False)),
                checked_in=Count("pk", filter=Q(withdrawn=False, checked_in=True)),
            ),
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = ParticipantForm(request.POST)
        if form.is_valid():
            try:
                participant = services.add_participant(
                    self.tournament,
                    name=form.cleaned_data["name"],
                    club=form.cleaned_data["club"],
                    checked_in=bool(request.POST.get("checked_in")),
                    user=request.user,
                )
            except DomainError as error:
                form.add_error("name", error.message)
            else:
                messages.success(
                    request, _("%(name)s ist angemeldet.") % {"name": participant.name}
                )
                return redirect("tournament:participants", slug=self.tournament.slug)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class ParticipantEditView(OrganiserMixin, FormView):
    template_name = "tournament/participant_form.html"
    form_class = ParticipantForm
    section = "participants"

    def load(self, **kwargs: Any) -> None:
        super().load(**kwargs)
        self.participant = get_object_or_404(
            Participant, tournament=self.tournament, pk=kwargs["pk"]
        )

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = Participant.objects.get(pk=self.participant.pk)
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["participant"] = self.participant
        return context

    def form_valid(self, form: ParticipantForm) -> HttpResponse:
        try:
            services.update_participant(
                self.participant,
                name=form.cleaned_data["name"],
                club=form.cleaned_data["club"],
                user=self.request.user,
            )
        except DomainError as error:
            form.add_error("name", error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Gespeichert."))
        return redirect("tournament:participants", slug=self.tournament.slug)


class ParticipantToggleView(OrganiserMixin, View):
    """POST-only switches of one participant: arrival and withdrawal."""

    field = ""

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        participant = get_object_or_404(Participant, tournament=self.tournament, pk=pk)
        value = request.POST.get(self.field) == "1"
        if self.field == "checked_in":
            services.set_checked_in(participant, value, user=request.user)
        else:
            for notice in services.set_withdrawn(participant, value, user=request.user):
                messages.warning(request, notice)
            if value:
                messages.info(request, _("%(name)s ist abgemeldet.") % {"name": participant.name})
        return self.redirect_back(reverse("tournament:participants", args=[slug]))


IMPORT_SESSION_KEY = "participant_import"


class ParticipantImportView(OrganiserMixin, TemplateView):
    """Upload → preview (nothing written) → confirm (all or nothing)."""

    template_name = "tournament/participant_import.html"
    section = "participants"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("form", ImportForm())
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if "confirm" in request.POST:
            return self._confirm(request)
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form), status=400)
        upload = form.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            form.add_error(
                "file",
                _("Die Datei ist zu groß (%(size)d kB, höchstens %(max)d kB).")
                % {"size": upload.size // 1024, "max": MAX_FILE_BYTES // 1024},
            )
            return self.render_to_response(self.get_context_data(form=form), status=400)
        data = upload.read()
        preview = services.preview_import(self.tournament, data, upload.name)
        token = ""
        if preview.ok:
            token = secrets.token_urlsafe(12)
            request.session[IMPORT_SESSION_KEY] = {
                "token": token,
                "tournament": self.tournament.pk,
                "filename": upload.name,
                "data": base64.b64encode(data).decode("ascii"),
            }
        return self.render_to_response(
            self.get_context_data(form=form, preview=preview, filename=upload.name, token=token),
            status=200 if preview.ok else 400,
        )

    def _confirm(self, request: HttpRequest) -> HttpResponse:
        stored = request.session.get(IMPORT_SESSION_KEY) or {}
        if (
            stored.get("token") != request.POST.get("token")
            or stored.get("tournament") != self.tournament.pk
        ):
            messages.error(
                request, _("Die Vorschau ist abgelaufen; bitte die Datei erneut hochladen.")
            )
            return redirect("tournament:participant_import", slug=self.tournament.slug)
        data = base64.b64decode(stored["data"])
        try:
            created = services.import_participants(
                self.tournament, data, stored["filename"], user=request.user
            )
        except DomainError as error:
            messages.error(request, str(error))
            return redirect("tournament:participant_import", slug=self.tournament.slug)
        finally:
            request.session.pop(IMPORT_SESSION_KEY, None)
        messages.success(
            request,
            ngettext(
                "%(count)d Teilnehmer wurde übernommen.",
                "%(count)d Teilnehmer wurden übernommen.",
                len(created),
            )
            % {"count": len(created)},
        )
        return redirect("tournament:participants", slug=self.tournament.slug)


# ---------------------------------------------------------------------------- rounds


class RoundMixin(OrganiserMixin):
    section = "rounds"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.number = kwargs["number"]
        return super().dispatch(request, *args, **kwargs)

    def round_url(self) -> str:
        return reverse("tournament:round", args=[self.tournament.slug, self.number])


class RoundView(RoundMixin, TemplateView):
    template_name = "tournament/round_detail.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not 1 <= self.number <= self.tournament.rounds_count:
            return self.render_to_response(self.get_context_data(missing=True), status=404)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = seating_services.round_with_seating(self.tournament, self.number)
        context["round"] = round_
        context["number"] = self.number
        context["tables"] = list(round_.tables.all()) if round_ else []
        context["alphabetical"] = alphabetical_seats(context["tables"])
        if round_ is None or round_.is_draft:
            participants = self.tournament.participants.active().order_by("name")
            seated_ids = {
                seat.participant_id for table in context["tables"] for seat in table.seats.all()
            }
            context["draw_form"] = DrawForm()
            # The edits below post participant ids; _participant() checks them.
            context["seated_players"] = participants.filter(pk__in=seated_ids)
            context["unseated_players"] = participants.exclude(pk__in=seated_ids)
            context["eligible_count"] = len(services.eligible_participants(self.tournament))
            context["uses_check_in"] = self.tournament.participants.filter(
                withdrawn=False, checked_in=True
            ).exists()
        if round_ is not None and round_.tables.all():
            context["repeat_warnings"] = seating_services.repeat_warnings(self.tournament, round_)
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


def alphabetical_seats(tables) -> list[tuple[str, int, int, bool]]:
    rows = [
        (seat.participant.name, table.number, seat.number, seat.number == 1)
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


class DrawRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        form = DrawForm(request.POST)
        if not form.is_valid():
            raise DomainError(
                " ".join(error for errors in form.errors.values() for error in errors)
            )
        round_ = seating_services.draw_round(
            self.tournament, self.number, seed=form.cleaned_data["seed"], user=request.user
        )
        return _(
            "Durchgang %(number)d ist ausgelost (Startwert %(seed)d). Bitte prüfen und freigeben."
        ) % {
            "number": self.number,
            "seed": round_.seed,
        }


def _participant(tournament: Tournament, value: str | None) -> Participant:
    pk = small_int(value, max_digits=12)
    if pk is None:
        raise DomainError(_("Bitte einen Spieler wählen."))
    participant = Participant.objects.filter(tournament=tournament, pk=pk).first()
    if participant is None:
        raise DomainError(_("Diesen Spieler gibt es in diesem Turnier nicht."))
    return participant


class SwapView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        a = _participant(self.tournament, request.POST.get("a"))
        b = _participant(self.tournament, request.POST.get("b"))
        seating_services.swap_players(self.tournament, self.number, a, b, user=request.user)
        return _("%(a)s und %(b)s haben die Plätze getauscht.") % {"a": a.name, "b": b.name}


class CaptainView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        participant = _participant(self.tournament, request.POST.get("participant"))
        seating_services.make_captain(self.tournament, self.number, participant, user=request.user)
        return _("%(name)s ist jetzt Listenführer (Platz 1).") % {"name": participant.name}


class LateArrivalView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        participant = _participant(self.tournament, request.POST.get("participant"))
        raw_table = request.POST.get("table", "").strip()
        table = small_int(raw_table, max_digits=3)
        if raw_table and table is None:
            raise DomainError(_("Die Tischnummer muss eine Zahl sein."))
        round_ = seating_services.add_late_arrival(
            self.tournament, self.number, participant, table, user=request.user
        )
        seat = round_.seats.get(participant=participant)
        return _("%(name)s sitzt an Tisch %(table)d, Platz %(seat)d.") % {
            "name": participant.name,
            "table": seat.table.number,
            "seat": seat.number,
        }


class ReleaseRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        seating_services.release_round(self.tournament, self.number, user=request.user)
        return _("Durchgang %(number)d ist freigegeben.") % {"number": self.number}


class DiscardRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        seating_services.discard_draft(self.tournament, self.number, user=request.user)
        return _("Die Sitzordnung wurde verworfen.")


class CloseRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        seating_services.close_round(self.tournament, self.number, user=request.user)
        return _("Durchgang %(number)d ist abgeschlossen.") % {"number": self.number}


class SlipEntryView(RoundMixin, TemplateView):
    """Drawn slips: type each participant's Losnummer, keyboard only (Tab/Enter)."""

    template_name = "tournament/slip_entry.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = Round.objects.filter(tournament=self.tournament, number=1).first()
        participants = sorted(
            services.eligible_participants(self.tournament), key=lambda p: name_sort_key(p.name)
        )
        saved = round_.slips if round_ else {}
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
            seatable=pure.is_seatable(len(participants)),
            layout=pure.slip_layout(len(participants))
            if pure.is_seatable(len(participants))
            else [],
            problems=kwargs.get("problems", []),
            locked=round_ is not None and not round_.is_draft,
        )
        if context["layout"]:
            sizes = pure.table_sizes(len(participants))
            context["scheme"] = [
                {
                    "table": number,
                    "size": size,
                    "first": pure.slip_number(number, 1, sizes),
                    "last": pure.slip_number(number, size, sizes),
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
        participants = services.eligible_participants(self.tournament)
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
            result = seating_services.enter_slips(
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


class AuditLogView(OrganiserMixin, ListView):
    template_name = "tournament/audit_log.html"
    section = "audit"
    context_object_name = "entries"
    paginate_by = 100

    def get_queryset(self):
        return AuditEntry.objects.filter(tournament=self.tournament).select_related("user")

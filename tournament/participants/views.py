"""The organiser's pages for participants: register, edit, check in, import."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import FormView, TemplateView
from django_tables2 import RequestConfig

from tournament.access import OrganiserMixin
from tournament.errors import DomainError
from tournament.models import NameChoice, Participant, PrizeSettings, Tournament
from tournament.normalize import search_matches
from tournament.participants import pending
from tournament.participants.forms import ImportForm, ParticipantForm
from tournament.participants.import_limits import MAX_FILE_BYTES
from tournament.participants.services import (
    add_participant,
    check_in_all,
    check_out,
    import_previewed,
    preview_import,
    set_checked_in,
    update_participant,
)
from tournament.participants.tables import ParticipantTable


def matching_pks(participants: QuerySet[Participant], query: str) -> list[int]:
    """The participants whose name or club contains ``query``, folded as ``search_matches`` folds
    (case, accents, ß, spelled-out umlauts: "weiss" finds "Weiß", "Mueller" finds "Müller"). In
    Python: the database's ``icontains`` folds none of these, and a tournament has a few hundred
    names."""
    query = query[:100]
    return [
        pk
        for pk, name, club in participants.values_list("pk", "name", "club")
        if search_matches(query, name, club)
    ]


# The query parameter after a participant was added: the page puts the cursor in the name field.
NEXT_NAME = "weiter"


class ParticipantListView(OrganiserMixin, TemplateView):
    helper_allowed = True
    helper_read_only = True  # a Helfer checks in; registering (the POST) is the Turnierleitung's
    template_name = "tournament/participant_list.html"
    section = "participants"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        query = self.request.GET.get("q", "").strip()
        participants = self.tournament.participants.select_related("fee_payment")
        if query:
            participants = participants.filter(pk__in=matching_pks(participants, query))
        # A list, so that django-tables2 sorts in Python by ``sort_name`` (DIN 5007: Ä with A);
        # the database would sort by code points (Ä after Z).
        # The fee column only where the tournament takes an entry fee (``tournament.fees``).
        fees = PrizeSettings.objects.filter(tournament=self.tournament).first()
        exclude = () if fees is not None and fees.has_fees else ("paid",)
        table = ParticipantTable(list(participants), exclude=exclude)
        if query:
            table.empty_text = _("Kein Teilnehmer passt zu „%(query)s“.") % {"query": query}
        RequestConfig(self.request, paginate=False).configure(table)
        context.update(
            table=table,
            query=query,
            form=kwargs.get("form") or ParticipantForm(),
            focus_name=bool(kwargs.get("form")) or NEXT_NAME in self.request.GET,
            lead=participants_lead(self.tournament),
            undo_check_in_all=(self.request.session.get(UNDO_SESSION_KEY) or {}).get("tournament")
            == self.tournament.pk,
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = ParticipantForm(request.POST)
        if form.is_valid():
            try:
                participant = add_participant(
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
                # Back in the name field: at the desk the next arrival follows at once.
                url = reverse("tournament:participants", args=[self.tournament.slug])
                return redirect(f"{url}?{NEXT_NAME}=1")
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
        context.update(
            participant=self.participant,
            name_choices=NameChoice.choices,
            # Members are anonymised in the club's registry, with every evening of theirs.
            may_anonymise=self.tournament.club_id is not None
            and self.participant.member_id is None,
        )
        return context

    def form_valid(self, form: ParticipantForm) -> HttpResponse:
        try:
            update_participant(
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


class CheckInView(OrganiserMixin, View):
    """POST-only switch of one participant's arrival (``checked_in`` = "1" or not).

    Without JavaScript: back to the page it came from, at the participant's row (``#p-<id>``).
    Asked for JSON (``Accept: application/json``, what ``static/js/app.js`` sends): the new cells
    of the row and the count of those here, so the list stays where it is."""

    helper_allowed = True

    field = "checked_in"
    answers_json = True

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        participant = get_object_or_404(Participant, tournament=self.tournament, pk=pk)
        self.switch(participant, request.POST.get(self.field) == "1")
        if self.answers_json and "application/json" in request.headers.get("Accept", ""):
            return self.json_answer(pk)
        response = self.redirect_back(reverse("tournament:participants", args=[slug]))
        response["Location"] = f"{response['Location'].split('#')[0]}#p-{pk}"
        return response

    def switch(self, participant: Participant, value: bool) -> None:
        set_checked_in(participant, value, user=self.request.user)

    def json_answer(self, pk: int) -> JsonResponse:
        participant = Participant.objects.get(pk=pk)
        target = self.request.POST.get("next") or ""
        if not url_has_allowed_host_and_scheme(target, allowed_hosts={self.request.get_host()}):
            target = reverse("tournament:participants", args=[self.tournament.slug])
        context = {
            "record": participant,
            "tournament": self.tournament,
            "checkin_next": target.split("#")[0],
        }
        return JsonResponse(
            {
                "id": pk,
                "checked_in": participant.checked_in,
                "cell": render_to_string(CHECKIN_CELL, context, request=self.request),
                "status": render_to_string(STATUS_CELL, context, request=self.request),
                "lead": participants_lead(self.tournament),
            }
        )


CHECKIN_CELL = "tournament/includes/checkin_cell.html"
STATUS_CELL = "tournament/includes/participant_status_cell.html"
UNDO_SESSION_KEY = "participant_check_in_all"


def participants_lead(tournament: Tournament) -> str:
    """ "12 angemeldet, 9 anwesend": the line under the list's heading."""
    counts = tournament.participants.aggregate(
        registered=Count("pk", filter=Q(withdrawn=False)),
        checked_in=Count("pk", filter=Q(withdrawn=False, checked_in=True)),
    )
    return _("%(registered)s angemeldet, %(checked_in)s anwesend") % counts


class CheckInAllView(OrganiserMixin, View):
    """POST: everyone registered is here ("alle anwesend"); the ids changed go into the session
    for ``UndoCheckInAllView``."""

    helper_allowed = True

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        changed = check_in_all(self.tournament, user=request.user)
        if changed:
            request.session[UNDO_SESSION_KEY] = {"tournament": self.tournament.pk, "ids": changed}
            messages.success(
                request,
                ngettext(
                    "%(count)d Teilnehmer ist jetzt anwesend.",
                    "%(count)d Teilnehmer sind jetzt anwesend.",
                    len(changed),
                )
                % {"count": len(changed)},
            )
        else:
            messages.info(request, _("Alle Angemeldeten sind schon anwesend."))
        return redirect("tournament:participants", slug=slug)


class UndoCheckInAllView(OrganiserMixin, View):
    """POST: take back the last "alle anwesend" of this tournament (only those it checked in)."""

    helper_allowed = True

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        stored = request.session.pop(UNDO_SESSION_KEY, None) or {}
        if stored.get("tournament") == self.tournament.pk:
            changed = check_out(self.tournament, stored.get("ids", []), user=request.user)
            messages.success(
                request,
                ngettext(
                    "Die Ankunft von %(count)d Teilnehmer ist zurückgenommen.",
                    "Die Ankunft von %(count)d Teilnehmern ist zurückgenommen.",
                    len(changed),
                )
                % {"count": len(changed)},
            )
        return redirect("tournament:participants", slug=slug)


class ParticipantImportView(OrganiserMixin, TemplateView):
    """Upload → preview (nothing written) → confirm (all or nothing). Between the two the
    preview's rows wait on the server under a token (``pending``), not in the session."""

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
        preview = preview_import(self.tournament, upload.read(), upload.name)
        token = None
        if preview.ok:
            token = pending.keep(
                preview, upload.name, tournament_pk=self.tournament.pk, user_pk=request.user.pk
            )
        context = self.get_context_data(
            form=form,
            preview=preview,
            filename=upload.name,
            token=token or "",
            not_kept=preview.ok and token is None,
        )
        return self.render_to_response(context, status=200 if preview.ok else 400)

    def _confirm(self, request: HttpRequest) -> HttpResponse:
        kept = pending.take(
            request.POST.get("token", ""),
            tournament_pk=self.tournament.pk,
            user_pk=request.user.pk,
        )
        if kept is None:
            messages.error(
                request, _("Die Vorschau ist abgelaufen; bitte die Datei erneut hochladen.")
            )
            return redirect("tournament:participant_import", slug=self.tournament.slug)
        try:
            created = import_previewed(
                self.tournament, kept.rows, kept.filename, skipped=kept.skipped, user=request.user
            )
        except DomainError as error:
            messages.error(request, str(error))
            return redirect("tournament:participant_import", slug=self.tournament.slug)
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

"""The sign-up pages: the public form, the personal page (status, cancel, slip) and the short
code's lookup; the organiser's settings, list and the desk's check-in from the list."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import TemplateView

from tournament.access import OrganiserMixin
from tournament.errors import DomainError
from tournament.models import Signup, Tournament, normalize_short_code
from tournament.normalize import search_matches
from tournament.privacy.names import consent_counts, tournament_rule
from tournament.signup import brake
from tournament.signup.feasibility import arrival_feasibility, signup_feasibility
from tournament.signup.forms import (
    HONEYPOT,
    CodeForm,
    OrganiserSignupForm,
    SignupForm,
    SignupSettingsForm,
)
from tournament.signup.services import (
    cancel,
    check_in,
    is_open,
    mark_no_shows,
    move,
    save_settings,
    settings_of,
    sign_up,
    undo_check_in,
)

PAGE_SIZE = 100


def counts(tournament: Tournament) -> dict[str, int]:
    """Zusagen, Warteliste, abgesagt: one query."""
    return tournament.signups.aggregate(
        confirmed=Count("pk", filter=Q(status=Signup.Status.CONFIRMED)),
        waiting=Count("pk", filter=Q(status=Signup.Status.WAITING)),
        cancelled=Count("pk", filter=Q(status=Signup.Status.CANCELLED)),
    )


def waiting_rank(signup: Signup) -> int:
    """The sign-up's place on the waiting list (1: next to move up)."""
    ahead = signup.tournament.signups.waiting().filter(position__lt=signup.position)
    return ahead.count() + 1


class PublicSignupMixin:
    """The tournament from the slug; 404 unless its sign-up was ever switched on."""

    tournament: Tournament

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        self.settings = settings_of(self.tournament)
        if self.settings.pk is None:
            raise Http404("no sign-up")
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            tournament=self.tournament,
            signup_settings=self.settings,
            page="signup",
            # What the privacy note says is published about a participant.
            name_rule=tournament_rule(self.tournament),
            consent_counts=consent_counts(self.tournament),
        )
        return context


class SignupView(PublicSignupMixin, TemplateView):
    """The public form: name, the optional fields the organiser asks for, the consent."""

    template_name = "tournament/signup/form.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("form", SignupForm(settings=self.settings))
        context.update(open=is_open(self.settings), counts=counts(self.tournament))
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not brake.allow_signup(request):
            return brake.refused(request)
        form = SignupForm(request.POST, settings=self.settings)
        if request.POST.get(HONEYPOT):
            form = SignupForm(settings=self.settings)
            messages.error(request, _("Die Anmeldung wurde nicht angenommen."))
            return self.render_to_response(self.get_context_data(form=form), status=400)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form), status=400)
        try:
            signup = sign_up(self.tournament, form.cleaned_data)
        except DomainError as error:
            if error.field in form.fields:
                form.add_error(error.field, error.message)
            else:
                form.add_error(None, error.message)
            return self.render_to_response(self.get_context_data(form=form), status=400)
        url = reverse("signup:personal", args=[self.tournament.slug, signup.token])
        return redirect(f"{url}?neu=1")


class PersonalView(TemplateView):
    """A player's own page behind their link: status, waiting-list place, the slip, cancel."""

    template_name = "tournament/signup/personal.html"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        token = kwargs["signup_token"]
        if not brake.allow_guess(request):
            return brake.refused(request)
        self.signup = None
        if 20 <= len(token) <= 64:
            self.signup = (
                Signup.objects.select_related("tournament")
                .filter(token=token, tournament__slug=kwargs["slug"])
                .first()
            )
        if self.signup is None:
            raise Http404("no such sign-up")
        brake.found(request)
        self.tournament = self.signup.tournament
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        signup = self.signup
        context.update(
            tournament=self.tournament,
            signup=signup,
            fresh="neu" in self.request.GET,
            rank=waiting_rank(signup) if signup.status == Signup.Status.WAITING else None,
            link=self.request.build_absolute_uri(
                reverse("signup:personal", args=[self.tournament.slug, signup.token])
            ),
            page="signup",
        )
        return context

    def render_to_response(self, context: dict[str, Any], **kwargs: Any) -> HttpResponse:
        response = super().render_to_response(context, **kwargs)
        response["Cache-Control"] = "no-store"  # a person's own page: never kept by a cache
        return response

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            cancel(self.signup)
        except DomainError as error:
            messages.error(request, error.message)
            self.signup.refresh_from_db()
            return self.render_to_response(self.get_context_data(), status=400)
        messages.success(request, _("Ihre Anmeldung ist abgesagt."))
        return redirect(
            "signup:personal", slug=self.tournament.slug, signup_token=self.signup.token
        )


class CodeView(PublicSignupMixin, TemplateView):
    """Type the short code from the slip to reach the personal page."""

    template_name = "tournament/signup/code.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("form", CodeForm())
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not brake.allow_guess(request):
            return brake.refused(request)
        form = CodeForm(request.POST)
        code = normalize_short_code(request.POST.get("code", "")[:20])
        signup = self.tournament.signups.filter(short_code=code).first() if code else None
        if signup is None:
            form.is_valid()
            form.add_error("code", _("Zu diesem Kurzcode gibt es keine Anmeldung."))
            return self.render_to_response(self.get_context_data(form=form), status=400)
        brake.found(request)
        return redirect("signup:personal", slug=self.tournament.slug, signup_token=signup.token)


# --- the organiser's pages -------------------------------------------------------------------


class SignupSettingsView(OrganiserMixin, TemplateView):
    template_name = "tournament/signup/settings.html"
    section = "signups"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        settings = settings_of(self.tournament)
        context.setdefault("form", SignupSettingsForm(instance=settings))
        context["public_url"] = self.request.build_absolute_uri(
            reverse("signup:form", args=[self.tournament.slug])
        )
        context["saved"] = settings.pk is not None
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = SignupSettingsForm(request.POST, instance=settings_of(self.tournament))
        if form.is_valid():
            try:
                save_settings(self.tournament, form.cleaned_data, user=request.user)
            except DomainError as error:
                form.add_error(error.field, error.message)
            else:
                messages.success(request, _("Gespeichert."))
                return redirect("tournament:signups", slug=self.tournament.slug)
        return self.render_to_response(self.get_context_data(form=form), status=400)


STATUS_TABS = {
    "zusagen": Signup.Status.CONFIRMED,
    "warteliste": Signup.Status.WAITING,
    "abgesagt": Signup.Status.CANCELLED,
}


def searched(signups, query: str):
    """The sign-ups whose name or club contains ``query`` (folded as the participants' search)."""
    query = query[:100]
    pks = [
        pk
        for pk, name, club in signups.values_list("pk", "name", "club")
        if search_matches(query, name, club)
    ]
    return signups.filter(pk__in=pks)


class SignupListView(OrganiserMixin, TemplateView):
    """The list by status (Zusagen, Warteliste, abgesagt), a page of 100 at a time, with the
    feasibility of the Zusagen; POST adds someone (the organiser's own entry)."""

    template_name = "tournament/signup/list.html"
    section = "signups"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tab = self.request.GET.get("liste", "zusagen")
        status = STATUS_TABS.get(tab, Signup.Status.CONFIRMED)
        query = self.request.GET.get("q", "").strip()
        signups = self.tournament.signups.filter(status=status).order_by("position")
        if query:
            signups = searched(signups, query)
        page = Paginator(signups.select_related("participant"), PAGE_SIZE).get_page(
            self.request.GET.get("seite")
        )
        number_counts = counts(self.tournament)
        settings = settings_of(self.tournament)
        context.update(
            tab=tab if tab in STATUS_TABS else "zusagen",
            tabs=STATUS_TABS,
            query=query,
            page_obj=page,
            counts=number_counts,
            signup_settings=settings,
            open=is_open(settings),
            feasibility=signup_feasibility(number_counts["confirmed"], self.tournament.table_sizes),
            form=kwargs.get("form") or OrganiserSignupForm(),
            offset=(page.number - 1) * PAGE_SIZE,
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = OrganiserSignupForm(request.POST)
        if form.is_valid():
            try:
                signup = sign_up(self.tournament, form.cleaned_data, user=request.user)
            except DomainError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                messages.success(
                    request,
                    _("%(name)s steht auf der Liste (%(status)s).")
                    % {"name": signup.name, "status": signup.get_status_display()},
                )
                return redirect("tournament:signups", slug=self.tournament.slug)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class SignupActionView(OrganiserMixin, View):
    """POST: move (``richtung`` up, down, confirm, wait) or remove (cancel) one sign-up."""

    action = "move"

    def post(self, request: HttpRequest, slug: str, signup_pk: int) -> HttpResponse:
        signup = get_object_or_404(Signup, tournament=self.tournament, pk=signup_pk)
        try:
            if self.action == "cancel":
                moved = cancel(signup, user=request.user)
                messages.success(request, _("%(name)s ist abgesagt.") % {"name": signup.name})
                for other in moved:
                    messages.info(request, _("%(name)s rückt nach.") % {"name": other.name})
            else:
                move(signup, request.POST.get("richtung", ""), user=request.user)
        except DomainError as error:
            messages.error(request, error.message)
        return self.redirect_back(reverse("tournament:signups", args=[slug]))


class SignupDeskView(OrganiserMixin, TemplateView):
    """The desk on the evening: tick the Zusagen who came (several at once), search, take a
    tick back, mark the rest as not come; late arrivals and walk-ins on the participants'
    page as always."""

    helper_allowed = True
    template_name = "tournament/signup/desk.html"
    section = "signups"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        query = self.request.GET.get("q", "").strip()
        signups = self.tournament.signups.confirmed().order_by("position")
        if query:
            signups = searched(signups, query)
        page = Paginator(signups.select_related("participant"), PAGE_SIZE).get_page(
            self.request.GET.get("seite")
        )
        here = self.tournament.participants.filter(withdrawn=False, checked_in=True).count()
        arrived = self.tournament.signups.confirmed().filter(participant__checked_in=True).count()
        context.update(
            query=query,
            page_obj=page,
            here=here,
            arrived=arrived,
            counts=counts(self.tournament),
            feasibility=arrival_feasibility(here, self.tournament.table_sizes),
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        action = request.POST.get("aktion", "")
        pks = [int(pk) for pk in request.POST.getlist("signup") if pk.isdigit()][:1000]
        if action == "ankunft":
            result = check_in(self.tournament, pks, user=request.user)
            if result.arrived:
                messages.success(
                    request,
                    ngettext(
                        "%(count)d Anmeldung angekommen.",
                        "%(count)d Anmeldungen angekommen.",
                        len(result.arrived),
                    )
                    % {"count": len(result.arrived)},
                )
            elif not result.problems:
                messages.info(request, _("Niemand ausgewählt."))
            for problem in result.problems:
                messages.error(request, problem)
        elif action == "zurueck":
            undone = undo_check_in(self.tournament, pks, user=request.user)
            messages.success(
                request,
                ngettext(
                    "Ankunft von %(count)d Anmeldung zurückgenommen.",
                    "Ankunft von %(count)d Anmeldungen zurückgenommen.",
                    len(undone),
                )
                % {"count": len(undone)},
            )
        elif action == "nicht-erschienen":
            count = mark_no_shows(self.tournament, user=request.user)
            messages.success(
                request,
                ngettext(
                    "%(count)d Zusage als nicht erschienen markiert.",
                    "%(count)d Zusagen als nicht erschienen markiert.",
                    count,
                )
                % {"count": count},
            )
        else:
            messages.error(request, _("Unbekannte Aktion."))
        return self.redirect_back(reverse("tournament:signup_desk", args=[self.tournament.slug]))

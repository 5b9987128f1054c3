"""A club's own pages for its logins: found a club, invite, roles, remove, attach tournaments,
and the invitation link itself. The services in ``tournament.clubs.logins`` decide; these pages
only call them and render."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.access import ClubMixin
from tournament.clubs.forms import FoundClubForm, InviteForm, NewLoginForm
from tournament.clubs.logins import (
    accept_invitation,
    accept_with_new_login,
    attach_tournament,
    attachable_tournaments,
    found_club,
    invite,
    may_found_club,
    open_invitation,
    remove_login,
    set_role,
    withdraw_invitation,
)
from tournament.errors import DomainError
from tournament.models import ClubInvitation, ClubMembership

# The session key under which the link of a new invitation waits to be shown once.
NEW_LINK = "club_invitation_link"


def _form_error(form: Any, error: DomainError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error.message)


class FoundClubView(LoginRequiredMixin, FormView):
    """Any login without a club founds one and becomes its Turnierleitung."""

    template_name = "tournament/clubs/club_found.html"
    form_class = FoundClubForm

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated and not may_found_club(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form: FoundClubForm) -> HttpResponse:
        try:
            club = found_club(self.request.user, **form.cleaned_data)
        except DomainError as error:
            _form_error(form, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Der Verein „%(name)s“ ist gegründet. Laden Sie jetzt Ihre Helfer ein.")
            % {"name": club.name},
        )
        return redirect("clubs:logins", club=club.slug)


class ClubLoginsView(ClubMixin, TemplateView):
    """The club's logins and open invitations; POST makes an invitation."""

    template_name = "tournament/clubs/club_logins.html"
    section = "logins"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        new_link = self.request.session.pop(NEW_LINK, None)
        if new_link and new_link.get("club") != self.club.pk:
            new_link = None
        context.update(
            memberships=self.club.memberships.select_related("user").order_by("user__username"),
            invitations=self.club.invitations.filter(accepted_at__isnull=True),
            now=timezone.now(),
            roles=ClubMembership.Role.choices,
            form=kwargs.get("form") or InviteForm(),
            new_link=new_link,
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = InviteForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        try:
            invitation, token = invite(self.club, by=request.user, **form.cleaned_data)
        except DomainError as error:
            _form_error(form, error)
            return self.render_to_response(self.get_context_data(form=form))
        url = reverse("invitation", kwargs={"token": token})
        base = settings.PUBLIC_BASE_URL.rstrip("/") if settings.PUBLIC_BASE_URL else ""
        request.session[NEW_LINK] = {
            "club": self.club.pk,
            "url": (base + url) if base else request.build_absolute_uri(url),
            "role": invitation.get_role_display(),
            "note": invitation.note,
        }
        return redirect("clubs:logins", club=self.club.slug)


class ClubLoginView(ClubMixin, View):
    """One login of the club (POST ``login``: its membership's id): change its role or remove it
    from the club. The id comes with the form, not in the URL: the page's address stays the same
    for every login."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        membership = (
            ClubMembership.objects.select_related("user")
            .filter(club=self.club, pk=_id(request.POST.get("login")))
            .first()
        )
        if membership is None:
            messages.error(request, _("Diesen Zugang gibt es im Verein nicht (mehr)."))
            return redirect("clubs:logins", club=self.club.slug)
        name = membership.user.get_username()
        try:
            if request.POST.get("action") == "remove":
                remove_login(membership, by=request.user)
                messages.success(
                    request, _("„%(name)s“ gehört nicht mehr zum Verein.") % {"name": name}
                )
                if membership.user_id == request.user.pk:
                    return redirect("tournament:list")
            else:
                membership = set_role(membership, request.POST.get("role", ""), by=request.user)
                messages.success(
                    request,
                    _("„%(name)s“ hat jetzt die Rolle %(role)s.")
                    % {"name": name, "role": membership.get_role_display()},
                )
                if membership.user_id == request.user.pk and membership.role != "organiser":
                    return redirect("tournament:list")
        except DomainError as error:
            messages.error(request, error.message)
        return redirect("clubs:logins", club=self.club.slug)


def _id(value: str | None) -> int:
    """A posted id; 0 (no object) for anything that is not a small positive number."""
    text = (value or "").strip()
    return int(text) if text.isdigit() and len(text) < 12 else 0


class WithdrawInvitationView(ClubMixin, View):
    """POST ``invitation``: the id of an open invitation of the club."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        invitation = ClubInvitation.objects.filter(
            club=self.club, pk=_id(request.POST.get("invitation"))
        ).first()
        if invitation is None:
            messages.error(request, _("Diese Einladung gibt es nicht (mehr)."))
            return redirect("clubs:logins", club=self.club.slug)
        try:
            withdraw_invitation(invitation, by=request.user)
            messages.success(
                request, _("Die Einladung ist zurückgenommen; der Link gilt nicht mehr.")
            )
        except DomainError as error:
            messages.error(request, error.message)
        return redirect("clubs:logins", club=self.club.slug)


class ClubTournamentsView(ClubMixin, TemplateView):
    """The club's tournaments, and older ones of this login (without a club) to bring in."""

    template_name = "tournament/clubs/club_tournaments.html"
    section = "tournaments"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            tournaments=self.club.tournaments.order_by("-date", "name"),
            attachable=attachable_tournaments(self.request.user),
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        candidates = {t.slug: t for t in attachable_tournaments(request.user)}
        tournament = candidates.get(request.POST.get("tournament", ""))
        if tournament is None:
            messages.error(request, _("Bitte ein Turnier aus der Liste wählen."))
            return redirect("clubs:tournaments", club=self.club.slug)
        try:
            attach_tournament(self.club, tournament, by=request.user)
            messages.success(
                request,
                _("„%(name)s“ gehört jetzt zum Verein „%(club)s“.")
                % {"name": tournament.name, "club": self.club.name},
            )
        except DomainError as error:
            messages.error(request, error.message)
        return redirect("clubs:tournaments", club=self.club.slug)


class InvitationView(TemplateView):
    """The link in the invitation: no login needed to open it. A stranger makes a login of
    their own; a logged-in login joins as it is."""

    template_name = "tournament/clubs/invitation.html"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.token = kwargs["token"]
        self.invitation = open_invitation(self.token)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            invitation=self.invitation,
            form=kwargs.get("form") or NewLoginForm(),
            error=kwargs.get("error"),
            login_url=reverse("login") + "?next=" + self.request.path,
        )
        return context

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        status = 200 if self.invitation else 404
        return self.render_to_response(self.get_context_data(), status=status)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            try:
                membership = accept_invitation(self.token, request.user)
            except DomainError as error:
                return self.render_to_response(self.get_context_data(error=error.message))
            messages.success(
                request,
                _("Willkommen im Verein „%(club)s“ (%(role)s).")
                % {"club": membership.club.name, "role": membership.get_role_display()},
            )
            return redirect("tournament:list")
        form = NewLoginForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        try:
            user = accept_with_new_login(
                self.token,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
            )
        except DomainError as error:
            if error.field == "password":
                form.add_error("password1", error.message)
            elif error.field in form.fields:
                form.add_error(error.field, error.message)
            else:
                return self.render_to_response(self.get_context_data(error=error.message))
            return self.render_to_response(self.get_context_data(form=form))
        login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        messages.success(
            request,
            _("Willkommen! Ihr Zugang „%(name)s“ gehört jetzt zum Verein „%(club)s“.")
            % {"name": user.get_username(), "club": self.invitation.club.name},
        )
        return redirect("tournament:list")

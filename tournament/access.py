"""Who may open the organiser's pages: the mixin every organiser view starts from.

A login sees a tournament's pages only if ``tournament.permissions`` says it may manage it; for
any other login the tournament does not exist (404, the same answer as for an unknown short
name, so that nobody learns which tournaments there are). A club's Helfer sees the tournament but
gets 403 on every page that does not say ``helper_allowed = True``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils.http import url_has_allowed_host_and_scheme

from tournament.models import Club, Tournament
from tournament.permissions import (
    FULL,
    club_role,
    clubs_for,
    may_start_tournaments,
    role_of,
    tournaments_for,
    with_roles,
)


class OrganiserMixin(LoginRequiredMixin):
    """Login required; ``self.tournament`` from the URL's slug, among the tournaments the login
    may manage (404 otherwise). Subclasses load further objects in ``load`` from
    ``self.tournament``, never from the URL's slug."""

    tournament: Tournament
    section = ""
    # Whether a club's Helfer may use this page (check-in, sheets, printing); else 403.
    helper_allowed = False
    # With ``helper_allowed``: a Helfer may only look (GET, HEAD), e.g. the participant list,
    # whose POST registers a new participant.
    helper_read_only = False
    # A page without a tournament that makes one (new tournament, restore a backup): not for a
    # login that is only a club's Helfer (``may_start_tournaments``).
    starts_tournament = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # Checked before loading anything, so that strangers learn nothing from a 404.
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if "slug" in kwargs:
            # One query: the tournament, if this login may manage it, with its role.
            self.tournament = get_object_or_404(
                with_roles(request.user, tournaments_for(request.user)), slug=kwargs["slug"]
            )
            self.role = role_of(request.user, self.tournament)
            if self.role != FULL and not self.helper_may(request):
                raise PermissionDenied
        elif self.starts_tournament and not may_start_tournaments(request.user):
            raise PermissionDenied
        self.load(**kwargs)
        return super().dispatch(request, *args, **kwargs)

    def helper_may(self, request: HttpRequest) -> bool:
        if self.helper_read_only and request.method not in ("GET", "HEAD"):
            return False
        return bool(self.helper_allowed)

    def load(self, **kwargs: Any) -> None:
        """Look up further objects named in the URL inside ``self.tournament`` (404 if unknown)."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        if hasattr(self, "tournament"):
            context["tournament"] = self.tournament
            context["full_access"] = self.role == FULL
            context["rounds"] = list(self.tournament.rounds.order_by("number"))
        context["section"] = self.section
        return context

    def redirect_back(self, default: str) -> HttpResponseRedirect:
        target = self.request.POST.get("next") or ""
        if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={self.request.get_host()}, require_https=self.request.is_secure()
        ):
            return HttpResponseRedirect(target)
        return HttpResponseRedirect(default)


class ClubMixin(LoginRequiredMixin):
    """A club's organiser pages: ``self.club`` from the URL's ``club`` slug among the clubs the
    login belongs to (404 otherwise, like a tournament of another club). A Helfer gets 403 on
    every page that does not say ``helper_allowed = True``."""

    club: Club
    helper_allowed = False
    section = "club"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.club = get_object_or_404(clubs_for(request.user), slug=kwargs["club"])
        self.role = club_role(request.user, self.club)
        if self.role != FULL and not self.helper_allowed:
            raise PermissionDenied
        self.load(**kwargs)
        return super().dispatch(request, *args, **kwargs)

    def load(self, **kwargs: Any) -> None:
        """Look up further objects named in the URL inside ``self.club`` (404 if unknown)."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(club=self.club, full_access=self.role == FULL, section=self.section)
        return context

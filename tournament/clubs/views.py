"""The club's logo page (Turnierleitung of the club): upload, look at, remove."""

from __future__ import annotations

import base64
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from tournament.access import ClubMixin
from tournament.clubs.forms import ClubLogoForm
from tournament.clubs.logo import MAX_BYTES, LogoRefused, too_large
from tournament.clubs.services import remove_club_logo, store_club_logo


class ClubLogoView(ClubMixin, FormView):
    template_name = "tournament/clubs/club_logo.html"
    form_class = ClubLogoForm
    section = "logo"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        logo = bytes(self.club.logo) if self.club.logo else b""
        # Shown inline (the page's CSP allows data: images): no URL that serves club data.
        context["logo_src"] = (
            "data:image/png;base64," + base64.b64encode(logo).decode() if logo else ""
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if "remove" in request.POST:
            remove_club_logo(self.club)
            messages.success(request, _("Das Logo wurde entfernt."))
            return redirect("clubs:logo", club=self.club.slug)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: ClubLogoForm) -> HttpResponse:
        upload = form.cleaned_data["logo"]
        try:
            if upload.size > MAX_BYTES:
                raise too_large(upload.size)  # refused unread
            store_club_logo(self.club, upload.read(MAX_BYTES + 1))
        except LogoRefused as error:
            form.add_error("logo", error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Das Logo wurde gespeichert."))
        return redirect("clubs:logo", club=self.club.slug)

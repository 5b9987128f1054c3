"""The organiser's page of the projector's show: the announcements (add, change, switch on and
off, order, delete), a link to the projector and to the slide switches in the settings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from public.show.announcements import (
    add_announcement,
    change_announcement,
    delete_announcement,
    move_announcement,
)
from tournament.access import OrganiserMixin
from tournament.errors import DomainError
from tournament.models import ANNOUNCEMENT_LENGTH, ANNOUNCEMENTS_LIMIT, Announcement

ACTIONS = ("save", "up", "down", "delete")


class AnnouncementsView(OrganiserMixin, TemplateView):
    template_name = "scoring/show/announcements.html"
    section = "show"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            announcements=list(self.tournament.announcements.all()),
            text_length=ANNOUNCEMENT_LENGTH,
            limit=ANNOUNCEMENTS_LIMIT,
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            add_announcement(self.tournament, text=request.POST.get("text", ""), user=request.user)
        except DomainError as error:
            context = self.get_context_data(error=error.message, text=request.POST.get("text"))
            return self.render_to_response(context, status=400)
        messages.success(request, _("Die Ansage wurde angelegt."))
        return redirect("scoring:announcements", slug=self.tournament.slug)


class AnnouncementActionView(OrganiserMixin, View):
    """POST only: ``action`` save (text, shown), up, down or delete one announcement."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        pk, user = kwargs["pk"], request.user
        action = request.POST.get("action", "")
        if not self.tournament.announcements.filter(pk=pk).exists():
            raise Http404("no such announcement")
        try:
            if action == "save":
                change_announcement(
                    self.tournament,
                    pk,
                    text=request.POST.get("text", ""),
                    active=request.POST.get("active") == "on",
                    user=user,
                )
            elif action in ("up", "down"):
                move_announcement(self.tournament, pk, step=-1 if action == "up" else 1, user=user)
            elif action == "delete":
                delete_announcement(self.tournament, pk, user=user)
            else:
                messages.error(request, _("Unbekannte Aktion."))
        except Announcement.DoesNotExist:
            raise Http404("no such announcement") from None
        except DomainError as error:
            messages.error(request, error.message)
        return redirect("scoring:announcements", slug=self.tournament.slug)

"""The table captain's page: one table's sheet through its private link, nothing else.

The link's token names one table of one released round. It stops working when the organiser
revokes it or closes the round; wrong tokens are rate-limited per client address.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views import View
from django.views.generic import TemplateView

from scoring.models import Sheet, SheetVersion
from scoring.sheets.captain_access import TokenRateLimited, resolve_token
from scoring.sheets.views import ScoreGameMixin, SheetEntryMixin, SheetPreviewMixin
from tournament.models import Table


class CaptainAccessMixin:
    """Resolve the token to its table's sheet, or 404 for unknown, revoked or closed links."""

    sheet: Sheet
    table: Table

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            self.table = resolve_token(request, kwargs["token"])
        except TokenRateLimited as limited:
            return limited.response(request)
        self.token = kwargs["token"]
        self.sheet = Sheet.objects.select_related("round__tournament", "table").get(
            table=self.table
        )
        return super().dispatch(request, *args, **kwargs)

    def captain_url(self) -> str:
        return reverse("captain:sheet", args=[self.token])


class CaptainSheetView(CaptainAccessMixin, SheetEntryMixin, TemplateView):
    template_name = "scoring/captain_sheet.html"
    source = SheetVersion.Source.CAPTAIN

    def preview_url(self) -> str:
        return reverse("captain:preview", args=[self.token])

    def score_url(self) -> str:
        return reverse("captain:score", args=[self.token])

    def can_edit(self) -> bool:
        return super().can_edit() and self.sheet.status != Sheet.Status.SUBMITTED


class CaptainPreviewView(CaptainAccessMixin, SheetPreviewMixin, View):
    pass


class CaptainScoreGameView(CaptainAccessMixin, ScoreGameMixin, View):
    pass

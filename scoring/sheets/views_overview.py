"""The organiser's overview of a round: every table's sheet, its state and its captain's link."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Exists, OuterRef, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from scoring.models import Sheet, SheetVersion
from scoring.sheets.links import (
    captain_url,
    is_loopback,
    lan_page_url,
    public_base_url,
    qr_data_uri,
    renew_link,
    set_link_revoked,
)
from scoring.sheets.reading import latest_versions
from tournament.access import OrganiserMixin
from tournament.models import Round, Seat, Table


class RoundSheetsView(OrganiserMixin, TemplateView):
    """Which tables are open, handed in, confirmed; the captains' links with QR codes."""

    helper_allowed = True

    template_name = "scoring/round_sheets.html"
    section = "rounds"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        number = self.kwargs["number"]
        round_ = Round.objects.filter(tournament=self.tournament, number=number).first()
        if round_ is None or round_.is_draft:
            raise Http404("round not released")
        tables = (
            Table.objects.filter(round=round_)
            .select_related("sheet")
            .annotate(
                confirmed_before=Exists(
                    SheetVersion.objects.filter(sheet__table=OuterRef("pk"), confirmed=True)
                )
            )
            .prefetch_related(
                Prefetch(
                    "seats", queryset=Seat.objects.select_related("participant").order_by("number")
                )
            )
            .order_by("number")
        )
        # With the games: a row that is no game (a DDV penalty line) is not counted as one.
        latest = latest_versions(round_, with_games=True)
        rules = self.tournament.rules
        options = self.tournament.scoring_options
        show_qr = self.request.GET.get("qr") == "1"
        base = public_base_url(self.request)
        rows = []
        # A sheet reopened for a correction is counted as such, not as handed in.
        counts = {"open": 0, "submitted": 0, "confirmed": 0, "reopened": 0}
        for table in tables:
            status = table.sheet.status
            if table.confirmed_before and status != Sheet.Status.CONFIRMED:
                status = "reopened"
            counts[status] = counts.get(status, 0) + 1
            link = captain_url(table.entry_token, base)
            seats = table.seat_list()
            keeper = self.tournament.list_keeper_seat(len(seats))
            rows.append(
                {
                    "table": table,
                    "captain": next(
                        (seat.participant.name for seat in seats if seat.number == keeper), ""
                    ),
                    "size": len(seats),
                    "link": link,
                    "qr": qr_data_uri(link, scale=3) if show_qr else "",
                    "version": (version := latest.get(table.pk)),
                    "games": rules.played_rows(
                        [game.record for game in version.games.all()], options
                    )
                    if version is not None
                    else 0,
                    "status": table.sheet.status_label(table.confirmed_before),
                }
            )
        context.update(
            round=round_,
            number=number,
            rows=rows,
            counts=counts,
            base_url=base,
            base_qr=qr_data_uri(base + "/", scale=5),
            base_is_loopback=is_loopback(base),
            lan_page=lan_page_url(self.request),
            show_qr=show_qr,
        )
        return context


class LinkActionView(OrganiserMixin, View):
    action = ""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = get_object_or_404(
            Table,
            round__tournament=self.tournament,
            round__number=kwargs["number"],
            number=kwargs["table"],
        )
        if self.action == "revoke":
            set_link_revoked(table, True, user=request.user)
            messages.success(
                request, _("Der Link von Tisch %(t)d ist gesperrt.") % {"t": table.number}
            )
        elif self.action == "allow":
            set_link_revoked(table, False, user=request.user)
            messages.success(
                request, _("Der Link von Tisch %(t)d gilt wieder.") % {"t": table.number}
            )
        else:
            renew_link(table, user=request.user)
            messages.success(
                request,
                _("Tisch %(t)d hat einen neuen Link; der alte gilt nicht mehr.")
                % {"t": table.number},
            )
        return redirect("scoring:round_sheets", slug=self.tournament.slug, number=kwargs["number"])

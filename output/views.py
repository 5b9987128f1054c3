"""The organiser's printouts, spreadsheets and backup downloads (login required).

Each download view reads what it needs, calls one renderer of ``output.printouts`` and returns
the file as an attachment. A request that cannot be served (a draft round's score sheets, an
``after_round`` out of range, no games played yet) gets the downloads page again with the
reason and status 400; an unknown round is a 404.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView
from django.views.generic.base import ContextMixin

from output.printouts.pdf_base import PDF_CONTENT_TYPE
from output.printouts.pdf_certificates import certificates_pdf, podium_rows
from output.printouts.pdf_checkin import checkin_pdf
from output.printouts.pdf_seating import seating_pdf
from output.printouts.pdf_sheets import score_sheets_pdf
from output.printouts.pdf_slips import slips_pdf
from output.printouts.pdf_standings import standings_pdf
from output.printouts.pdf_table_cards import table_cards_pdf
from output.reports import (
    game_points_rows,
    games_rows,
    participants_rows,
    seating_rows,
    standings_rows,
)
from output.spreadsheets.csv_zip import results_zip
from output.spreadsheets.ranking_list import ranking_list_csv, ranking_list_rows
from output.spreadsheets.xlsx import XLSX_CONTENT_TYPE, render_xlsx
from scoring.sheets.links import is_loopback, lan_page_url, public_base_url
from scoring.standings.ranking import Standings, compute_standings, latest_round_number
from scoring.standings.views import BadParameter, after_round_parameter
from tournament.access import OrganiserMixin
from tournament.models import Round, Tournament
from tournament.participants.services import eligible_participants
from tournament.seating.messages import seating_problem
from tournament.seating.reading import round_with_seating

JSON_CONTENT_TYPE = "application/json; charset=utf-8"
ZIP_CONTENT_TYPE = "application/zip"


class Refused(Exception):
    """The download cannot be made; ``message`` says why (shown on the downloads page)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def file_response(data: bytes, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    # Score sheets and backups carry the captains' entry links: keep them out of caches.
    response["Cache-Control"] = "private, no-store"
    return response


def slip_count(tournament: Tournament) -> int:
    """Slips for round 1: one per seat once it is seated, else one per eligible participant."""
    round_ = round_with_seating(tournament, 1)
    if round_ is not None and round_.is_seated:
        return sum(len(table.seats.all()) for table in round_.tables.all())
    return len(eligible_participants(tournament))


# ---------------------------------------------------------------------------- the page


def downloads_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    rounds = list(tournament.rounds.order_by("number").prefetch_related("tables"))
    slips = slip_count(tournament)
    slip_problem = seating_problem(slips, tournament.table_sizes)
    return {
        "round_list": [
            {"round": round_, "seated": bool(round_.tables.all()), "released": not round_.is_draft}
            for round_ in rounds
        ],
        "latest_round": latest_round_number(tournament),
        "slip_count": slips,
        "slip_problem": slip_problem,
        "table_sizes": tournament.table_sizes,
        "slips_possible": not any(r.number == 1 and not r.is_draft for r in rounds),
        "qr_base_url": public_base_url(request),
        "qr_loopback": is_loopback(public_base_url(request)),
        "lan_page": lan_page_url(request),
    }


class DownloadsView(OrganiserMixin, TemplateView):
    helper_allowed = True
    template_name = "scoring/downloads.html"
    section = "downloads"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(downloads_context(self.request, self.tournament))
        return context


class DownloadView(OrganiserMixin, ContextMixin, View):
    """A file to download; subclasses build ``(data, filename)``."""

    helper_allowed = True  # printing; spreadsheets and backups say no

    content_type = PDF_CONTENT_TYPE
    section = "downloads"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            data, filename = self.build(**kwargs)
        except Refused as error:
            context = self.get_context_data(refusal=error.message)
            context.update(downloads_context(request, self.tournament))
            return render(request, "scoring/downloads.html", context, status=error.status)
        return file_response(data, filename, self.content_type)

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        raise NotImplementedError

    # --- shared lookups

    def seated_round(self, number: int) -> Round:
        round_ = round_with_seating(self.tournament, number)
        if round_ is None:
            raise Http404(_("Diesen Durchgang gibt es nicht."))
        if not round_.is_seated:
            raise Refused(
                _("Durchgang %(number)d hat noch keine Sitzordnung.") % {"number": number}, 404
            )
        return round_

    def standings(self) -> Standings:
        try:
            after_round = after_round_parameter(self.request, self.tournament)
        except BadParameter as error:
            raise Refused(str(error)) from error
        if after_round is None:
            after_round = latest_round_number(self.tournament)
        if after_round < 1:
            raise Refused(_("Noch kein Durchgang ist freigegeben; es gibt noch keine Tabelle."))
        return compute_standings(self.tournament, after_round)

    def played_standings(self) -> Standings:
        """The standings, refused while no sheet is confirmed (no "Stand nach Durchgang 0")."""
        standings = self.standings()
        if standings.after_round < 1:
            raise Refused(_("Noch keine bestätigten Spiele."))
        return standings

    def name(self, *parts: Any, extension: str) -> str:
        return "-".join([self.tournament.slug, *map(str, parts)]) + f".{extension}"


# ---------------------------------------------------------------------------- PDF


class SeatingPdfView(DownloadView):
    def build(self, *, number: int, **kwargs: Any) -> tuple[bytes, str]:
        round_ = self.seated_round(number)
        name = self.name("sitzordnung-durchgang", number, extension="pdf")
        if round_.is_draft:
            name = self.name("sitzordnung-durchgang", number, "entwurf", extension="pdf")
        return seating_pdf(round_), name


class ScoreSheetsPdfView(DownloadView):
    """``?filled=1`` prints the games entered so far (for the archive); ``?tisch=3`` only
    that table's sheet; ``?leer=4`` (or 5) a blank spare sheet without names."""

    def build(self, *, number: int, **kwargs: Any) -> tuple[bytes, str]:
        round_ = self.seated_round(number)
        if round_.is_draft:
            raise Refused(
                _(
                    "Spiellisten gibt es erst, wenn Durchgang %(number)d freigegeben ist: "
                    "vorher kann sich die Sitzordnung noch ändern."
                )
                % {"number": number}
            )
        filled = self.request.GET.get("filled") == "1"
        spare = self.request.GET.get("leer", "")
        if spare:
            sizes = self.tournament.table_sizes
            if spare not in {str(size) for size in sizes}:
                if sizes == (4, 5):
                    raise Refused(_("Eine leere Liste gibt es für 4 oder 5 Spieler."))
                raise Refused(
                    _("Eine leere Liste gibt es für %(sizes)s Spieler.")
                    % {"sizes": ", ".join(str(size) for size in sizes)}
                )
            data = score_sheets_pdf(round_, public_base_url(self.request), spare=int(spare))
            return data, self.name("spielliste-leer", spare, "durchgang", number, extension="pdf")
        table = self.table_parameter(round_)
        data = score_sheets_pdf(
            round_, public_base_url(self.request), with_games=filled, table=table
        )
        kind = "spiellisten-ausgefuellt" if filled else "spiellisten"
        if table is not None:
            return data, self.name(kind, "durchgang", number, "tisch", table, extension="pdf")
        return data, self.name(kind, "durchgang", number, extension="pdf")

    def table_parameter(self, round_: Round) -> int | None:
        """``?tisch=3``: only that table's sheet (a spare for a spoilt one)."""
        value = self.request.GET.get("tisch", "").strip()
        if not value:
            return None
        numbers = [table.number for table in round_.tables.all()]
        if not value.isdigit() or int(value) not in numbers:
            raise Refused(
                _("Tisch muss eine Zahl von 1 bis %(last)d sein.") % {"last": max(numbers)}
            )
        return int(value)


class RoundPrintoutsZipView(DownloadView):
    """Everything to print when a round starts, in one download: the seating, the table cards,
    the score sheets with their QR codes and the standings as they are (left out while nothing
    is confirmed)."""

    content_type = ZIP_CONTENT_TYPE

    def build(self, *, number: int, **kwargs: Any) -> tuple[bytes, str]:
        round_ = self.seated_round(number)
        if round_.is_draft:
            raise Refused(
                _(
                    "Die Ausdrucke gibt es erst, wenn Durchgang %(number)d freigegeben ist: "
                    "vorher kann sich die Sitzordnung noch ändern."
                )
                % {"number": number}
            )
        files = [
            (self.name("sitzordnung-durchgang", number, extension="pdf"), seating_pdf(round_)),
            (self.name("tischkarten-durchgang", number, extension="pdf"), table_cards_pdf(round_)),
            (
                self.name("spiellisten", "durchgang", number, extension="pdf"),
                score_sheets_pdf(round_, public_base_url(self.request)),
            ),
        ]
        try:
            standings = self.played_standings()
        except Refused:
            standings = None  # nothing confirmed yet: no standings to pin up
        if standings is not None:
            files.append(
                (
                    self.name("tabelle-nach-durchgang", standings.after_round, extension="pdf"),
                    standings_pdf(standings),
                )
            )
        buffer = io.BytesIO()
        # PDFs are compressed already: stored, not deflated again.
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
            for filename, data in files:
                archive.writestr(filename, data)
        return buffer.getvalue(), self.name("ausdrucke-durchgang", number, extension="zip")


class TableCardsPdfView(DownloadView):
    """A card for every table of a seated round (a draft's cards are marked as such)."""

    def build(self, *, number: int, **kwargs: Any) -> tuple[bytes, str]:
        round_ = self.seated_round(number)
        parts: list[Any] = ["tischkarten-durchgang", number]
        if round_.is_draft:
            parts.append("entwurf")
        return table_cards_pdf(round_), self.name(*parts, extension="pdf")


class SlipsPdfView(DownloadView):
    def build(self, *, number: int, **kwargs: Any) -> tuple[bytes, str]:
        if number != 1:
            raise Http404(_("Losnummern gibt es nur für Durchgang 1."))
        count = slip_count(self.tournament)
        problem = seating_problem(count, self.tournament.table_sizes)
        if problem:
            raise Refused(problem)
        return slips_pdf(self.tournament, count), self.name(
            "losnummern-durchgang-1", extension="pdf"
        )


class StandingsPdfView(DownloadView):
    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        standings = self.played_standings()
        compact = self.request.GET.get("kompakt") == "1"  # two columns for the wall
        parts = ["tabelle-nach-durchgang", standings.after_round]
        return standings_pdf(standings, compact=compact), self.name(
            *parts, *(["kompakt"] if compact else []), extension="pdf"
        )


class CheckinPdfView(DownloadView):
    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        return checkin_pdf(self.tournament), self.name("anwesenheitsliste", extension="pdf")


class CertificatesPdfView(DownloadView):
    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        standings = self.standings()
        if not any(row.games_played for row in podium_rows(standings)):
            raise Refused(
                _("Es ist noch keine Liste bestätigt; Urkunden gibt es, wenn gespielt wurde.")
            )
        return certificates_pdf(standings), self.name("urkunden", extension="pdf")


# ---------------------------------------------------------------------------- Excel


class XlsxView(DownloadView):
    helper_allowed = False
    content_type = XLSX_CONTENT_TYPE


class ParticipantsXlsxView(XlsxView):
    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        data = render_xlsx([participants_rows(self.tournament)])
        return data, self.name("teilnehmer", extension="xlsx")


class SeatingXlsxView(XlsxView):
    def build(self, *, number: int, **kwargs: Any) -> tuple[bytes, str]:
        round_ = self.seated_round(number)
        data = render_xlsx(
            [seating_rows(round_, order="table"), seating_rows(round_, order="name")]
        )
        return data, self.name("sitzordnung-durchgang", number, extension="xlsx")


class StandingsXlsxView(XlsxView):
    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        standings = self.played_standings()
        return render_xlsx([standings_rows(standings)]), self.name(
            "tabelle-nach-durchgang", standings.after_round, extension="xlsx"
        )


class ResultsCsvZipView(DownloadView):
    """Every confirmed table's games as a CSV file, per round, with seating and standings."""

    helper_allowed = False  # the results as data, like the spreadsheets

    content_type = ZIP_CONTENT_TYPE

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        return results_zip(self.tournament), self.name("ergebnisse-csv", extension="zip")


class GamesXlsxView(XlsxView):
    """Two worksheets: one row per game, and one row per player and game."""

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        data = render_xlsx([games_rows(self.tournament), game_points_rows(self.tournament)])
        return data, self.name("spiele", extension="xlsx")


class RankingListXlsxView(XlsxView):
    """Per player and round, for ranking lists (DDV): ``output.spreadsheets.ranking_list``."""

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        standings = self.played_standings()
        data = render_xlsx([ranking_list_rows(standings)])
        return data, self.name("ergebnisse-je-durchgang", extension="xlsx")


class RankingListCsvView(DownloadView):
    helper_allowed = False  # the results as data, like the spreadsheets

    content_type = "text/csv; charset=utf-8"

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        standings = self.played_standings()
        data = ranking_list_csv(ranking_list_rows(standings))
        return data, self.name("ergebnisse-je-durchgang", extension="csv")

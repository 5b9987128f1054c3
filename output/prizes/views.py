"""The organiser's prize list page, its PDF and workbook, and the ledger (PDF, Excel).

Money is the Turnierleitung's: a club's Helfer gets 403 here (at the desk a Helfer only marks
who has paid, ``tournament.fees.views.PaidView``), and no public page shows any of it."""

from __future__ import annotations

from typing import Any

from django.views.generic import TemplateView

from output.printouts.pdf_base import PDF_CONTENT_TYPE
from output.prizes.pdf import ledger_pdf, notes, prize_list_pdf
from output.prizes.reading import prize_report
from output.prizes.reports import ledger_rows, prize_list_rows, summary_rows
from output.reports import standings_rows
from output.spreadsheets.xlsx import XLSX_CONTENT_TYPE, render_xlsx
from output.views import DownloadView
from tournament.access import OrganiserMixin


class PrizeListView(OrganiserMixin, TemplateView):
    template_name = "scoring/prize_list.html"
    section = "prizes"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        report = prize_report(self.tournament)
        context.update(
            report=report,
            prizes=prize_list_rows(report),
            summary=summary_rows(report),
            notes=notes(report),
        )
        return context


class PrizeDownload(DownloadView):
    helper_allowed = False


class PrizeListPdfView(PrizeDownload):
    content_type = PDF_CONTENT_TYPE

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        return prize_list_pdf(prize_report(self.tournament)), self.name(
            "preisliste", extension="pdf"
        )


class PrizeListXlsxView(PrizeDownload):
    """The prize list with its sums and the standings it was computed from."""

    content_type = XLSX_CONTENT_TYPE

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        report = prize_report(self.tournament)
        reports = [prize_list_rows(report), summary_rows(report)]
        if report.standings.after_round:
            reports.append(standings_rows(report.standings))
        return render_xlsx(reports), self.name("preisliste", extension="xlsx")


class LedgerPdfView(PrizeDownload):
    content_type = PDF_CONTENT_TYPE

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        return ledger_pdf(prize_report(self.tournament)), self.name(
            "kassenbericht", extension="pdf"
        )


class LedgerXlsxView(PrizeDownload):
    content_type = XLSX_CONTENT_TYPE

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        report = prize_report(self.tournament)
        data = render_xlsx([ledger_rows(report), summary_rows(report)])
        return data, self.name("kassenbericht", extension="xlsx")

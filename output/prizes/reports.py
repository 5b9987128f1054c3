"""The prize list and the ledger as reports (``output.reports.Report``): the rows
that the page, the PDF and the workbook all show."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from output.prizes.reading import PrizeReport, payments
from output.reports import MONEY, RANK, TEXT, Report, ReportColumn


def prize_list_rows(report: PrizeReport) -> Report:
    rows = tuple(
        (
            award.rank,
            award.name,
            award.club,
            award.cents or None,
            ", ".join(award.goods),
            _("geteilt von %(count)d") % {"count": award.shared_by} if award.shared_by > 1 else "",
        )
        for award in report.prizes.awards
    )
    return Report(
        _("Preisliste"),
        (
            ReportColumn(pgettext("rank", "Platz"), RANK, 5),
            ReportColumn(_("Name"), TEXT, 24),
            ReportColumn(_("Verein"), TEXT, 18),
            ReportColumn(_("Preisgeld"), MONEY, 10),
            ReportColumn(_("Sachpreis"), TEXT, 18),
            ReportColumn(_("Hinweis"), TEXT, 12),
        ),
        rows,
    )


def summary_rows(report: PrizeReport) -> Report:
    """The sums under the prize list: pot, prize money, paid out, remainder, what the club keeps."""
    prizes = report.prizes
    rows = [
        (_("Topf (eingenommenes Startgeld)"), prizes.pot_cents),
        (
            _("Preisgeld (%(percent)d %% des Topfs)") % {"percent": report.settings.payout_percent},
            prizes.prize_money_cents,
        ),
        (_("ausgezahlte Geldpreise"), prizes.paid_cents),
        (_("Rest aus dem Runden auf ganze Euro"), prizes.remainder_cents),
        (_("nicht vergebenes Preisgeld"), prizes.unassigned_cents),
        (_("bleibt in der Kasse"), prizes.rest_cents),
    ]
    return Report(
        _("Summen"),
        (ReportColumn(_("Posten"), TEXT, 34), ReportColumn(_("Betrag"), MONEY, 12)),
        tuple(rows),
    )


def ledger_rows(report: PrizeReport) -> Report:
    """The evening's till: every fee in, every cash prize out, one line each, and the balance."""
    rows: list[tuple] = []
    for payment in payments(report.tournament):
        kind = _("Mitglied") if payment.member else _("Gast")
        rows.append((_("Startgeld"), payment.name, kind, payment.cents, None))
    for award in report.prizes.awards:
        if award.cents:
            place = _("Preis Platz %(rank)d") % {"rank": award.rank}
            rows.append((place, award.name, award.club, None, award.cents))
    income = sum(row[3] or 0 for row in rows)
    spent = sum(row[4] or 0 for row in rows)
    rows.append((_("Summe"), "", "", income, spent))
    rows.append((_("Bestand"), "", "", income - spent, None))
    return Report(
        _("Kassenbericht"),
        (
            ReportColumn(_("Posten"), TEXT, 16),
            ReportColumn(_("Name"), TEXT, 24),
            ReportColumn(_("Mitglied/Verein"), TEXT, 16),
            ReportColumn(_("Einnahme"), MONEY, 10),
            ReportColumn(_("Ausgabe"), MONEY, 10),
        ),
        tuple(rows),
    )

"""The results per player and round, the shape ranking lists (DDV-Rangliste) take: place,
name, club, rounds played, Spielpunkte in each round, total and the average per round played.

One row per player of the standings who played; the points are the ruleset's points of the
confirmed sheets (``StandingRow.rounds``). "Durchgänge" counts the rounds in which the player
has a confirmed game, and the average divides the total by them (two decimals; Excel gets a
number, the CSV a German decimal comma "12,50"). CSV like the other exports: UTF-8 with BOM,
``;``, and text that a spreadsheet would read as a formula gets a leading apostrophe.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from output.reports import INT, RANK, TEXT, Report, ReportColumn
from output.spreadsheets.csv_zip import DECIMAL, csv_bytes
from scoring.models import ScoreLine
from scoring.standings.ranking import Standings, rank_evening

AVERAGE = "average"  # a float with two decimals: a number in Excel, "12,50" in the CSV


def rounds_played(standings: Standings) -> dict[int, int]:
    """Per participant id: the rounds up to ``after_round`` with a confirmed game (one query)."""
    played: dict[int, set[int]] = defaultdict(set)
    lines = (
        ScoreLine.objects.filter(
            round__tournament=standings.tournament, round__number__lte=standings.after_round
        )
        .values_list("participant_id", "round__number")
        .distinct()
    )
    for participant_id, number in lines:
        played[participant_id].add(number)
    return {pid: len(numbers) for pid, numbers in played.items()}


def ranking_list_rows(standings: Standings) -> Report:
    played = rounds_played(standings)
    ranked = rank_evening(standings.tournament, (row for row in standings.rows if row.games_played))
    rows = []
    for row in ranked:
        count = played.get(row.participant_id, 0)
        average = round(row.total / count, 2) if count else None
        rows.append((row.rank, row.name, row.club, count, *row.rounds, row.total, average))
    columns = (
        ReportColumn(pgettext("rank", "Platz"), RANK, 5),
        ReportColumn(_("Name"), TEXT, 24),
        ReportColumn(_("Verein"), TEXT, 18),
        ReportColumn(_("Durchgänge"), INT, 6),
        *(
            ReportColumn(_("Spielpunkte Durchgang %(number)d") % {"number": number}, INT, 8)
            for number in standings.round_numbers
        ),
        ReportColumn(_("Summe"), INT, 7),
        ReportColumn(_("Schnitt je Durchgang"), AVERAGE, 8),
    )
    return Report(_("Ergebnisse je Spieler und Durchgang"), columns, tuple(rows))


def ranking_list_csv(report: Report) -> bytes:
    kinds = [DECIMAL if column.kind == AVERAGE else column.kind for column in report.columns]
    return csv_bytes(report.header, report.rows, kinds)

"""Certificates (Urkunden) for the first three places: one landscape page per player.

Everyone whose place is 1, 2 or 3 gets one, so shared places give more than three (two players
on "2." both get "2. Platz"; the next is "4." and gets none). A page carries a double frame with
the four suits in the corners, "Urkunde", the tournament with date and venue, the player's name
large, the place, the points, and lines for place/date and the signature of the Turnierleitung.
Before every sheet of the last round is confirmed, each certificate says in red above the title
that it is provisional ("Vorläufig: 7 von 10 Listen bestätigt · Stand nach Durchgang 1 von 2").
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from output.printouts.pdf_base import (
    ACCENT,
    DRAFT_RED,
    FELT,
    INK,
    MUTED,
    SERIF,
    SERIF_BOLD,
    PageSetup,
    escape,
    fit_one_line,
    long_date,
    render_pdf,
    short_date,
    style,
    text_width,
)
from output.printouts.pdf_standings import confirmation, provisional_note
from rules.standings import AVERAGE, TABLE_POINTS, average_score, table_points_score
from scoring.standings.ranking import StandingRow, Standings
from tournament.models import Tournament
from tournament.ruleset_texts import say

SUIT_COLORS = {"♣": FELT, "♠": FELT, "♥": ACCENT, "♦": ACCENT}


def podium_rows(standings: Standings) -> list[StandingRow]:
    """The players on places 1 to 3, shared places included, best first."""
    return [row for row in standings.rows if row.on_podium]


def _frame(canvas: Canvas, setup: PageSetup) -> None:
    width, height = setup.pagesize
    canvas.setStrokeColor(FELT)
    canvas.setLineWidth(2.5)
    canvas.rect(10 * mm, 10 * mm, width - 20 * mm, height - 20 * mm)
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(0.8)
    canvas.rect(14 * mm, 14 * mm, width - 28 * mm, height - 28 * mm)
    corners = (
        ("♣", 20 * mm, height - 27 * mm),
        ("♠", width - 20 * mm, height - 27 * mm),
        ("♥", 20 * mm, 19 * mm),
        ("♦", width - 20 * mm, 19 * mm),
    )
    canvas.setFont(SERIF, 22)
    for suit, x, y in corners:
        canvas.setFillColor(SUIT_COLORS[suit])
        canvas.drawCentredString(x, y, suit)


class Rule(Flowable):
    """A short ornamental line under the title."""

    def __init__(self, width: float) -> None:
        super().__init__()
        self.width = width
        self.height = 4 * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.available = available_width
        return available_width, self.height

    def draw(self) -> None:
        start = (self.available - self.width) / 2
        self.canv.setStrokeColor(ACCENT)
        self.canv.setLineWidth(1)
        self.canv.line(start, self.height / 2, start + self.width, self.height / 2)
        self.canv.setFillColor(ACCENT)
        self.canv.circle(self.available / 2, self.height / 2, 1.3 * mm, stroke=0, fill=1)


def _signatures(width: float, place_and_date: str) -> Table:
    line = style("cert-line", 10, color=MUTED, alignment=1, leading=13)
    value = style("cert-value", 12, serif=True, color=INK, alignment=1, leading=14)
    table = Table(
        [
            [Paragraph(escape(place_and_date, SERIF), value), "", ""],
            [Paragraph(_("Ort, Datum"), line), "", Paragraph(_("Turnierleitung"), line)],
        ],
        colWidths=[width * 0.36, width * 0.28, width * 0.36],
        rowHeights=[12 * mm, 7 * mm],
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
                ("LINEBELOW", (0, 0), (0, 0), 0.8, INK),
                ("LINEBELOW", (2, 0), (2, 0), 0.8, INK),
            ]
        )
    )
    return table


NAME_SIZES = (44, 40, 36, 32, 28)  # on one line
WRAPPED_NAME_SIZES = (28, 26, 24, 22, 20, 18, 16, 14)  # on at most two lines
NAME_LINES = 2


def _name_paragraph(name: str, width: float) -> tuple[Paragraph, bool]:
    """The name in the largest size at which it fits one line; else wrapped (at spaces, a
    long word or a Chinese name split anywhere) on two lines at the largest size that allows,
    down to 14 pt — a name of 100 characters still leaves room for the signature. Also: whether
    it takes more than one line."""
    for size in NAME_SIZES:
        if text_width(name, SERIF_BOLD, size) <= width:
            return _name_at(name, size), False
    for size in WRAPPED_NAME_SIZES:
        paragraph = _name_at(name, size)
        paragraph.wrap(width, 10_000)
        if len(paragraph.blPara.lines) <= NAME_LINES:
            break
    return _name_at(name, size), True


def _name_at(name: str, size: float) -> Paragraph:
    name_style = style("cert-name", size, serif=True, bold=True, alignment=1, leading=size * 1.15)
    name_style.wordWrap = "CJK"  # breaks a name without spaces too (Chinese, one long word)
    return Paragraph(escape(name, SERIF_BOLD), name_style)


def _certificate(
    row: StandingRow, standings: Standings, width: float, warning: str
) -> list[Flowable]:
    tournament = standings.tournament
    title = style("cert-title", 46, serif=True, bold=True, color=FELT, alignment=1, leading=52)
    when = style("cert-when", 12.5, color=MUTED, alignment=1, leading=16)
    name, two_lines = _name_paragraph(row.name, width)
    text = style("cert-text", 14, serif=True, color=MUTED, alignment=1, leading=18)
    place = style("cert-place", 50, bold=True, color=ACCENT, alignment=1, leading=58)
    points = style("cert-points", 15, color=INK, alignment=1, leading=19)
    date = long_date(tournament)
    if tournament.venue:
        details = _("am %(date)s in %(venue)s") % {"date": date, "venue": tournament.venue}
    else:
        details = _("am %(date)s") % {"date": date}
    score = certificate_score(tournament, row)
    if row.shared_rank:
        score += " · " + _("Platz geteilt")
    place_and_date = ", ".join(part for part in (tournament.venue, short_date(tournament)) if part)
    event_size, event_name = fit_one_line(tournament.name, SERIF, (22, 20, 18, 16), width)
    event = style("cert-event", event_size, serif=True, color=INK, alignment=1, leading=27)
    if warning:
        note = style("cert-warning", 11, bold=True, color=DRAFT_RED, alignment=1, leading=14)
        top: list[Flowable] = [Paragraph(escape(warning), note), Spacer(1, 10 * mm - 14)]
    else:
        top = [Spacer(1, 10 * mm)]
    # Two lines of a long name take the room of the spacers, so the signature stays on the page.
    return [
        *top,
        Paragraph(_("Urkunde"), title),
        Rule(70 * mm),
        Spacer(1, 3 * mm),
        Paragraph(escape(event_name, SERIF), event),
        Paragraph(escape(details), when),
        Spacer(1, 6 * mm if two_lines else 14 * mm),
        name,
        Spacer(1, 2 * mm),
        Paragraph(_("belegte den"), text),
        Paragraph(_("%(rank)d. Platz") % {"rank": row.rank}, place),
        Paragraph(escape(score), points),
        Spacer(1, 8 * mm if two_lines else 20 * mm),
        _signatures(width * 0.85, place_and_date),
    ]


def certificates_pdf(standings: Standings) -> bytes:
    """One certificate per player on places 1–3 (none if nobody has played yet)."""
    setup = PageSetup(
        tournament=standings.tournament,
        title=_("Urkunden"),
        landscape=True,
        chrome=False,
        margin=28 * mm,
        top=24 * mm,
        bottom=20 * mm,
        decorate=_frame,
    )
    warning = provisional_note(standings, confirmation(standings))
    story: list[Flowable] = []
    for index, row in enumerate(podium_rows(standings)):
        if index:
            story.append(PageBreak())
        # Shrunk as a whole if ever too tall: one certificate is one page, whatever its name.
        certificate = _certificate(row, standings, setup.frame_width, warning)
        story.append(KeepInFrame(setup.frame_width, setup.frame_height, certificate, mode="shrink"))
    if not story:
        story.append(Spacer(1, 1))
    return render_pdf(setup, story)


def certificate_score(tournament: Tournament, row: StandingRow) -> str:
    """The score line of ``row``'s certificate in the evening format's metric: points ("mit
    12 Punkten", as the ruleset says), Tischpunkte ("mit 7 Tischpunkten") or the average
    ("mit 12,5 Punkten je Durchgang")."""
    ruleset = tournament.rules
    evening_format = tournament.standings_format
    if evening_format == TABLE_POINTS:
        return say(ruleset, table_points_score(row.table_points))
    if evening_format == AVERAGE:
        return say(ruleset, average_score(number_format(row.average, 1)))
    return say(ruleset, ruleset.certificate_score(row.total))

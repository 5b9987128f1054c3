"""Drawn slips (Losnummern) for seating round 1 by hand, and the table cards that go with them.

Rule 3 of the rule sheet: every player draws a number and finds it on one of the tables. The
numbering is ``tournament.seating.slip_layout``: numbers 1–4 sit at table 1, 5–8 at table 2 and
so on, five-player (or three-player) tables last, seat 1 the lowest number of each table; the
card marks the Listenführer's seat as the ruleset says (house rules: seat 1). So
the printout is one document with

- the slips to cut: 18 to an A4 page, big numbers, dashed cut lines; a number that reads as
  another one upside down (6, 9, 16, 91 …) is underlined;
- one card per table: "Tisch 3" in large type and, seat by seat, which number sits there.

The numbers typed in afterwards (``enter_slips``) seat the round by the same scheme.
"""

from __future__ import annotations

from itertools import groupby

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from output.printouts.pdf_base import (
    ACCENT,
    FELT,
    FELT_LIGHT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    FixedFlowable,
    PageSetup,
    escape,
    fit_one_line,
    render_pdf,
    style,
    text_width,
)
from tournament.models import Tournament
from tournament.seating.core import Slip, slip_layout

COLUMNS = 3
ROWS = 6
PER_PAGE = COLUMNS * ROWS
CAPTION_SIZES = (7.5, 7, 6.5, 6)


UPSIDE_DOWN = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_differently_upside_down(number: int) -> bool:
    """Whether the slip turned round shows another number (6 and 9, 16 and 91, 68 and 89):
    such numbers are underlined, as on bingo balls."""
    digits = str(number)
    if any(digit not in UPSIDE_DOWN for digit in digits):
        return False
    turned = "".join(UPSIDE_DOWN[digit] for digit in reversed(digits))
    return turned != digits and not turned.startswith("0")


class SlipPage(FixedFlowable):
    """One page of slips in a grid, with dashed lines to cut along."""

    def __init__(self, slips: list[Slip], width: float, height: float, caption: str) -> None:
        super().__init__(width, height)
        self.slips = slips
        self.caption = caption

    def draw(self) -> None:
        canvas = self.canv
        cell_w = self.width / COLUMNS
        cell_h = self.height / ROWS
        # A long tournament name shrinks, then is shortened with "…", inside the slip.
        caption_size, caption = fit_one_line(self.caption, SANS, CAPTION_SIZES, cell_w - 6 * mm)
        for index, slip in enumerate(self.slips):
            column, row = index % COLUMNS, index // COLUMNS
            x = column * cell_w
            y = self.height - (row + 1) * cell_h
            canvas.setFillColor(MUTED)
            canvas.setFont(SANS, caption_size)
            canvas.drawCentredString(x + cell_w / 2, y + cell_h - 7 * mm, caption)
            canvas.setFillColor(INK)
            canvas.setFont(SANS_BOLD, 60)
            baseline = y + cell_h / 2 - 9 * mm
            canvas.drawCentredString(x + cell_w / 2, baseline, str(slip.number))
            if reads_differently_upside_down(slip.number):
                half = text_width(str(slip.number), SANS_BOLD, 60) / 2
                canvas.setStrokeColor(INK)
                canvas.setLineWidth(2.5)
                middle = x + cell_w / 2
                canvas.line(middle - half, baseline - 1.8 * mm, middle + half, baseline - 1.8 * mm)
            canvas.setFillColor(FELT)
            canvas.setFont(SANS_BOLD, 7.5)
            canvas.drawCentredString(x + cell_w / 2, y + 4.5 * mm, _("LOSNUMMER"))
        canvas.setStrokeColor(colors.HexColor("#8a939c"))
        canvas.setLineWidth(0.6)
        canvas.setDash(4, 3)
        rows_used = (len(self.slips) + COLUMNS - 1) // COLUMNS
        bottom = self.height - rows_used * cell_h
        for column in range(COLUMNS + 1):
            canvas.line(column * cell_w, bottom, column * cell_w, self.height)
        for row in range(rows_used + 1):
            y = self.height - row * cell_h
            canvas.line(0, y, self.width, y)
        canvas.setDash()
        canvas.setFont(SANS, 11)
        canvas.setFillColor(MUTED)
        canvas.drawString(-1.5 * mm, self.height + 1.2 * mm, "✂")


def _slip_pages(slips: list[Slip], setup: PageSetup, caption: str) -> list[Flowable]:
    story: list[Flowable] = []
    for start in range(0, len(slips), PER_PAGE):
        if start:
            story.append(PageBreak())
        story.append(
            SlipPage(
                slips[start : start + PER_PAGE],
                setup.frame_width,
                setup.frame_height - 4 * mm,
                caption,
            )
        )
    return story


def _table_card(
    table: int, slips: list[Slip], round_label: str, width: float, roles: tuple[int, int]
) -> list[Flowable]:
    """One table's card; ``roles``: the seat that keeps the list and the one that deals
    first."""
    keeper, dealer = roles
    big = style("card-table", 110, bold=True, color=FELT, alignment=1, leading=120)
    sub = style("card-sub", 16, color=MUTED, alignment=1, leading=20)
    seat = style("card-seat", 22, bold=True, leading=26)
    role = style("card-role", 11, bold=True, color=ACCENT, leading=14)
    number = style("card-number", 44, bold=True, color=INK, alignment=2, leading=48)
    hint = style("card-hint", 12, color=MUTED, alignment=1, leading=16)
    rows = []
    for slip in slips:
        label: list[Flowable] = [
            Paragraph(_("Platz %(seat)d") % {"seat": slip.seat}, seat),
        ]
        if slip.seat == keeper == dealer:
            label.append(Paragraph(_("Listenführer – gibt zuerst"), role))
        elif slip.seat == keeper:
            label.append(Paragraph(_("Listenführer"), role))
        elif slip.seat == dealer:
            label.append(Paragraph(_("gibt zuerst"), role))
        prefix = '<font size="20" color="#5b6470">{}</font>'.format(escape(_("Nr.")))
        rows.append([label, Paragraph(f"{prefix}\u00a0{slip.number}", number)])
    seats = Table(rows, colWidths=[width * 0.55, width * 0.45], rowHeights=[24 * mm] * len(rows))
    seats.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.8, LINE),
                ("BOX", (0, 0), (-1, -1), 1.5, FELT),
                ("BACKGROUND", (0, keeper - 1), (-1, keeper - 1), FELT_LIGHT),
                ("LEFTPADDING", (0, 0), (-1, -1), 8 * mm),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8 * mm),
            ]
        )
    )
    return [
        Spacer(1, 6 * mm),
        Paragraph(_("Tisch %(n)d") % {"n": table}, big),
        Paragraph(escape(round_label), sub),
        Spacer(1, 10 * mm),
        seats,
        Spacer(1, 10 * mm),
        Paragraph(_card_hint(keeper, dealer), hint),
    ]


def _card_hint(keeper: int, dealer: int) -> str:
    if keeper == dealer == 1:
        return _(
            "Wer eine dieser Nummern gezogen hat, setzt sich an diesen Tisch auf den "
            "angegebenen Platz. Platz 1 führt die Spielliste und gibt das erste Spiel."
        )
    return _(
        "Wer eine dieser Nummern gezogen hat, setzt sich an diesen Tisch auf den "
        "angegebenen Platz. Platz %(keeper)d führt die Spielliste, Platz %(dealer)d gibt das "
        "erste Spiel."
    ) % {"keeper": keeper, "dealer": dealer}


def slips_pdf(tournament: Tournament, count: int) -> bytes:
    """Slips numbered 1..``count`` and one card per table; ``count`` must be seatable at the
    ruleset's table sizes."""
    slips = slip_layout(count, tournament.table_sizes)
    setup = PageSetup(
        tournament=tournament,
        title=_("Losnummern Durchgang 1 (%(count)d Lose)") % {"count": count},
    )
    caption = "{} · {}".format(tournament.name, _("Durchgang 1"))
    story = _slip_pages(slips, setup, caption)
    round_label = _("Durchgang 1 · Sitzplätze nach Losnummer")
    table_width = setup.frame_width * 0.9
    for table, group in groupby(slips, key=lambda slip: slip.table):
        seats = list(group)
        size = len(seats)
        roles = (tournament.list_keeper_seat(size), tournament.rules.dealer(1, size))
        story.append(PageBreak())
        story += _table_card(table, seats, round_label, table_width, roles)
    return render_pdf(setup, story)


def slip_pages(count: int) -> int:
    """How many pages the slips of ``count`` players take (the table cards come on top)."""
    return (count + PER_PAGE - 1) // PER_PAGE

"""Table cards (Tischkarten) for any seated round: one card stands on each table.

A card shows, large enough to find one's table from the door, "Tisch n", the round and the
tournament, then the seats in order with the names of who sits there, the Listenführer (the
seat the ruleset names: house rules seat 1) tinted, and who deals the first game. Where the
dealer sits out (a five-player table of the house rules), the card says that the first dealer
sits out the first game, then the next seat and so on.

Two cards to an A4 page, one above the other, with a dashed line to cut along; the page has no
header or footer (the card is cut out of it). A name too long for its line shrinks; one that
still does not fit at the smallest size goes onto two lines, split between words, never inside
one. A draft round's cards say "Entwurf", like its seating.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak

from output.printouts.pdf_base import (
    ACCENT,
    DRAFT_RED,
    FELT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    FixedFlowable,
    PageSetup,
    fit_one_line,
    render_pdf,
    text_width,
)
from tournament.models import Round

CARDS_PER_PAGE = 2
PAGE_MARGIN = 10 * mm
CARD_PADDING = 8 * mm
SEAT_COLUMN = 26 * mm
SEAT_ROW = 14 * mm
NAME_SIZES = (24.0, 22.0, 20.0, 18.0, 16.0, 14.0, 13.0, 12.0, 11.0)
TOURNAMENT_SIZES = (12.0, 11.0, 10.0, 9.0)
CAPTAIN_TINT = colors.HexColor("#fbf4ea")


@dataclass(frozen=True)
class CardSeat:
    number: int
    name: str


@dataclass(frozen=True)
class TableCard:
    table: int
    seats: tuple[CardSeat, ...]
    keeper: int = 1  # the seat that keeps the list
    first_dealer: int = 1
    sits_out_first: int | None = None  # the seat that sits out the first game, if any

    @property
    def size(self) -> int:
        return len(self.seats)


def table_cards(round_: Round) -> list[TableCard]:
    """One card per table of ``round_`` (a round from ``round_with_seating``), seats in order,
    the roles of the seats as the tournament's ruleset says."""
    rules = round_.tournament.rules
    return [
        TableCard(
            table=table.number,
            seats=tuple(
                CardSeat(seat.number, seat.participant.name)
                for seat in sorted(table.seats.all(), key=lambda seat: seat.number)
            ),
            keeper=table.keeper_seat,
            first_dealer=table.first_dealer,
            sits_out_first=rules.sitter(1, table.size),
        )
        for table in sorted(round_.tables.all(), key=lambda table: table.number)
    ]


def fit_name(
    name: str, font: str, sizes: tuple[float, ...], width: float
) -> tuple[float, list[str]]:
    """The name at the largest of ``sizes`` that fits ``width`` on one line; else on two lines
    split at the space that balances them best; else (one endless word) cut with "…"."""
    for size in sizes:
        if text_width(name, font, size) <= width:
            return size, [name]
    words = name.split()
    for size in sizes:
        splits = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
        fitting = [
            pair for pair in splits if all(text_width(line, font, size) <= width for line in pair)
        ]
        if fitting:
            best = min(fitting, key=lambda pair: abs(len(pair[0]) - len(pair[1])))
            return size, list(best)
    size, shown = fit_one_line(name, font, sizes, width)
    return size, [shown]


class CardPage(FixedFlowable):
    """Up to two cards, one above the other, drawn straight on the canvas."""

    def __init__(
        self,
        cards: list[TableCard],
        width: float,
        height: float,
        *,
        tournament: str,
        round_number: int,
        draft: bool,
    ) -> None:
        super().__init__(width, height)
        self.cards = cards
        self.tournament = tournament
        self.round_number = round_number
        self.draft = draft

    def draw(self) -> None:
        canvas = self.canv
        card_height = self.height / CARDS_PER_PAGE
        for index, card in enumerate(self.cards):
            bottom = self.height - (index + 1) * card_height
            self._draw_card(canvas, card, bottom, card_height)
        self._draw_cut_line(canvas, card_height)

    def _draw_cut_line(self, canvas: Canvas, y: float) -> None:
        # Across the whole sheet (the frame sits PAGE_MARGIN inside it): the middle of the page.
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor("#8a939c"))
        canvas.setLineWidth(0.6)
        canvas.setDash(4, 3)
        canvas.line(-PAGE_MARGIN, y, self.width + PAGE_MARGIN, y)
        canvas.setDash()
        canvas.setFont(SANS, 11)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, y + 1.2 * mm, "✂")
        canvas.restoreState()

    def _draw_card(self, canvas: Canvas, card: TableCard, bottom: float, height: float) -> None:
        left = CARD_PADDING
        right = self.width - CARD_PADDING
        top = bottom + height - CARD_PADDING
        inner = right - left
        canvas.setStrokeColor(FELT)
        canvas.setLineWidth(1.5)
        canvas.roundRect(0, bottom + 4 * mm, self.width, height - 8 * mm, 3 * mm, stroke=1)

        # The tournament on the left, the round on the right, never overlapping.
        round_label = _("Durchgang %(number)d") % {"number": self.round_number}
        if self.draft:
            round_label = "{} · {}".format(round_label, _("Entwurf"))
        canvas.setFont(SANS_BOLD, 14)
        canvas.setFillColor(DRAFT_RED if self.draft else ACCENT)
        canvas.drawRightString(right, top - 10, round_label)
        room = inner - text_width(round_label, SANS_BOLD, 14) - 8 * mm
        size, shown = fit_one_line(self.tournament, SANS, TOURNAMENT_SIZES, room)
        canvas.setFont(SANS, size)
        canvas.setFillColor(MUTED)
        canvas.drawString(left, top - 10, shown)

        canvas.setFillColor(FELT)
        canvas.setFont(SANS_BOLD, 64)
        canvas.drawCentredString(
            self.width / 2, top - 34 * mm, _("Tisch %(n)d") % {"n": card.table}
        )

        rows_top = top - 42 * mm
        for row, seat in enumerate(card.seats):
            self._draw_seat(canvas, card, seat, left, rows_top - row * SEAT_ROW, inner)

        canvas.setFillColor(MUTED)
        canvas.setFont(SANS, 10)
        canvas.drawCentredString(
            self.width / 2, bottom + 4 * mm + CARD_PADDING - 2 * mm, card_hint(card)
        )

    def _draw_seat(
        self, canvas: Canvas, card: TableCard, seat: CardSeat, left: float, top: float, width: float
    ) -> None:
        y = top - SEAT_ROW
        captain = seat.number == card.keeper
        if captain:
            canvas.setFillColor(CAPTAIN_TINT)
            canvas.rect(left, y, width, SEAT_ROW, stroke=0, fill=1)
        canvas.setStrokeColor(LINE)
        canvas.setLineWidth(0.5)
        canvas.line(left, y, left + width, y)
        middle = y + SEAT_ROW / 2
        canvas.setFillColor(MUTED)
        canvas.setFont(SANS_BOLD, 13)
        canvas.drawString(left + 2 * mm, middle - 4.5, _("Platz %(seat)d") % {"seat": seat.number})
        name_x = left + SEAT_COLUMN
        room = width - SEAT_COLUMN - 2 * mm
        role = seat_role(card, seat)
        if role:
            canvas.setFillColor(ACCENT)
            canvas.setFont(SANS_BOLD, 8)
            canvas.drawString(name_x, y + 1.5 * mm, role.upper())
            name_bottom = y + 1.5 * mm + 9
        else:
            name_bottom = y + 2.5 * mm
        size, lines = fit_name(seat.name, SANS_BOLD, NAME_SIZES, room)
        canvas.setFillColor(INK)
        canvas.setFont(SANS_BOLD, size)
        leading = size * 1.05
        # Lines from the bottom up, the last one on name_bottom (room above for two lines).
        for offset, line in enumerate(reversed(lines)):
            canvas.drawString(name_x, name_bottom + 0.25 * size + offset * leading, line)


def seat_role(card: TableCard, seat: CardSeat) -> str:
    """The small line under a name: the Listenführer leads the sheet; the first dealer deals
    first (and sits out the first game where the dealer sits out)."""
    keeps = seat.number == card.keeper
    deals = seat.number == card.first_dealer
    sits = seat.number == card.sits_out_first
    if keeps and deals:
        if sits:
            return _("Listenführer – gibt zuerst und setzt im 1. Spiel aus")
        return _("Listenführer – gibt zuerst")
    if keeps:
        return _("Listenführer")
    if deals:
        return _("gibt zuerst und setzt im 1. Spiel aus") if sits else _("gibt zuerst")
    return ""


def card_hint(card: TableCard) -> str:
    if card.sits_out_first is not None and card.sits_out_first == card.first_dealer == 1:
        return _(
            "Fünfertisch: Wer gibt, setzt aus – im 1. Spiel Platz 1, im 2. Platz 2 und so weiter."
        )
    if card.keeper == card.first_dealer == 1:
        return _("Platz 1 führt die Spielliste und gibt das erste Spiel.")
    return _("Platz %(keeper)d führt die Spielliste, Platz %(dealer)d gibt das erste Spiel.") % {
        "keeper": card.keeper,
        "dealer": card.first_dealer,
    }


def table_cards_pdf(round_: Round) -> bytes:
    """Every table's card of a seated round, two to a page; pass a round from
    ``round_with_seating``."""
    cards = table_cards(round_)
    setup = PageSetup(
        tournament=round_.tournament,
        title=_("Tischkarten Durchgang %(number)d") % {"number": round_.number},
        draft=round_.is_draft,
        chrome=False,
        margin=PAGE_MARGIN,
        top=PAGE_MARGIN,
        bottom=PAGE_MARGIN,
    )
    story: list = []
    for start in range(0, len(cards), CARDS_PER_PAGE):
        if start:
            story.append(PageBreak())
        story.append(
            CardPage(
                cards[start : start + CARDS_PER_PAGE],
                setup.frame_width,
                setup.frame_height,
                tournament=round_.tournament.name,
                round_number=round_.number,
                draft=round_.is_draft,
            )
        )
    return render_pdf(setup, story)


def card_pages(tables: int) -> int:
    return (tables + CARDS_PER_PAGE - 1) // CARDS_PER_PAGE

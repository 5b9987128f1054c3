"""The score sheet's grid measured: its fixed sizes, the columns the ruleset's printed sheet
names (``rules.printing``: lead columns, each seat's, tail columns), how the players' names fit
their columns (one line, smaller, or wrapped) and the row height that lets the games fit the
page."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Paragraph

from output.printouts.pdf_base import SANS, SANS_BOLD, escape, fit_one_line, style, text_width
from output.printouts.sheet_data import TableSheet
from rules.printing import DEALER, PrintedSheet, SheetColumn

CAPTAIN_TINT = colors.HexColor("#fbf4ea")
STAND_TINT = colors.HexColor("#f3f8f5")
SIDEBAR = 64 * mm
GUTTER = 6 * mm
TITLE_HEIGHT = 13 * mm
TITLE_GAP = 3 * mm
TOTAL_ROW = 9 * mm
ROW_MAX = 8.5 * mm
ROW_MIN = 5 * mm
PADDING_X = 2.5  # left and right in every cell of the grid
PADDING_Y = 1.5
NAME_SIZES = (10, 9.5, 9, 8.5, 8, 7.5, 7)
# A name too long for one line at 7 pt wraps: at the largest of these sizes that needs at most
# NAME_LINES lines, else at the smallest with as many lines as it takes (the header row grows).
WRAPPED_NAME_SIZES = (7, 6.5, 6)
NAME_LINES = 3
# The dealer column repeats the name in rows of fixed height: one line, shrunk, else cut ("…").
DEALER_SIZES = (7, 6.5, 6)
SEAT_LABEL_SIZE = 6.5
SEAT_LABEL_LEADING = 7.5
HEAD_SIZE = 8
SUB_ROW = 7.5 + 2 * PADDING_Y  # the "+ / −" and "Stand" row


@dataclass
class NameBlock:
    """A player's name in the header: one line at ``size``, or a wrapped ``paragraph``."""

    text: str
    size: float
    paragraph: Paragraph | None = None
    height: float = 0

    def fits(self, width: float) -> bool:
        """Every line within ``width`` (a paragraph positions a line by the space it leaves)."""
        if self.paragraph is None:
            return text_width(self.text, SANS_BOLD, self.size) <= width + 0.01
        lines = self.paragraph.blPara.lines
        spare = [line[0] if isinstance(line, tuple) else line.extraSpace for line in lines]
        return not spare or min(spare) >= -0.01


def name_block(name: str, width: float) -> NameBlock:
    """The player's name in the largest size that fits the column on one line; a longer name
    wraps (long words are split) and stays inside its column, whole."""
    for size in NAME_SIZES:
        if text_width(name, SANS_BOLD, size) <= width:
            return NameBlock(name, size, height=size * 1.2)
    for size in WRAPPED_NAME_SIZES:
        paragraph = Paragraph(
            escape(name),
            style("grid-name-wrapped", size, bold=True, alignment=1, leading=size * 1.15),
        )
        _width, height = paragraph.wrap(width, 10_000)
        if len(paragraph.blPara.lines) <= NAME_LINES:
            break
    return NameBlock(name, size, paragraph, height)


def dealer_text(name: str, width: float) -> tuple[float, str]:
    """Size and (shrunk or cut) name for "3 · Heinz Groß" on one line of the dealer column."""
    room = width - text_width("5 · ", SANS_BOLD, DEALER_SIZES[0])
    return fit_one_line(name, SANS, DEALER_SIZES, room)


@dataclass
class GridLayout:
    """Where everything of a sheet's grid goes, in points from the grid's top left corner."""

    edges: list[float]  # x of every column edge, left to right
    size: int  # players at the table
    spec: PrintedSheet  # the ruleset's columns and rows
    head: float  # height of the header row with seat and name
    row: float  # height of a game line
    seat_labels: list[list[str]]  # the "PLATZ n" caption of each seat, in lines
    names: list[NameBlock]
    dealers: dict[int, tuple[float, str]]  # seat -> (size, name as printed)

    @property
    def first_player(self) -> int:
        return len(self.spec.lead)

    @property
    def per_seat(self) -> int:
        return len(self.spec.seat)

    @property
    def first_tail(self) -> int:
        return self.first_player + self.per_seat * self.size

    def seat_column(self, index: int, offset: int = 0) -> int:
        """The grid column of player ``index``'s ``offset``-th column."""
        return self.first_player + self.per_seat * index + offset

    def player_span(self, index: int) -> tuple[float, float]:
        return self.edges[self.seat_column(index)], self.edges[self.seat_column(index + 1)]

    def fixed_columns(self) -> list[tuple[int, SheetColumn]]:
        """(grid column, column spec) of the lead and tail columns, left to right."""
        lead = list(enumerate(self.spec.lead))
        return lead + [(self.first_tail + i, column) for i, column in enumerate(self.spec.tail)]

    def column_of(self, key: str) -> int | None:
        """The grid column of the lead or tail column ``key``; None if the sheet has none."""
        return next((index for index, column in self.fixed_columns() if column.key == key), None)

    def height(self, games: int, *, total: bool = True) -> float:
        return self.head + SUB_ROW + games * self.row + (TOTAL_ROW if total else 0)


def seat_caption(sheet: TableSheet, number: int) -> str:
    """ "Platz 3", the list keeper's "Platz 1 · Listenführer"."""
    if number != sheet.printed.list_keeper:
        return _("Platz %(seat)d") % {"seat": number}
    if number == 1:
        return _("Platz 1 · Listenführer")
    return _("Platz %(seat)d · Listenführer") % {"seat": number}


def grid_layout(sheet: TableSheet, width: float) -> GridLayout:
    """Column edges, header and names of ``sheet``'s grid ``width`` wide (row height ROW_MAX;
    :func:`fit_rows` chooses the real one)."""
    size, spec = sheet.size, sheet.printed
    lead = [column.width_mm * mm for column in spec.lead]
    tail = [column.width_mm * mm for column in spec.tail]
    per_player = (width - (sum(lead) + sum(tail))) / size
    widths = [*lead]
    for _seat in range(size):
        widths += [per_player * column.share for column in spec.seat]
    widths += tail
    edges = [0.0]
    for column_width in widths:
        edges.append(edges[-1] + column_width)
    inner = per_player - 2 * PADDING_X
    labels, names = [], []
    for number, name in sheet.seats:
        caption = seat_caption(sheet, number)
        labels.append(simpleSplit(caption.upper(), SANS_BOLD, SEAT_LABEL_SIZE, inner))
        names.append(name_block(name, inner))
    tallest = max(
        len(lines) * SEAT_LABEL_LEADING + block.height
        for lines, block in zip(labels, names, strict=True)
    )
    head = max(tallest, 2 * (HEAD_SIZE + 1) + 4) + 2 * PADDING_Y + 1
    if sheet.spare:
        head = max(head, 15 * mm)  # room to write the names in by hand
    dealer = next((column for column in spec.lead + spec.tail if column.key == DEALER), None)
    dealers = {}
    if dealer is not None:
        dealer_width = dealer.width_mm * mm - 2 * PADDING_X
        dealers = {number: dealer_text(name, dealer_width) for number, name in sheet.seats}
    return GridLayout(edges, size, spec, head, ROW_MAX, labels, names, dealers)


def fit_rows(layout: GridLayout, games: int, height: float, lowest: float = ROW_MIN) -> bool:
    """Set the tallest line (up to ``ROW_MAX``) that lets ``games`` lines fit ``height``;
    False if even ``lowest`` is too tall."""
    room = height - layout.height(0)
    layout.row = min(ROW_MAX, room / games) if games else ROW_MAX
    return layout.row >= lowest

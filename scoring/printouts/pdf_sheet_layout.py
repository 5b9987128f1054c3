"""The score sheet's grid measured: its fixed sizes, how the players' names fit their columns
(one line, smaller, or wrapped) and the row height that lets the games fit the page."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Paragraph

from scoring.printouts.pdf_base import SANS, SANS_BOLD, escape, fit_one_line, style, text_width
from scoring.printouts.sheet_data import TableSheet

CAPTAIN_TINT = colors.HexColor("#fbf4ea")
STAND_TINT = colors.HexColor("#f3f8f5")
SIDEBAR = 64 * mm
GUTTER = 6 * mm
TITLE_HEIGHT = 13 * mm
TITLE_GAP = 3 * mm
TOTAL_ROW = 9 * mm
ROW_MAX = 8.5 * mm
ROW_MIN = 5 * mm
FIXED_COLUMNS = (12 * mm, 25 * mm, 18 * mm, 11 * mm)  # Spiel, Geber, Sieger, Wert
CHECK_COLUMN = 15 * mm
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
    head: float  # height of the header row with seat and name
    row: float  # height of a game line
    seat_labels: list[list[str]]  # the "PLATZ n" caption of each seat, in lines
    names: list[NameBlock]
    dealers: dict[int, tuple[float, str]]  # seat -> (size, name as printed)
    keeper: int = 1  # the seat that keeps the list (its header tinted)

    @property
    def first_player(self) -> int:
        return len(FIXED_COLUMNS)

    def player_span(self, index: int) -> tuple[float, float]:
        column = self.first_player + 2 * index
        return self.edges[column], self.edges[column + 2]

    def height(self, games: int, *, total: bool = True) -> float:
        return self.head + SUB_ROW + games * self.row + (TOTAL_ROW if total else 0)


def grid_layout(sheet: TableSheet, width: float) -> GridLayout:
    """Column edges, header and names of ``sheet``'s grid ``width`` wide (row height ROW_MAX;
    :func:`fit_rows` chooses the real one)."""
    size = sheet.size
    fixed = sum(FIXED_COLUMNS) + CHECK_COLUMN
    per_player = (width - fixed) / size
    widths = [*FIXED_COLUMNS]
    for _seat in range(size):
        widths += [per_player * 0.6, per_player * 0.4]
    widths.append(CHECK_COLUMN)
    edges = [0.0]
    for column_width in widths:
        edges.append(edges[-1] + column_width)
    inner = per_player - 2 * PADDING_X
    labels, names = [], []
    for number, name in sheet.seats:
        caption = _("Platz %(seat)d") % {"seat": number}
        if number == sheet.keeper:
            caption = _("Platz %(seat)d · Listenführer") % {"seat": number}
        labels.append(simpleSplit(caption.upper(), SANS_BOLD, SEAT_LABEL_SIZE, inner))
        names.append(name_block(name, inner))
    tallest = max(
        len(lines) * SEAT_LABEL_LEADING + block.height
        for lines, block in zip(labels, names, strict=True)
    )
    head = max(tallest, 2 * (HEAD_SIZE + 1) + 4) + 2 * PADDING_Y + 1
    if sheet.spare:
        head = max(head, 15 * mm)  # room to write the names in by hand
    dealer_width = FIXED_COLUMNS[1] - 2 * PADDING_X
    dealers = {number: dealer_text(name, dealer_width) for number, name in sheet.seats}
    return GridLayout(edges, size, head, ROW_MAX, labels, names, dealers, sheet.keeper)


def fit_rows(layout: GridLayout, games: int, height: float) -> bool:
    """Set the tallest game line (up to ``ROW_MAX``) that lets ``games`` lines fit ``height``;
    False if even ``ROW_MIN`` is too tall."""
    room = height - layout.height(0)
    layout.row = min(ROW_MAX, room / games) if games else ROW_MAX
    return layout.row >= ROW_MIN

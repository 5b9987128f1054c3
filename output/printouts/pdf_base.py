"""What every PDF printout shares: fonts, A4 page setup, header, footer and styles.

A printout builds a list of flowables (its *story*) and hands it to :func:`render_pdf` with a
:class:`PageSetup`; everything around the story is drawn here:

- **Fonts**: DejaVu Sans and Serif, embedded from ``fonts`` (this folder), with fallback fonts for
  Chinese, Japanese, Korean and emoji (``pdf_fonts``): every string drawn on the canvas and
  every paragraph made with :func:`escape` prints in whatever script a name was typed.
- **Header**: the tournament's name, date and venue on the left, the printout's title on the
  right; a draft is marked "Entwurf" in the header and across the page. A club's tournament
  shows the club's logo (``Club.logo``) left of its name, at most 15 mm high and 40 mm wide.
- **Footer**: when it was printed, and "Seite x von y" (the total is known only at the end, so
  the canvas keeps the pages and draws the footers when the document is saved).

A printout without header and footer (certificates) sets ``chrome=False``. A long list for the
wall sets ``columns`` (2 or 3) and runs in that many columns on the pages of the
``COLUMNS_TEMPLATE`` (from the start with ``start_in_columns``, else after a
``NextPageTemplate(COLUMNS_TEMPLATE)`` in its story). Shared pieces of a
story: :class:`FixedFlowable` for anything drawn on the canvas at a fixed size, and
:func:`cell_padding` for a table's cell padding.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from output.printouts.pdf_fonts import (
    FONT_FILES,
    SANS,
    SANS_BOLD,
    SERIF,
    SERIF_BOLD,
    FallbackCanvas,
    markup,
    register_fonts,
    text_width,
)
from tournament.models import Club, Tournament

__all__ = ["FONT_FILES", "SANS", "SANS_BOLD", "SERIF", "SERIF_BOLD", "register_fonts", "text_width"]

PDF_CONTENT_TYPE = "application/pdf"
COLUMNS_TEMPLATE = "columns"

# The app's colours (static/css/app.css), so printouts look like the pages they come from.
FELT = colors.HexColor("#0f5132")
FELT_LIGHT = colors.HexColor("#e7f3ec")
ACCENT = colors.HexColor("#b45309")
INK = colors.HexColor("#1f2328")
MUTED = colors.HexColor("#5b6470")
LINE = colors.HexColor("#c3cad1")
ZEBRA = colors.HexColor("#f4f6f5")

PAPER_EDGE = 5 * mm  # printers clip closer to the edge
LOGO_MAX_HEIGHT = 15 * mm
LOGO_MAX_WIDTH = 40 * mm
LOGO_GAP = 3 * mm
DRAFT_RED = colors.HexColor("#b42318")


def style(
    name: str,
    size: float,
    *,
    bold: bool = False,
    serif: bool = False,
    color: colors.Color = INK,
    leading: float | None = None,
    **options: Any,
) -> ParagraphStyle:
    """A paragraph style in the embedded fonts (leading 1.2 × size unless given)."""
    register_fonts()
    font = {
        (False, False): SANS,
        (False, True): SANS_BOLD,
        (True, False): SERIF,
        (True, True): SERIF_BOLD,
    }[serif, bold]
    return ParagraphStyle(
        name,
        fontName=font,
        fontSize=size,
        leading=leading if leading is not None else size * 1.2,
        textColor=color,
        **options,
    )


def escape(text: str, font: str = SANS_BOLD) -> str:
    """Paragraph text is mini-HTML: a name like "A & B <C>" must print as typed, and a name
    in Chinese or with an emoji in the fallback fonts (``pdf_fonts.markup``)."""
    return markup(text, font)


def fit_one_line(text: str, font: str, sizes: tuple[float, ...], width: float) -> tuple[float, str]:
    """The largest of ``sizes`` at which ``text`` fits ``width``; else the smallest, with
    ``text`` cut to fit and ended by "…"."""
    for size in sizes:
        if text_width(text, font, size) <= width:
            return size, text
    size = sizes[-1]
    low, high = 0, len(text)  # the longest cut that fits: binary search
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + "…", font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return size, text[:low].rstrip() + "…"


def short_date(tournament: Tournament) -> str:
    return date_format(tournament.date, "SHORT_DATE_FORMAT")


def long_date(tournament: Tournament) -> str:
    return date_format(tournament.date, "DATE_FORMAT")


def printed_at() -> str:
    return date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")


class FixedFlowable(Flowable):
    """A flowable of a fixed size that draws itself on the canvas in ``draw``."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self.width = width
        self.height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height


def cell_padding(
    left: float = 0,
    right: float = 0,
    top: float = 0,
    bottom: float = 0,
    *,
    start: tuple[int, int] = (0, 0),
    end: tuple[int, int] = (-1, -1),
) -> list[tuple]:
    """Table style commands for the padding of the cells ``start`` to ``end`` (all of them
    unless given): 0 on every side unless given."""
    return [
        ("LEFTPADDING", start, end, left),
        ("RIGHTPADDING", start, end, right),
        ("TOPPADDING", start, end, top),
        ("BOTTOMPADDING", start, end, bottom),
    ]


@dataclass
class PageSetup:
    """Page and frame of one printout.

    ``title`` names the printout in the header and the PDF's metadata; ``margin`` is the space
    around the frame (header and footer sit inside the top and bottom margins).
    """

    tournament: Tournament
    title: str
    landscape: bool = False
    draft: bool = False
    chrome: bool = True
    margin: float = 14 * mm
    top: float = 24 * mm
    bottom: float = 18 * mm
    decorate: Callable[[Canvas, PageSetup], None] | None = None
    columns: int = 1  # frames side by side on pages of the ``COLUMNS_TEMPLATE``
    column_gap: float = 8 * mm
    start_in_columns: bool = False  # else a story switches with NextPageTemplate

    @property
    def pagesize(self) -> tuple[float, float]:
        return landscape(A4) if self.landscape else A4

    @property
    def frame_width(self) -> float:
        return self.pagesize[0] - 2 * self.margin

    @property
    def frame_height(self) -> float:
        return self.pagesize[1] - self.top - self.bottom

    @property
    def column_width(self) -> float:
        return (self.frame_width - (self.columns - 1) * self.column_gap) / self.columns


@dataclass(frozen=True)
class HeaderLogo:
    """The club's logo as the header draws it: the image and its size in points."""

    image: ImageReader
    width: float
    height: float


def header_logo(tournament: Tournament, max_height: float) -> HeaderLogo | None:
    """The logo of the tournament's club at most ``max_height`` (and ``LOGO_MAX_WIDTH``) in
    size, keeping its proportions; None without a club or a logo."""
    if max_height <= 0:
        return None
    # A season's heading carries its club's logo already read (``club_logo``); a tournament
    # names its club, whose logo is read here.
    data = getattr(tournament, "club_logo", None)
    if data is None:
        club_id = getattr(tournament, "club_id", None)
        if club_id is None:
            return None
        data = Club.objects.filter(pk=club_id).values_list("logo", flat=True).first()
    if not data:
        return None
    try:
        image = ImageReader(io.BytesIO(bytes(data)))
        pixels_wide, pixels_high = image.getSize()
    except (OSError, ValueError):
        return None  # stored by ``tournament.clubs.logo``, so never expected; print without
    height = min(LOGO_MAX_HEIGHT, max_height)
    width = height * pixels_wide / pixels_high
    if width > LOGO_MAX_WIDTH:
        width, height = LOGO_MAX_WIDTH, LOGO_MAX_WIDTH * pixels_high / pixels_wide
    return HeaderLogo(image, width, height)


def _header_baseline(setup: PageSetup) -> float:
    """The baseline of the header's lower line (date and venue); the title line is above."""
    return setup.pagesize[1] - setup.top + 9 * mm


def logo_room(setup: PageSetup) -> float:
    """How high a logo may be: from just above the header's rule to 5 mm below the paper's
    edge."""
    return setup.top - 9 * mm + 1.5 * mm - PAPER_EDGE


def draw_header(canvas: Canvas, setup: PageSetup, logo: HeaderLogo | None = None) -> None:
    width, _height = setup.pagesize
    tournament = setup.tournament
    top = _header_baseline(setup)
    left = setup.margin
    if logo is not None:
        canvas.drawImage(logo.image, left, top - 1.5 * mm, logo.width, logo.height, mask="auto")
        left += logo.width + LOGO_GAP
    # A long name shrinks, then is cut ("…"), so that it never runs into the title.
    room = width - setup.margin - left - text_width(setup.title, SANS_BOLD, 10.5) - 8 * mm
    size, name = fit_one_line(tournament.name, SANS_BOLD, (10.5, 9.5, 8.5), room)
    canvas.setFillColor(INK)
    canvas.setFont(SANS_BOLD, size)
    canvas.drawString(left, top + 4.2 * mm, name)
    details = " · ".join(part for part in (short_date(tournament), tournament.venue) if part)
    if setup.draft:
        room = width - setup.margin - left - 8 * mm
        room -= text_width(_("Entwurf – noch nicht freigegeben").upper(), SANS_BOLD, 8.5)
    else:
        room = width - setup.margin - left
    _size, details = fit_one_line(details, SANS, (8.5,), room)
    canvas.setFont(SANS, 8.5)
    canvas.setFillColor(MUTED)
    canvas.drawString(left, top, details)
    canvas.setFillColor(INK)
    canvas.setFont(SANS_BOLD, 10.5)
    canvas.drawRightString(width - setup.margin, top + 4.2 * mm, setup.title)
    if setup.draft:
        canvas.setFillColor(DRAFT_RED)
        canvas.setFont(SANS_BOLD, 8.5)
        canvas.drawRightString(
            width - setup.margin, top, _("Entwurf – noch nicht freigegeben").upper()
        )
    canvas.setStrokeColor(FELT)
    canvas.setLineWidth(1.2)
    canvas.line(setup.margin, top - 2.5 * mm, width - setup.margin, top - 2.5 * mm)


def _draw_draft_mark(canvas: Canvas, setup: PageSetup) -> None:
    width, height = setup.pagesize
    canvas.saveState()
    canvas.setFillColor(colors.Color(0.71, 0.14, 0.09, alpha=0.08))
    canvas.setFont(SANS_BOLD, 110)
    canvas.translate(width / 2, height / 2)
    canvas.rotate(35)
    canvas.drawCentredString(0, -35, _("ENTWURF"))
    canvas.restoreState()


def _draw_footer(canvas: Canvas, setup: PageSetup, page: int, total: int) -> None:
    width, _height = setup.pagesize
    y = setup.bottom - 10 * mm
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.5)
    canvas.line(setup.margin, y + 4 * mm, width - setup.margin, y + 4 * mm)
    canvas.setFont(SANS, 8)
    canvas.setFillColor(MUTED)
    canvas.drawString(
        setup.margin,
        y,
        _("Gedruckt am %(when)s · Doko-Turnier") % {"when": printed_at()},
    )
    canvas.setFont(SANS_BOLD, 8)
    canvas.setFillColor(INK)
    canvas.drawRightString(
        width - setup.margin,
        y,
        _("Seite %(page)d von %(total)d") % {"page": page, "total": total},
    )


def _numbered_canvas(setup: PageSetup) -> type[Canvas]:
    """A canvas that holds back its pages until the end, to draw "Seite x von y" on each."""

    class NumberedCanvas(FallbackCanvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                if setup.chrome:
                    _draw_footer(self, setup, number, total)
                super().showPage()
            super().save()

    return NumberedCanvas


def render_pdf(setup: PageSetup, story: Sequence[Flowable]) -> bytes:
    """Lay out ``story`` on A4 pages with the shared header and footer; the PDF's bytes."""
    register_fonts()
    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer,
        pagesize=setup.pagesize,
        leftMargin=setup.margin,
        rightMargin=setup.margin,
        topMargin=setup.top,
        bottomMargin=setup.bottom,
        title=f"{setup.tournament.name} – {setup.title}",
        author=_("Turnierleitung"),
        creator="Doko-Turnier",
        subject=setup.title,
        lang=get_language() or "de",
    )

    logo = header_logo(setup.tournament, logo_room(setup)) if setup.chrome else None

    def on_page(canvas: Canvas, _document: BaseDocTemplate) -> None:
        canvas.saveState()
        if setup.draft:
            _draw_draft_mark(canvas, setup)
        if setup.decorate is not None:
            setup.decorate(canvas, setup)
        if setup.chrome:
            draw_header(canvas, setup, logo)
        canvas.restoreState()

    # No frame padding: ``frame_width`` and ``frame_height`` are exactly what a story gets.
    frame = Frame(
        setup.margin,
        setup.bottom,
        setup.frame_width,
        setup.frame_height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="content",
    )
    templates = [PageTemplate(id="page", frames=[frame], onPage=on_page)]
    if setup.columns > 1:
        # A long list for the wall runs down one column, then the next: a page holds two or
        # three times as many lines at the same size.
        frames = [
            Frame(
                setup.margin + index * (setup.column_width + setup.column_gap),
                setup.bottom,
                setup.column_width,
                setup.frame_height,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
                id=f"column-{index}",
            )
            for index in range(setup.columns)
        ]
        columns = PageTemplate(id=COLUMNS_TEMPLATE, frames=frames, onPage=on_page)
        templates.insert(0 if setup.start_in_columns else 1, columns)
    document.addPageTemplates(templates)
    document.build(list(story), canvasmaker=_numbered_canvas(setup))
    return buffer.getvalue()

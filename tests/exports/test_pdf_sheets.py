"""Pre-filled score sheets: one page per table, players in seat order, QR link to the entry."""

from __future__ import annotations

import io
import re

import pytest
import segno
from django.test import override_settings
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from output.printouts.pdf_base import SANS, SANS_BOLD, PageSetup, register_fonts
from output.printouts.pdf_sheet_layout import (
    GUTTER,
    PADDING_X,
    PADDING_Y,
    SEAT_LABEL_LEADING,
    SEAT_LABEL_SIZE,
    SIDEBAR,
    TITLE_GAP,
    TITLE_HEIGHT,
    NameBlock,
    fit_rows,
    grid_layout,
)
from output.printouts.pdf_sheets import SHEET_SETUP, score_sheets_pdf
from output.printouts.sheet_data import TableSheet, table_sheets
from public.rules_text import legend_lines
from scoring.evening.rounds import draw_round, release_round
from scoring.sheets.links import captain_url, public_base_url
from tournament.models import Seat, Table, Tournament
from tournament.participants.services import update_participant
from tournament.seating.reading import round_with_seating

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def test_one_page_per_table_with_players_in_seat_order(evening, keep_output):
    data = score_sheets_pdf(round_with_seating(evening, 1), "http://doko.local")
    keep_output("spiellisten.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == 4
    first = texts[0]
    assert "Tisch 1" in first and "Jürgen Müller" in first and "Änne Schäfer" in first
    assert first.index("Jürgen Müller") < first.index("Änne Schäfer")
    assert "LISTENFÜHRER" in first
    assert "Seite 1 von 4" in first
    assert "setzt aus" not in first
    assert "setzt aus" in texts[2]
    assert "16 Spiele" in first and "20 Spiele" in texts[2]


def test_filled_sheets_print_the_games_entered(played_round_one, keep_output):
    data = score_sheets_pdf(
        round_with_seating(played_round_one, 1), "http://doko.local", with_games=True
    )
    keep_output("spiellisten-ausgefuellt.pdf", data)
    _pages, texts = pdf_text(data)
    assert "+" in texts[0]


def test_entry_url_uses_public_base_url_when_set(evening, rf):
    table = Table.objects.filter(round__tournament=evening).order_by("number").first()
    request = rf.get("/verwaltung/", HTTP_HOST="laptop:8000")
    with override_settings(PUBLIC_BASE_URL="https://doko.example.org/"):
        base = public_base_url(request)
        assert base == "https://doko.example.org"
        assert (
            captain_url(table.entry_token, base)
            == f"https://doko.example.org/e/{table.entry_token}/"
        )
    with override_settings(PUBLIC_BASE_URL=""):
        base = public_base_url(request)
        assert base == "http://laptop:8000"
        assert captain_url(table.entry_token, base) == f"http://laptop:8000/e/{table.entry_token}/"


def test_sheet_data_carries_each_tables_entry_link(evening):
    round_ = round_with_seating(evening, 1)
    sheets = table_sheets(round_, "http://doko.local")
    tokens = {t.number: t.entry_token for t in Table.objects.filter(round__number=1)}
    assert [sheet.games for sheet in sheets] == [16, 16, 20, 20]
    for sheet in sheets:
        assert sheet.url == f"http://doko.local/e/{tokens[sheet.number]}/"
    Table.objects.filter(round__number=1, number=2).update(token_revoked=True)
    sheets = table_sheets(round_with_seating(evening, 1), "http://doko.local")
    assert sheets[1].url is None
    _pages, texts = pdf_text(score_sheets_pdf(round_with_seating(evening, 1), "http://x"))
    assert "Eingabelink dieses Tisches ist gesperrt" in " ".join(texts[1].split())


def test_legend_shows_the_house_values(evening):
    tournament = Tournament.objects.get(pk=evening.pk)
    text = " ".join(f"{what} {points}" for what, points in legend_lines(tournament))
    for expected in (
        "Bubensolo 2",
        "Damensolo 3",
        "Trumpfsolo 4",
        "Fuchs am End gefangen 2",
        "Doppelkopf 1",
        "−15",
        "+5",
        "+15",
        "120 : 120",
        "Re, Kontra, Sub, In",
        "schwarz",
        "verloren",
    ):
        assert expected in text


def test_cycles_decide_the_number_of_game_lines(make_tournament, add_participants, organiser):
    long_evening = make_tournament("Langer Abend", cycles=6)
    add_participants(long_evening, 9)
    draw_round(long_evening, 1, seed=1, user=organiser)
    release_round(long_evening, 1, user=organiser)
    round_ = round_with_seating(long_evening, 1)
    assert [sheet.games for sheet in table_sheets(round_, "http://x")] == [24, 30]
    pages, texts = pdf_text(score_sheets_pdf(round_, "http://x"))
    assert "30 Spiele" in "\n".join(texts)
    assert pages >= 2


def drawn_qr_modules(data: bytes, page: int) -> tuple[float, set[tuple[int, int]]]:
    """The QR code as the page draws it: the size of a module in points and the dark modules
    (row, column), read back from the rectangles of the path drawn in module units."""
    operations = PdfReader(io.BytesIO(data)).pages[page].get_contents().operations
    start = next(
        index
        for index, (operands, operator) in enumerate(operations)
        if operator == b"cm" and operands[0] > 0 and operands[3] == -operands[0]
    )
    module = float(operations[start][0][0])
    dark: set[tuple[int, int]] = set()
    for operands, operator in operations[start + 1 :]:
        if operator in (b"f", b"f*"):
            break
        if operator == b"re":
            column, row, length, height = (int(value) for value in operands)
            assert height == 1
            dark.update((row, column + step) for step in range(length))
    return module, dark


def qr_modules(url: str) -> tuple[int, set[tuple[int, int]]]:
    """segno's QR code of ``url`` (level M, quiet zone of 4): its width and dark modules."""
    symbol = segno.make(url, error="m", boost_error=False)
    assert symbol.error == "M"
    rows = list(symbol.matrix_iter(border=4))
    dark = {(r, c) for r, row in enumerate(rows) for c, value in enumerate(row) if value}
    return len(rows), dark


def test_qr_code_encodes_the_captains_link(evening):
    data = score_sheets_pdf(round_with_seating(evening, 1), "http://doko.local")
    tables = Table.objects.filter(round__number=1).order_by("number")
    urls = [captain_url(table.entry_token, "http://doko.local") for table in tables]
    module, drawn = drawn_qr_modules(data, 0)
    width, expected = qr_modules(urls[0])
    assert drawn == expected
    assert module * width == pytest.approx(36 * mm)  # the size reportlab's widget had
    assert drawn != qr_modules(urls[1])[1]
    assert drawn_qr_modules(data, 1)[1] == qr_modules(urls[1])[1]


# ---------------------------------------------------------------------------- long names

LONG_NAMES = [
    "Anna-Lena Maria " * 6 + "Ende",  # 100 characters of ordinary words
    "W" * 100,  # the widest letter, no place to break
    "Maximilian-Alexander Freiherr von und zu Hohenzollern-Sigmaringen-Hechingen-Weilburg "
    "und Nassau-Dill",
    "Hohenzollern-Sigmaringen-Hechingen-Weilburg-Nassau-Oranien-Schaumburg-Lippe-Detmold-"
    "Bentheim-Tecklen",
    "<b>A & B</b> " * 7 + "<i>xy</i>",  # markup is text
    "ÄÖÜ" * 33 + "ß",
]


def overflowing_names(sheet: TableSheet, width: float) -> list[str]:
    """What of the sheet's header and dealer column does not fit: a name wider than its
    column (less the padding), a caption and name taller than the header row, a dealer's name
    wider than the dealer column."""
    layout = grid_layout(sheet, width)
    problems = []
    for index, (labels, block) in enumerate(zip(layout.seat_labels, layout.names, strict=True)):
        left, right = layout.player_span(index)
        room = right - left - 2 * PADDING_X
        if not block.fits(room):
            problems.append(f"name {index + 1} too wide")
        for label in labels:
            if stringWidth(label, SANS_BOLD, SEAT_LABEL_SIZE) > room + 0.01:
                problems.append(f"caption {index + 1} too wide")
        if len(labels) * SEAT_LABEL_LEADING + block.height > layout.head - 2 * PADDING_Y:
            problems.append(f"header {index + 1} too tall")
    dealer_room = layout.edges[2] - layout.edges[1] - 2 * PADDING_X
    for seat, (size, shown) in layout.dealers.items():
        if (
            stringWidth(f"{seat} · ", SANS_BOLD, size) + stringWidth(shown, SANS, size)
            > dealer_room
        ):
            problems.append(f"dealer {seat} too wide")
    return problems


@pytest.mark.parametrize("name", LONG_NAMES, ids=range(len(LONG_NAMES)))
@pytest.mark.parametrize("size", [4, 5])
def test_a_100_character_name_stays_inside_its_cells(size, name):
    """The header shrinks and wraps the name inside its column; the dealer column, whose rows
    have a fixed height, shrinks it and cuts it to one line. Nothing overlaps, and the sheet
    still fits its page."""
    assert len(name) == 100
    register_fonts()
    seats = [(seat, name if seat == 2 else f"Spieler {seat}") for seat in range(1, size + 1)]
    sheet = TableSheet(number=1, seats=seats, url="http://doko.local/e/x/", games=4 * size)
    setup = PageSetup(tournament=None, title="", **SHEET_SETUP)
    width = setup.frame_width - SIDEBAR - GUTTER
    height = setup.frame_height - TITLE_HEIGHT - TITLE_GAP
    assert overflowing_names(sheet, width) == []
    layout = grid_layout(sheet, width)
    assert fit_rows(layout, sheet.games, height), "the sheet no longer fits one page"
    assert layout.row >= 5 * mm  # the game rows stay writable
    assert layout.height(sheet.games) <= height


def test_the_name_check_sees_a_name_that_would_overlap():
    """A name forced to 10 pt in one line is caught by the check: it is not blind."""
    register_fonts()
    sheet = TableSheet(number=1, seats=[(s, "x") for s in range(1, 5)], url=None, games=16)
    assert overflowing_names(sheet, 180 * mm) == []
    layout = grid_layout(sheet, 180 * mm)
    layout.names[1] = NameBlock(LONG_NAMES[0], 10)
    left, right = layout.player_span(1)
    assert not layout.names[1].fits(right - left - 2 * PADDING_X)


def test_a_long_name_prints_whole_in_the_header_and_cut_in_the_dealer_column(evening, keep_output):
    name = LONG_NAMES[0]
    seat = Seat.objects.get(round__number=1, table__number=1, number=2)
    update_participant(seat.participant, name=name)
    data = score_sheets_pdf(round_with_seating(evening, 1), "http://doko.local")
    keep_output("spiellisten-langer-name.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == 4
    text = " ".join(texts[0].split())
    assert name.replace("-", "") in text.replace("- ", "").replace("-", "")
    # A dealer cell reads "<dealer seat> · <name>" (the game number may come first).
    dealer_cells = re.findall(r"^(?:\d+ )?2 · (.+)$", texts[0], flags=re.MULTILINE)
    assert len(dealer_cells) == 4  # seat 2 deals games 2, 6, 10 and 14
    assert all(cell.rstrip().endswith("…") for cell in dealer_cells)


def test_sheets_printed_from_127_0_0_1_warn_beside_the_qr_code(evening, keep_output):
    from .test_pdf_margins import too_close

    data = score_sheets_pdf(round_with_seating(evening, 1), "http://127.0.0.1:8000")
    keep_output("spiellisten-127.pdf", data)
    _pages, texts = pdf_text(data)
    for text in texts:
        assert "Achtung: Dieser Code führt zu diesem Rechner selbst" in " ".join(text.split())
    assert too_close(data) == []
    _pages, texts = pdf_text(score_sheets_pdf(round_with_seating(evening, 1), "http://doko.local"))
    assert "Achtung" not in "".join(texts)

"""A club's logo: a hostile upload is refused with a clear message and nothing is stored; what
is stored is a small clean PNG; the club's printouts carry it in their header; only the club's
Turnierleitung may change it."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from output.printouts.pdf_base import (
    LOGO_MAX_HEIGHT,
    PageSetup,
    draw_header,
    header_logo,
    logo_room,
    register_fonts,
)
from output.printouts.pdf_checkin import checkin_pdf
from output.printouts.pdf_seating import seating_pdf
from tests.clubs.test_club_permissions import member_of
from tests.exports.conftest import keep_output as keep_output  # the fixture, shared
from tests.exports.test_pdf_margins import header_overlaps, too_close
from tests.tournament.test_access import login
from tournament.clubs.logo import MAX_BYTES, STORED_SIDE, LogoRefused, clean_logo
from tournament.clubs.services import create_club, store_club_logo
from tournament.models import Club, ClubMembership, Tournament
from tournament.seating.reading import round_with_seating


def image_bytes(size=(120, 60), fmt="PNG", mode="RGB", **options) -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, (15, 81, 50) if mode == "RGB" else None).save(buffer, fmt, **options)
    return buffer.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` pixels, with no real pixel data."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


# ---------------------------------------------------------------------------- the upload


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_png_and_jpeg_are_stored_as_a_small_png(fmt):
    stored = clean_logo(image_bytes((2000, 1000), fmt))
    image = Image.open(io.BytesIO(stored))
    assert image.format == "PNG"
    assert image.size == (STORED_SIDE, STORED_SIDE // 2)


def test_the_stored_png_carries_no_metadata():
    exif = Image.Exif()
    exif[0x010F] = "Kamerahersteller"  # Make
    exif[0x8825] = {2: (50, 7, 0)}  # a GPS latitude
    upload = image_bytes((300, 200), "JPEG", exif=exif.tobytes(), comment=b"geheim")
    assert b"Kamerahersteller" in upload
    stored = clean_logo(upload)
    image = Image.open(io.BytesIO(stored))
    assert not image.getexif()
    assert set(image.info) <= {"dpi"}
    assert b"Kamerahersteller" not in stored and b"geheim" not in stored


@pytest.mark.parametrize(
    ("upload", "message"),
    [
        (b"%PDF-1.4 not a picture", "PNG- oder JPEG-Bild"),
        (image_bytes(fmt="GIF", mode="P"), "PNG- oder JPEG-Bild"),
        (image_bytes(fmt="BMP"), "PNG- oder JPEG-Bild"),
        (b"", "PNG- oder JPEG-Bild"),
        (png_header_only(4001, 20), "4001 × 20 Pixel groß; höchstens 4000 × 4000"),
        (png_header_only(50_000, 50_000), "höchstens 4000 × 4000"),
        (image_bytes((400, 400))[:200], "beschädigt"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * (MAX_BYTES), "zu groß"),
    ],
)
def test_bad_uploads_are_refused_with_a_clear_message(upload, message):
    with pytest.raises(LogoRefused) as refused:
        clean_logo(upload)
    assert message in refused.value.message
    assert refused.value.field == "logo"


# ---------------------------------------------------------------------------- the page


@pytest.fixture
def club(db) -> Club:
    return create_club("doko", name="Doko-Club")


@pytest.fixture
def leader(club):
    return member_of(club, "leiterin", ClubMembership.Role.ORGANISER)


def upload(data: bytes, name: str = "logo.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/png")


def test_the_leader_uploads_sees_and_removes_the_logo(club, leader):
    client = login(leader)
    url = reverse("clubs:logo", args=[club.slug])
    page = client.get(url)
    assert page.status_code == 200 and "Noch kein Logo" in page.content.decode()
    response = client.post(url, {"logo": upload(image_bytes((900, 300), "JPEG"), "x.jpg")})
    assert response.status_code == 302
    club.refresh_from_db()
    assert Image.open(io.BytesIO(bytes(club.logo))).size == (STORED_SIDE, STORED_SIDE // 3)
    assert 'src="data:image/png;base64,' in client.get(url).content.decode()
    assert client.post(url, {"remove": "1"}).status_code == 302
    club.refresh_from_db()
    assert club.logo is None


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        (b"GIF89a" + b"\0" * 40, "logo.png", "PNG- oder JPEG-Bild"),  # the name says nothing
        (png_header_only(5000, 10), "logo.png", "höchstens 4000 × 4000"),
        (b"\0" * (MAX_BYTES + 1), "logo.png", "zu groß"),
    ],
)
def test_a_refused_upload_is_a_form_error_and_nothing_is_stored(club, leader, data, name, message):
    store_club_logo(club, image_bytes())
    before = bytes(Club.objects.get(pk=club.pk).logo)
    response = login(leader).post(reverse("clubs:logo", args=[club.slug]), {"logo": upload(data)})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert bytes(Club.objects.get(pk=club.pk).logo) == before


def test_only_the_clubs_leader_may_change_the_logo(club, client):
    url = reverse("clubs:logo", args=[club.slug])
    helper = login(member_of(club, "helfer", ClubMembership.Role.HELPER))
    other = create_club("nachbarn", name="Nachbarverein")
    stranger = login(member_of(other, "nachbar", ClubMembership.Role.ORGANISER))
    assert client.get(url).status_code == 302  # to the login
    assert helper.get(url).status_code == 403
    assert helper.post(url, {"logo": upload(image_bytes())}).status_code == 403
    assert stranger.get(url).status_code == 404
    assert stranger.post(url, {"logo": upload(image_bytes())}).status_code == 404
    assert Club.objects.get(pk=club.pk).logo is None


# ---------------------------------------------------------------------------- printouts


def image_xobjects(data: bytes) -> int:
    count = 0
    for page in PdfReader(io.BytesIO(data)).pages:
        resources = page.get("/Resources") or {}
        xobjects = resources.get("/XObject") or {}
        count += sum(1 for ref in xobjects.values() if ref.get_object().get("/Subtype") == "/Image")
    return count


@pytest.fixture
def club_evening(evening, club) -> Tournament:
    Tournament.objects.filter(pk=evening.pk).update(
        club=club, name="Offene Vereinsmeisterschaft im Doppelkopf der Kreuz-Buben Köln"
    )
    evening.refresh_from_db()
    return evening


def test_a_clubs_printouts_carry_its_logo_in_the_header(club_evening, club, keep_output):
    round_ = round_with_seating(club_evening, 1)
    assert image_xobjects(seating_pdf(round_)) == 0
    store_club_logo(club, image_bytes((1200, 300)))
    seating = seating_pdf(round_)
    keep_output("sitzordnung-mit-logo.pdf", seating)
    assert image_xobjects(seating) >= 1
    checkin = checkin_pdf(club_evening)
    assert image_xobjects(checkin) >= 1
    for data in (seating, checkin):
        assert header_overlaps(data) == []
        assert too_close(data) == []


class RecordingCanvas(Canvas):
    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.images: list[tuple[float, float, float, float]] = []
        self.strings: list[tuple[float, float, str]] = []

    def drawImage(self, image, x, y, width=None, height=None, **options):
        self.images.append((x, y, width, height))

    def drawString(self, x, y, text, *args, **options):
        self.strings.append((x, y, text))


@pytest.mark.parametrize("size", [(600, 600), (600, 100), (100, 600)])
def test_the_logo_is_at_most_15_mm_high_inside_the_paper_and_left_of_the_name(
    club_evening, club, size
):
    register_fonts()
    store_club_logo(club, image_bytes(size))
    setup = PageSetup(tournament=club_evening, title="Sitzordnung Durchgang 1")
    logo = header_logo(club_evening, logo_room(setup))
    canvas = RecordingCanvas()
    draw_header(canvas, setup, logo)
    [(x, y, width, height)] = canvas.images
    assert height <= LOGO_MAX_HEIGHT + 0.01 and width <= 40 * mm + 0.01
    _page_width, page_height = setup.pagesize
    assert x >= 5 * mm and y + height <= page_height - 5 * mm
    name_x = min(string_x for string_x, _y, _text in canvas.strings)
    assert name_x >= x + width
    rule = page_height - setup.top + 9 * mm - 2.5 * mm
    assert y > rule  # above the header's rule, so never over the page's content

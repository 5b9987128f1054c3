"""Hostile uploads found in issue 21: an .xlsx whose worksheet is not named ``*.xml`` (it skipped
the size checks: 45 kB took 15 s and 350 MB), and the restore page's upload cap. Each is refused
quickly through the page with our message, and the database is exactly as before."""

from __future__ import annotations

import time
import zipfile
from collections.abc import Callable

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from output.backup.document import MAX_BYTES
from tests import handmade_xlsx as handmade
from tests.reliability.test_bad_input_catalogue import Ctx, snapshot

pytestmark = pytest.mark.django_db

NOT_XML = "xl/worksheets/sheet1.bin"


def stored(sheet_xml: str, part: str = NOT_XML) -> bytes:
    """Not deflated: only the scan of every part can see what is inside."""
    return handmade.xlsx_file(sheet_xml, sheet_part=part, compression=zipfile.ZIP_STORED)


def restore(data: bytes, client: str = "organiser") -> Callable[[Ctx], object]:
    def send(c: Ctx):
        upload = SimpleUploadedFile("sicherung.json", data, content_type="application/json")
        url = reverse("exports:restore")
        if client == "organiser":
            return c.organiser.post(url, {"file": upload})
        stranger = Client(enforce_csrf_checks=True)
        stranger.get(reverse("login"))
        token = stranger.cookies[settings.CSRF_COOKIE_NAME].value
        return stranger.post(url, {"csrfmiddlewaretoken": token, "file": upload})

    return send


CASES: list[tuple[str, Callable[[Ctx], object], str]] = [
    (
        "import: xlsx, worksheet 'sheet1.bin' with a row of 1,000,000 cells (5 kB)",
        lambda c: c.upload(handmade.one_wide_row(sheet_part=NOT_XML), "liste.xlsx"),
        "1000-fache",
    ),
    (
        "import: xlsx, worksheet 'sheet1.bin' stored, a row of 400,000 cells",
        lambda c: c.upload(stored(handmade.worksheet("<row>" + "<c/>" * 400_000 + "</row>"))),
        "mehr als 1000 Zellen",
    ),
    (
        "import: xlsx, worksheet 'data' without extension, 300,000 empty rows",
        lambda c: c.upload(stored(handmade.worksheet("<row/>" * 300_000), "xl/data")),
        "zu umfangreich",
    ),
    (
        "import: xlsx, worksheet 'sheet1.bin' with a DTD",
        lambda c: c.upload(
            stored('<?xml version="1.0"?><!DOCTYPE x []>' + handmade.worksheet("")), "liste.xlsx"
        ),
        "enthält eine DTD",
    ),
    (
        "import: xlsx, a 'picture' part that is a worksheet of 400,000 cells",
        lambda c: c.upload(
            handmade.xlsx_file(
                handmade.worksheet([handmade.row(1, ["Name"]), handmade.row(2, ["Anna"])]),
                {"xl/media/image1.png": ("<row>" + "<c/>" * 400_000 + "</row>").encode()},
                compression=zipfile.ZIP_STORED,
            ),
            "liste.xlsx",
        ),
        "mehr als 1000 Zellen",
    ),
    (
        "restore: an upload over the restore page's cap",
        restore(b" " * (MAX_BYTES + settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)),
        f"höchstens {MAX_BYTES // 2**20} MB",
    ),
    (
        "restore: a stranger's upload over the ordinary cap",
        restore(b" " * (settings.UPLOAD_MAX_REQUEST_SIZE + 1), client="stranger"),
        f"höchstens {settings.UPLOAD_MAX_REQUEST_SIZE // 2**20} MB",
    ),
    (
        "restore: a backup file that is no UTF-8",
        restore(b'{"format": "doko-turnier-sicherung", "name": "Kaputt\xff"}'),
        "keine gültige JSON-Datei",
    ),
]


@pytest.mark.parametrize(("name", "send", "message"), CASES, ids=[case[0] for case in CASES])
def test_hostile_uploads_are_refused_quickly_and_change_nothing(
    name, send, message, organiser_client, evening
):
    ctx = Ctx(organiser=organiser_client, anonymous=Client(), tournament=evening)
    before = snapshot()
    started = time.perf_counter()
    response = send(ctx)
    elapsed = time.perf_counter() - started
    assert response.status_code == 400, (name, response.status_code)
    assert message in response.content.decode(), name
    assert snapshot() == before, name
    if name.startswith("import:"):
        assert elapsed < 2, (name, elapsed)  # before: seconds and hundreds of MB

"""Text that arrived broken (invalid UTF-8, or U+FFFD that stands for it) is refused with a
message naming the field, and nothing is stored: forms, query strings, uploaded file names and
files, the JSON body of the calculator. Django alone would store "Kaputt��Name"."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from tests import handmade_xlsx as handmade
from tests.reliability.test_bad_input_catalogue import FORM, Ctx, quick, readable, snapshot
from tournament.models import Participant

pytestmark = pytest.mark.django_db

BROKEN = b"Kaputt\xff\xfeName"  # not UTF-8
TYPED = "Kaputt\ufffd\ufffdName".encode()  # what Django makes of it, sent as is


def form(fields: dict[str, bytes | str]) -> str:
    return urlencode(fields)


def multipart(field: str, value: bytes, filename: bytes = b"liste.csv") -> tuple[bytes, str]:
    boundary = "grenze"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"\r\n\r\n'.encode()
        + value
        + f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="'.encode()
        + filename
        + b'"\r\nContent-Type: text/csv\r\n\r\nName\nAnna\n\r\n'
        + f"--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def add_participant(name: bytes) -> Callable[[Ctx], object]:
    def send(c: Ctx):
        url = reverse("tournament:participants", args=[c.slug])
        return c.organiser.post(url, form({"name": name, "club": "DK"}), content_type=FORM)

    return send


def import_form(field: str, value: bytes, filename: bytes = b"liste.csv"):
    def send(c: Ctx):
        body, content_type = multipart(field, value, filename)
        url = reverse("tournament:participant_import", args=[c.slug])
        return c.organiser.post(url, body, content_type=content_type)

    return send


def upload(data: bytes, name: str = "liste.csv") -> Callable[[Ctx], object]:
    def send(c: Ctx):
        handle = io.BytesIO(data)
        handle.name = name
        return c.organiser.post(
            reverse("tournament:participant_import", args=[c.slug]), {"file": handle}
        )

    return send


def calculator(body: bytes) -> Callable[[Ctx], object]:
    def send(c: Ctx):
        url = reverse("captain:score", args=[c.token(1)])
        return c.anonymous.post(url, body, content_type="application/json")

    return send


CASES: list[tuple[str, Callable[[Ctx], object], str]] = [
    ("form: invalid UTF-8 in a new participant's name", add_participant(BROKEN), "„name“"),
    ("form: a typed U+FFFD in a new participant's name", add_participant(TYPED), "„name“"),
    (
        "form: invalid UTF-8 in a field's name",
        lambda c: c.organiser.post(
            reverse("tournament:participants", args=[c.slug]),
            b"name=Anna&kaputt\xff=1",
            content_type=FORM,
        ),
        "„kaputt\ufffd“",
    ),
    (
        "form: invalid UTF-8 in an edited participant's club",
        lambda c: c.organiser.post(
            reverse(
                "tournament:participant_edit",
                args=[c.slug, Participant.objects.filter(tournament=c.tournament).first().pk],
            ),
            form({"name": "Anna Neu", "club": BROKEN}),
            content_type=FORM,
        ),
        "„club“",
    ),
    (
        "form: invalid UTF-8 in a score sheet field",
        lambda c: c.organiser.post(
            c.sheet_url(),
            form({"revision": "0", "save": "1", **quick({1: ("25", "3")}), "g2-winners": BROKEN}),
            content_type=FORM,
        ),
        "„g2-winners“",
    ),
    (
        "form: invalid UTF-8 in the login name",
        lambda c: Client().post(
            reverse("login"), form({"username": BROKEN, "password": "x"}), content_type=FORM
        ),
        "„username“",
    ),
    (
        "query: invalid UTF-8 in the participant search",
        lambda c: c.organiser.get(reverse("tournament:participants", args=[c.slug]) + "?q=%FF"),
        "„q“",
    ),
    (
        "query: invalid UTF-8 in a public page's parameter",
        lambda c: c.anonymous.get(f"/t/{c.slug}/tabelle/?after_round=1%C3"),
        "„after_round“",
    ),
    (
        "query: invalid UTF-8 in a JSON API parameter",
        lambda c: c.anonymous.get(f"/api/t/{c.slug}/standings?after_round=%FF"),
        "„after_round“",
    ),
    (
        "multipart: invalid UTF-8 in a form field",
        import_form("notiz", BROKEN),
        "„notiz“",
    ),
    (
        "multipart: U+FFFD in an uploaded file's name",
        import_form("notiz", b"ok", filename="liste\ufffd.csv".encode()),
        "„file“",
    ),
    (
        # Django drops a file whose name is no UTF-8; the form says the file is missing.
        "multipart: invalid UTF-8 in an uploaded file's name",
        import_form("notiz", b"ok", filename=b"liste\xff.csv"),
        "Dieses Feld ist zwingend erforderlich",
    ),
    (
        "form: raw bytes that are no UTF-8, not percent-encoded",
        lambda c: c.organiser.post(
            reverse("tournament:participants", args=[c.slug]),
            b"name=" + BROKEN + b"&club=DK",
            content_type=FORM,
        ),
        "„name“",
    ),
    (
        "query: raw bytes that are no UTF-8, not percent-encoded",
        lambda c: c.organiser.get(
            reverse("tournament:participants", args=[c.slug]),
            QUERY_STRING=("q=" + BROKEN.decode("latin-1")),
        ),
        "„q“",
    ),
    (
        "json: invalid UTF-8 in the calculator's body",
        calculator(b'{"kind": "normal", "soloist": "' + BROKEN + b'"}'),
        "JSON (Byte 38)",
    ),
    (
        "json: U+FFFD escaped in the calculator's body",
        calculator(b'{"kind": "normal", "players": ["A", "Kaputt\\ufffdName"]}'),
        "„players[1]“",
    ),
    (
        "json: U+FFFD in a key of the calculator's body",
        calculator('{"kind": "normal", "sol\ufffdist": "1"}'.encode()),
        "„sol\ufffdist“",
    ),
    (
        "csv: a line holding U+FFFD",
        upload(b"Name;Verein\nAnna;DK\n" + TYPED + b";DK\n"),
        "Zeile 3: Der Eintrag in Spalte A enthält das Ersatzzeichen",
    ),
    (
        "csv: a club holding U+FFFD",
        upload("Name;Verein\nAnna;DK\nBernd;Kreuz\ufffdDame\n".encode()),
        "Zeile 3: Der Eintrag in Spalte B enthält das Ersatzzeichen",
    ),
    (
        "xlsx: a cell holding U+FFFD",
        lambda c: upload(
            handmade.xlsx_file(
                handmade.worksheet(
                    [handmade.row(1, ["Name", "Verein"]), handmade.row(2, ["Kaputt\ufffdName"])]
                )
            ),
            "liste.xlsx",
        )(c),
        "Zeile 2: Der Eintrag in Spalte A enthält das Ersatzzeichen",
    ),
    (
        "csv: an invalid byte in a UTF-8 file",
        upload("Name\nJürgen\n".encode() + BROKEN + b"\n"),
        "Zeile 3:",
    ),
]


@pytest.mark.parametrize(("name", "send", "message"), CASES, ids=[case[0] for case in CASES])
def test_broken_text_is_refused_naming_the_field_and_nothing_is_stored(
    name, send, message, organiser_client, evening
):
    ctx = Ctx(organiser=organiser_client, anonymous=Client(), tournament=evening)
    before = snapshot()
    response = send(ctx)
    assert response.status_code == 400, (name, response.status_code)
    assert message in readable(response), (name, readable(response)[:3000])
    assert not Participant.objects.filter(name__contains="\ufffd").exists()
    assert not Participant.objects.filter(club__contains="\ufffd").exists()
    assert snapshot() == before, name


def test_json_endpoints_answer_broken_text_in_json(organiser_client, evening):
    ctx = Ctx(organiser=organiser_client, anonymous=Client(), tournament=evening)
    response = calculator(b'{"soloist": "\\ufffd"}')(ctx)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert "soloist" in json.loads(response.content)["error"]


def test_the_refusal_speaks_english_to_english_users(organiser_client, evening):
    organiser_client.cookies["django_language"] = "en"
    url = reverse("tournament:participants", args=[evening.slug])
    response = organiser_client.post(url, form({"name": BROKEN}), content_type=FORM)
    assert response.status_code == 400
    assert "characters that cannot be read" in response.content.decode()


def test_ordinary_names_with_umlauts_and_emoji_still_go_through(organiser_client, evening):
    url = reverse("tournament:participants", args=[evening.slug])
    name = "Jürgen „Jo“ Groß 🂡"
    response = organiser_client.post(
        url, form({"name": name, "club": "Kreuz-Dame"}), content_type=FORM
    )
    assert response.status_code == 302
    assert Participant.objects.filter(tournament=evening, name=name).exists()


def test_an_umlaut_in_the_query_string_is_no_broken_text(organiser_client, evening):
    """Percent-encoded UTF-8, and the raw bytes a WSGI server hands over as Latin-1."""
    url = reverse("tournament:participants", args=[evening.slug])
    assert organiser_client.get(url + "?q=M%C3%BCller").status_code == 200
    assert organiser_client.get(url + "?q=Müller").status_code == 200


def test_asgi_query_strings_are_read_as_the_bytes_they_are():
    from django.core.handlers.asgi import ASGIRequest

    from config.input_encoding import broken_field

    def request(query: bytes) -> ASGIRequest:
        scope = {"type": "http", "method": "GET", "path": "/", "query_string": query}
        return ASGIRequest(scope, io.BytesIO(b""))

    assert broken_field(request("q=Müller".encode())) is None
    assert broken_field(request(b"q=M%C3%BCller")) is None
    assert broken_field(request(b"q=Kaputt%FF")) == "q"

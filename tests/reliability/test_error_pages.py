"""Our error pages: 400, 403, 404, 405, 414, 429, 500 and 503 in the base layout, German and
English, each saying what happened and what to do; JSON errors on the JSON endpoints; a locked or
unreachable database is a 503 with Retry-After (logged as a warning), never a 500."""

from __future__ import annotations

import json
import logging

import pytest
from django.conf import settings as django_settings
from django.db import OperationalError
from django.db.models.sql.compiler import SQLCompiler
from django.test import Client
from django.urls import reverse

from config import errors, login
from scoring.sheets import captain_access
from scoring.sheets.entry import MAX_JSON_DEPTH, loads_json, nesting_depth
from tests.reliability.failing_urls import SECRET_IN_EXCEPTION
from tournament.models import Table

FAILING_URLS = "tests.reliability.failing_urls"
LEAKS = ("Traceback", "URLconf", "RuntimeError", "OperationalError", SECRET_IN_EXCEPTION)


@pytest.fixture(autouse=True)
def failing_urls(settings):
    settings.ROOT_URLCONF = FAILING_URLS


def client_in(language: str, **options) -> Client:
    client = Client(raise_request_exception=False, **options)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


def page_text(response) -> str:
    return response.content.decode()


def assert_our_page(response, status: int, present: list[str], absent: list[str]) -> None:
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = page_text(response)
    assert 'class="site-header"' in html and "css/app" in html  # the base layout
    for word in present:
        assert word in html, word
    for word in [*absent, *LEAKS]:
        assert word not in html, word
    assert "script-src 'self'" in response["Content-Security-Policy"]


# (status, how to get there, German words, English words)
def bad_host(client: Client):
    return client.get("/", headers={"host": "angreifer.example"})


def csrf_refused(client: Client):
    client.handler.enforce_csrf_checks = True
    return client.post(reverse("login"), {"username": "x", "password": "y"})


PAGES = [
    (400, bad_host, ["Ungültige Anfrage", "Bitte zurückgehen"], ["Bad request", "go back"]),
    (
        403,
        lambda c: c.get("/test-only/forbidden/"),
        ["Kein Zugriff", "brauchen eine Anmeldung"],
        ["Access denied", "need a login"],
    ),
    (
        403,
        csrf_refused,
        ["Formular abgelaufen", "neu laden und noch einmal absenden"],
        ["Form expired", "reload the page and send it again"],
    ),
    (
        404,
        lambda c: c.get("/gibt-es-nicht/"),
        ["Nicht gefunden", "Bitte die Adresse prüfen"],
        ["Not found", "check the address"],
    ),
    (
        405,
        lambda c: c.get(reverse("logout")),
        ["So nicht möglich", "den Knopf benutzen"],
        ["Not possible this way", "use its button"],
    ),
    (
        414,
        lambda c: c.get("/t/" + "x" * errors.MAX_ADDRESS_BYTES + "/"),
        ["Adresse zu lang", "höchstens 8192 Zeichen", "Bitte die Adresse prüfen"],
        ["Address too long", "at most 8192 characters", "check the address"],
    ),
    (
        500,
        lambda c: c.get("/test-only/crash/"),
        ["Serverfehler", "Seite neu laden", "Noch einmal versuchen"],
        ["Server error", "reload the page", "Try again"],
    ),
    (
        503,
        lambda c: c.get("/test-only/locked/"),
        ["Kurz nicht erreichbar", "in einem Moment noch einmal"],
        ["Briefly unavailable", "try again in a moment"],
    ),
]


@pytest.mark.parametrize(
    ("status", "send", "german", "english"),
    PAGES,
    ids=["400-host", "403-forbidden", "403-csrf", "404", "405", "414", "500", "503"],
)
@pytest.mark.django_db
def test_error_pages_in_german_and_english(settings, status, send, german, english):
    settings.ALLOWED_HOSTS = ["testserver"]
    assert_our_page(send(client_in("de")), status, german, english)
    response = send(client_in("en"))
    assert_our_page(response, status, english, german)
    assert response["Content-Language"] == "en"
    assert f"Error {status}" in page_text(response)


@pytest.mark.django_db
def test_an_overlong_address_is_refused_before_anything_reads_it():
    long_query = "?q=" + "ä" * (errors.MAX_ADDRESS_BYTES // 2)  # 2 bytes each, escaped
    response = client_in("de").get("/api/t/demo/standings/" + long_query)
    assert response.status_code == 414
    assert "zu lang (höchstens 8192 Zeichen)" in json.loads(response.content)["error"]
    # just under the limit: the address is looked at as usual (here: no such page)
    path = "/t/" + "x" * (errors.MAX_ADDRESS_BYTES - 10) + "/"
    assert client_in("de").get(path).status_code == 404


@pytest.mark.django_db
def test_the_405_page_keeps_the_allow_header():
    response = client_in("de").get(reverse("logout"))
    assert response.status_code == 405
    assert "POST" in response["Allow"]
    assert "So nicht möglich" in page_text(response)


@pytest.mark.django_db
def test_503_says_when_to_try_again_and_is_logged_as_a_warning(caplog):
    caplog.set_level(logging.WARNING)
    for url in ("/test-only/locked/", "/test-only/disk-error/"):
        response = client_in("de").get(url)
        assert response.status_code == 503
        assert response["Retry-After"] == str(errors.RETRY_AFTER_SECONDS)
    warnings = [r for r in caplog.records if r.name == "config.errors"]
    assert [r.levelno for r in warnings] == [logging.WARNING, logging.WARNING]
    assert "database is locked" in warnings[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.django_db
def test_a_missing_table_is_a_bug_not_a_busy_database():
    response = client_in("de").get("/test-only/missing-table/")
    assert response.status_code == 500
    assert "Retry-After" not in response


def raise_locked(*args, **kwargs):
    raise OperationalError("database is locked")


@pytest.mark.django_db
def test_a_locked_database_under_a_real_page_is_a_503(evening, monkeypatch):
    """Every query fails as SQLite does when another writer holds the lock too long; the page
    and the API answer 503 without touching the database again."""
    monkeypatch.setattr(SQLCompiler, "execute_sql", raise_locked)
    page = client_in("en").get(reverse("public:standings", args=[evening.slug]))
    assert_our_page(page, 503, ["Briefly unavailable"], ["Kurz nicht erreichbar"])
    assert page["Retry-After"] == "5"
    api = client_in("de").get(f"/api/t/{evening.slug}/standings")
    assert api.status_code == 503 and api["Retry-After"] == "5"
    assert "in einem Moment" in api.json()["error"]


@pytest.mark.django_db
def test_database_trouble_outside_a_view_is_a_503_too(rf):
    """A middleware (e.g. saving the session) is outside ``process_exception``: handler500 maps
    the exception it is called for."""
    request = rf.get("/")
    try:
        raise OperationalError("could not connect to server: Connection refused")
    except OperationalError:
        response = errors.server_error(request)
    assert response.status_code == 503 and response["Retry-After"] == "5"
    try:
        raise ValueError("a bug")
    except ValueError:
        assert errors.server_error(request).status_code == 500


# ---------------------------------------------------------------------------- JSON endpoints


def assert_json_error(response, status: int, words: str = "") -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert isinstance(body["error"], (str, dict))
    text = json.dumps(body, ensure_ascii=False)
    assert words in text
    for leak in LEAKS:
        assert leak not in text
    return body


def token(tournament, table: int = 1) -> str:
    return Table.objects.get(round__tournament=tournament, number=table).entry_token


@pytest.mark.django_db
def test_json_endpoints_answer_errors_as_json(evening, organiser_client):
    client = client_in("de")
    assert_json_error(client.get("/api/gibt-es-nicht"), 404, "gibt es nicht")
    assert_json_error(client.get("/api/test-only/crash/"), 500, "unerwarteter Fehler")
    locked = assert_json_error(client.get("/api/test-only/locked/"), 503, "in einem Moment")
    assert locked["error"]
    assert client.get("/api/test-only/locked/")["Retry-After"] == "5"
    # the captains' live preview and calculator
    wrong = "x" * 30
    assert_json_error(client.post(f"/e/{wrong}/vorschau/", {}), 404, "Eingabelink")
    not_allowed = client.get(reverse("captain:preview", args=[token(evening)]))
    assert_json_error(not_allowed, 405)
    assert "POST" in not_allowed["Allow"]
    strict = Client(enforce_csrf_checks=True)
    refused = strict.post(reverse("captain:score", args=[token(evening)]), "{}", "application/json")
    assert_json_error(refused, 403, "Seite neu laden")
    # the organiser's preview of a table that does not exist
    sheet = reverse("scoring:sheet_preview", args=[evening.slug, 1, 9])
    assert_json_error(organiser_client.post(sheet, {}), 404)
    english = client_in("en")
    assert_json_error(english.get("/api/gibt-es-nicht"), 404, "does not exist (any more)")


@pytest.mark.django_db
def test_rate_limited_captain_links_answer_json_on_json_endpoints(evening):
    client = client_in("de")
    for attempt in range(captain_access.MAX_FAILURES):
        client.get(f"/e/{'y' * 30}{attempt:02d}/")
    response = client.post(reverse("captain:preview", args=["w" * 32]), {})  # another guess
    assert_json_error(response, 429, "einige Minuten")
    # Blocked is blocked for every link from that device, also the right one (issue 21, 14).
    assert client.post(reverse("captain:preview", args=[token(evening)]), {}).status_code == 429
    assert response["Retry-After"] == str(captain_access.WINDOW_SECONDS)


@pytest.mark.parametrize(("language", "words"), [("de", "Zu viele"), ("en", "Too many")])
@pytest.mark.django_db
def test_the_429_pages_in_german_and_english(evening, organiser, language, words):
    """The two brakes on guessing answer 429 with their own page in the base layout."""
    client = client_in(language)
    for attempt in range(captain_access.MAX_FAILURES):
        client.get(f"/e/{'z' * 30}{attempt:02d}/")
    blocked = client.get(reverse("captain:sheet", args=["w" * 32]))  # another guess
    assert blocked.status_code == 429 and words in page_text(blocked)
    assert 'class="site-header"' in page_text(blocked)
    for _ in range(login.MAX_FAILURES):
        client.post(reverse("login"), {"username": "leitung", "password": "falsch"})
    refused = client.post(reverse("login"), {"username": "leitung", "password": "falsch"})
    assert refused.status_code == 429 and words in page_text(refused)


# ---------------------------------------------------------------------------- deep JSON


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 900, 5000, 100_000])
@pytest.mark.django_db
def test_deeply_nested_json_to_the_calculator_is_a_400(evening, depth):
    body = '{"kind": "normal", "x": ' + "[" * depth + "]" * depth + "}"
    response = client_in("de").post(
        reverse("captain:score", args=[token(evening)]), body, content_type="application/json"
    )
    assert_json_error(response, 400, "Kein gültiges JSON: zu tief verschachtelt")


@pytest.mark.parametrize(
    "record",
    [
        "[" * 1999,
        '{"x": ' + "[" * 500 + "]" * 500 + "}",
        '{"kind": "normal", "x": ' + "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH + "}",
    ],
)
@pytest.mark.django_db
def test_deeply_nested_calculator_fields_in_the_preview_are_a_400(evening, record):
    response = client_in("de").post(
        reverse("captain:preview", args=[token(evening)]),
        {"g1-winners": "14", "g1-value": "2", "g2-record": record},
    )
    body = assert_json_error(response, 400, "Spiel 2: Die Rechner-Angaben sind zu tief")
    assert body["error"]["field"] == "g2-record"
    assert "höchstens 20 Ebenen" in body["error"]["message"]


@pytest.mark.django_db
def test_damaged_calculator_fields_in_the_preview_stay_a_row_problem(evening):
    response = client_in("de").post(
        reverse("captain:preview", args=[token(evening)]), {"g1-record": '{"kind": '}
    )
    assert response.status_code == 200
    row = response.json()["rows"][0]
    assert "beschädigt" in json.dumps(row["problems"], ensure_ascii=False)


@pytest.mark.django_db
def test_deeply_nested_calculator_fields_refuse_the_sheet_with_a_message(evening, organiser_client):
    record = '{"kind": "normal", "x": ' + "[" * 30 + "]" * 30 + "}"
    response = organiser_client.post(
        reverse("scoring:sheet", args=[evening.slug, 1, 1]),
        {"revision": "0", "save": "1", "g1-record": record},
    )
    assert response.status_code == 400
    assert "zu tief verschachtelt (höchstens 20 Ebenen)" in page_text(response)


def test_nesting_depth_and_bounded_loads():
    assert nesting_depth(1) == 0
    assert nesting_depth({"re": [1, 4], "x": {"a": [[]]}}) == 4
    assert loads_json('{"re": [1]}') == {"re": [1]}
    with pytest.raises(ValueError):
        loads_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    with pytest.raises(ValueError):
        loads_json("[" * 100_000)


# ---------------------------------------------------------------------------- debug pages


@pytest.mark.django_db
def test_debug_pages_only_ever_reach_this_computer(settings):
    settings.DEBUG = True
    refused = Client(REMOTE_ADDR="192.168.1.50").get("/gibt-es-nicht/")
    assert refused.status_code == 403
    assert "make serve" in page_text(refused) and "URLconf" not in page_text(refused)
    assert Client(REMOTE_ADDR="::ffff:127.0.0.1").get("/").status_code == 200
    assert Client().get("/").status_code == 200
    settings.DEBUG = False
    assert Client(REMOTE_ADDR="192.168.1.50").get("/").status_code == 200


@pytest.mark.parametrize(
    "address",
    ["/test-only/crash/", "/test-only/locked/", "/t/" + "x" * errors.MAX_ADDRESS_BYTES + "/"],
    ids=["500", "503", "414"],
)
@pytest.mark.django_db
def test_pages_made_without_the_database_offer_a_logged_in_organiser_no_login(organiser, address):
    """The 414, 500 and 503 pages are made without the database, so they cannot know who is
    logged in: they offer neither "Anmelden" (wrong for the organiser) nor "Abmelden"."""
    client = client_in("de")
    client.force_login(organiser)
    html = page_text(client.get(address))
    assert 'class="site-header"' in html
    assert "Anmelden" not in html and "Abmelden" not in html

"""Requests over the size limits of config/settings.py: a 400 saying which limit was passed, as
our page or as JSON on the JSON endpoints, and nothing stored."""

from __future__ import annotations

import io
import json

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from scoring.models import SheetVersion
from tournament.models import Participant, Table

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"


def client_in(language: str = "de", **options) -> Client:
    client = Client(**options)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


def token(tournament) -> str:
    return Table.objects.get(round__tournament=tournament, number=1).entry_token


def oversized_form() -> str:
    """A form body just over ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""
    return "g1-winners=14&g1-value=3&note=" + "x" * django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def assert_page(response, *words: str) -> str:
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert 'class="site-header"' in html  # our page in the base layout
    for word in words:
        assert word in html, word
    assert "DATA_UPLOAD" not in html and "Traceback" not in html
    return html


def assert_json(response, words: str) -> None:
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert words in json.loads(response.content)["error"]


def test_the_limits_are_set():
    assert django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 2**20
    assert django_settings.DATA_UPLOAD_MAX_NUMBER_FIELDS == 2500
    assert django_settings.UPLOAD_MAX_REQUEST_SIZE == 4 * 2**20
    assert django_settings.FILE_UPLOAD_HANDLERS[0] == "config.uploads.RequestSizeLimitHandler"


def test_an_oversized_sheet_post_gets_our_400_page_naming_the_limit(evening, organiser_client):
    url = reverse("scoring:sheet", args=[evening.slug, 1, 1])
    response = organiser_client.post(url, oversized_form(), content_type=FORM)
    assert_page(response, "Anfrage zu groß", "Die Anfrage ist zu groß (höchstens 1 MB)")
    assert not SheetVersion.objects.exists()


def test_the_page_in_english(evening, organiser):
    client = client_in("en")
    client.force_login(organiser)
    url = reverse("scoring:sheet", args=[evening.slug, 1, 1])
    response = client.post(url, oversized_form(), content_type=FORM)
    assert_page(response, "Request too large", "The request is too large (at most 1 MB)")


def test_an_oversized_post_to_a_json_endpoint_is_answered_in_json(evening):
    client = client_in()
    preview = reverse("captain:preview", args=[token(evening)])
    assert_json(client.post(preview, oversized_form(), content_type=FORM), "höchstens 1 MB")
    score = reverse("captain:score", args=[token(evening)])
    body = '{"kind": "normal", "x": "' + "x" * django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + '"}'
    response = client.post(score, body, content_type="application/json")
    assert_json(response, "Die Anfrage ist zu groß (höchstens 1 MB)")


def test_too_many_fields_get_our_400_page(evening, organiser_client):
    url = reverse("scoring:sheet", args=[evening.slug, 1, 1])
    fields = "&".join(f"f{number}=1" for number in range(2501))
    response = organiser_client.post(url, fields, content_type=FORM)
    assert_page(response, "Zu viele Felder", "zu viele Felder (höchstens 2500)")
    assert not SheetVersion.objects.exists()


def test_an_upload_over_4_mb_is_refused_before_it_is_stored(evening, organiser_client):
    before = Participant.objects.count()
    handle = io.BytesIO(b"Name\n" + b"Anna\n" * (1024 * 1024))  # 5 MB
    handle.name = "liste.csv"
    url = reverse("tournament:participant_import", args=[evening.slug])
    response = organiser_client.post(url, {"file": handle})
    assert_page(response, "Die Anfrage ist zu groß (höchstens 4 MB)")
    assert Participant.objects.count() == before


def test_an_upload_of_3_mb_still_gets_the_import_forms_message(evening, organiser_client):
    handle = io.BytesIO(b"Name\n" + b"x" * (3 * 1024 * 1024))
    handle.name = "liste.csv"
    url = reverse("tournament:participant_import", args=[evening.slug])
    response = organiser_client.post(url, {"file": handle})
    assert response.status_code == 400
    assert "Die Datei ist zu groß (3072 kB, höchstens 2048 kB)" in response.content.decode()


def test_too_many_files_get_our_400_page(evening, organiser_client):
    files = []
    for number in range(django_settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1):
        handle = io.BytesIO(b"Name\nAnna\n")
        handle.name = f"liste{number}.csv"
        files.append(handle)
    url = reverse("tournament:participant_import", args=[evening.slug])
    response = organiser_client.post(url, {"file": files})
    assert_page(response, "Zu viele Dateien", "zu viele Dateien (höchstens 5)")

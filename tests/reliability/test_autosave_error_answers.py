"""Every error answer of the autosave endpoints is JSON (``{"error": ...}``) with its status, so
that the sheet page can tell the captain what happened instead of "no connection" for ever: a
revoked link (404), an expired form (403), a wrong method (405), a request too big (400), too
many wrong links (429), a busy database (503)."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.db.models.sql.compiler import SQLCompiler
from django.test import Client
from django.urls import reverse

from scoring.models import SheetVersion
from tournament.models import Table

pytestmark = pytest.mark.django_db


def captain_autosave(evening, number: int = 1) -> str:
    table = Table.objects.get(round__tournament=evening, round__number=1, number=number)
    return reverse("captain:autosave", args=[table.entry_token])


def one_game(revision: int = 0) -> dict[str, str]:
    return {"revision": str(revision), "g1-winners": "14", "g1-value": "2", "g1-kind": "normal"}


def assert_json_error(response, status: int, *words: str) -> str:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    message = response.json()["error"]
    for word in words:
        assert word in message, (word, message)
    return message


def test_a_revoked_captain_link_answers_autosave_with_a_json_404(evening):
    url = captain_autosave(evening)
    Table.objects.filter(round__tournament=evening, number=1).update(token_revoked=True)
    response = Client(raise_request_exception=False).post(url, one_game())
    assert_json_error(response, 404, "Turnierleitung")
    assert not SheetVersion.objects.exists()


def test_an_expired_form_answers_autosave_with_a_json_403(evening):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    response = client.post(captain_autosave(evening), one_game())
    assert_json_error(response, 403, "neu laden")
    assert not SheetVersion.objects.exists()


def test_a_wrong_method_on_autosave_is_a_json_405(evening):
    response = Client(raise_request_exception=False).get(captain_autosave(evening))
    assert_json_error(response, 405)
    assert "POST" in response["Allow"]


def test_an_autosave_over_the_size_limit_is_a_json_400(evening, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    data = one_game() | {"g1-record": "x" * 2000}
    response = Client(raise_request_exception=False).post(captain_autosave(evening), data)
    assert_json_error(response, 400, "zu groß")
    assert not SheetVersion.objects.exists()


def test_a_busy_database_answers_autosave_with_a_json_503(evening, monkeypatch):
    url = captain_autosave(evening)

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(SQLCompiler, "execute_sql", locked)
    response = Client(raise_request_exception=False).post(url, one_game())
    assert_json_error(response, 503, "in einem Moment")
    assert response["Retry-After"] == "5"


def test_too_many_wrong_links_answer_autosave_with_a_json_429(evening, settings):
    client = Client(raise_request_exception=False)
    answers = [
        client.post(reverse("captain:autosave", args=["x" * 30 + str(n)]), one_game())
        for n in range(40)
    ]
    assert {answer.status_code for answer in answers} <= {404, 429}
    assert answers[-1].status_code == 429
    for answer in answers:
        assert answer["Content-Type"].startswith("application/json")
    assert "Retry-After" in answers[-1]


def test_the_desks_autosave_answers_a_missing_sheet_with_json(organiser_client, evening):
    url = reverse("scoring:sheet_autosave", args=[evening.slug, 1, 99])
    response = organiser_client.post(url, one_game())
    assert_json_error(response, 404)


def test_the_english_captain_gets_the_json_error_in_english(evening):
    url = captain_autosave(evening)
    Table.objects.filter(round__tournament=evening, number=1).update(token_revoked=True)
    client = Client(raise_request_exception=False)
    client.cookies["django_language"] = "en"
    message = assert_json_error(client.post(url, one_game()), 404)
    assert "Turnierleitung" not in message

"""The import preview waits on the server under a token, not in the session: preview, then
confirm, also when another of the server's processes answers the confirmation."""

from __future__ import annotations

import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from tests.scoring.test_concurrency import run_concurrently
from tournament.models import AuditEntry, Participant
from tournament.participants import pending
from tournament.participants.import_limits import MAX_FILE_BYTES
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db

SHARED_CACHE = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "doko_cache_pending_test",
    },
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"},
}


def big_list(lines: int = 2000) -> bytes:
    """A member export of almost 2 MB: names and a long ignored column."""
    note = "x" * 900
    rows = "".join(f"Spieler {i:04d};DK;{note}\n" for i in range(lines))
    data = ("Name;Verein;Notiz\n" + rows).encode()
    assert 1.5 * 2**20 < len(data) <= MAX_FILE_BYTES
    return data


def send(client: Client, slug: str, data: bytes, name: str = "liste.csv"):
    handle = io.BytesIO(data)
    handle.name = name
    return client.post(reverse("tournament:participant_import", args=[slug]), {"file": handle})


def confirm(client: Client, slug: str, token: str):
    url = reverse("tournament:participant_import", args=[slug])
    return client.post(url, {"confirm": "1", "token": token})


def session_bytes(client: Client) -> int:
    session = client.session
    return len(session.encode(session._get_session(no_load=False)))


def test_a_2_mb_file_leaves_nothing_of_itself_in_the_session(organiser_client, tournament):
    response = send(organiser_client, tournament.slug, big_list())
    assert response.status_code == 200
    assert session_bytes(organiser_client) < 4096
    assert confirm(organiser_client, tournament.slug, response.context["token"]).status_code == 302
    assert tournament.participants.count() == 2000


@override_settings(CACHES=SHARED_CACHE)
def test_the_confirmation_is_found_by_another_process_of_the_server(organiser, tournament):
    """Network mode: the shared cache is a database table (or Redis); a second process has
    nothing of the first but the database and the session cookie."""
    call_command("createcachetable", verbosity=0)
    first = Client()
    first.force_login(organiser)
    response = send(first, tournament.slug, b"Name;Verein\nAnna;DK\nBernd;DK\n")
    token = response.context["token"]
    second = Client()  # another process: same login cookie, nothing in memory shared
    second.cookies = first.cookies
    with mock.patch.dict("django.core.cache.backends.locmem._caches", clear=True):
        answer = confirm(second, tournament.slug, token)
    assert answer.status_code == 302
    assert answer["Location"] == reverse("tournament:participants", args=[tournament.slug])
    assert sorted(tournament.participants.values_list("name", flat=True)) == ["Anna", "Bernd"]


def test_a_second_click_imports_once(organiser_client, tournament):
    token = send(organiser_client, tournament.slug, b"Name\nAnna\nBernd\n").context["token"]
    assert confirm(organiser_client, tournament.slug, token).status_code == 302
    again = confirm(organiser_client, tournament.slug, token)
    assert again.status_code == 302
    page = organiser_client.get(again["Location"]).content.decode()
    assert "Die Vorschau ist abgelaufen" in page
    assert tournament.participants.count() == 2
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PARTICIPANTS_IMPORTED).count() == 1


def test_an_expired_preview_asks_for_the_file_again_and_writes_nothing(
    organiser_client, tournament
):
    token = send(organiser_client, tournament.slug, b"Name\nAnna\n").context["token"]
    cache.delete(pending.KEY.format(token=token))  # what KEEP_SECONDS does
    response = confirm(organiser_client, tournament.slug, token)
    assert (
        "Die Vorschau ist abgelaufen" in organiser_client.get(response["Location"]).content.decode()
    )
    assert tournament.participants.count() == 0


def test_another_login_cannot_confirm_someone_elses_preview(organiser_client, tournament):
    token = send(organiser_client, tournament.slug, b"Name\nAnna\n").context["token"]
    other = get_user_model().objects.create_superuser("zweite", password="x")
    stranger = Client()
    stranger.force_login(other)
    confirm(stranger, tournament.slug, token)
    assert tournament.participants.count() == 0
    assert confirm(organiser_client, tournament.slug, token).status_code == 302
    assert tournament.participants.count() == 1


def test_a_name_registered_between_preview_and_confirmation_is_skipped_and_noted(
    organiser_client, tournament
):
    token = send(organiser_client, tournament.slug, b"Name\nAnna\nBernd\n").context["token"]
    add_participant(tournament, name="Bernd")
    assert confirm(organiser_client, tournament.slug, token).status_code == 302
    assert Participant.objects.filter(tournament=tournament, name="Bernd").count() == 1
    assert Participant.objects.filter(tournament=tournament, name="Anna").count() == 1
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PARTICIPANTS_IMPORTED)
    assert entry.details == {"skipped": ["Zeile 3: „Bernd“ ist bereits angemeldet."]}


def test_a_cache_that_is_down_gets_a_notice_not_a_500(organiser_client, tournament):
    with mock.patch.object(pending.cache, "set", side_effect=ConnectionError("redis down")):
        response = send(organiser_client, tournament.slug, b"Name\nAnna\n")
    assert response.status_code == 200
    page = response.content.decode()
    assert "konnte auf dem Server nicht aufbewahrt werden" in page
    assert 'name="confirm"' not in page
    assert tournament.participants.count() == 0


@pytest.mark.django_db(transaction=True)
def test_two_confirmations_at_once_import_the_list_once(organiser, tournament):
    clients = []
    for _ in range(2):
        client = Client()
        client.force_login(organiser)
        clients.append(client)
    token = send(clients[0], tournament.slug, b"Name\nAnna\nBernd\nCarla\n").context["token"]
    results = run_concurrently([lambda c=c: confirm(c, tournament.slug, token) for c in clients])
    assert [getattr(r, "status_code", r) for r in results] == [302, 302]
    assert tournament.participants.count() == 3
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PARTICIPANTS_IMPORTED).count() == 1


def test_a_name_registered_in_the_last_moment_refuses_the_import_cleanly(
    organiser_client, tournament
):
    token = send(organiser_client, tournament.slug, b"Name\nAnna\nBernd\n").context["token"]
    real_create = Participant.objects.bulk_create

    def register_first(objects, **kwargs):  # a registration that lands after the check
        Participant.objects.create(tournament=tournament, name="Bernd")
        return real_create(objects, **kwargs)

    with mock.patch.object(Participant.objects, "bulk_create", side_effect=register_first):
        response = confirm(organiser_client, tournament.slug, token)
    assert response.status_code == 302
    page = organiser_client.get(response["Location"]).content.decode()
    assert "es wurde nichts übernommen" in page
    assert not tournament.participants.filter(name="Anna").exists()
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.PARTICIPANTS_IMPORTED).exists()

"""Restoring a backup from the organiser's pages: all of it or nothing, access for who did it."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from output.backup.document import MAX_BYTES, dumps
from output.backup.export import export_tournament
from scoring.models import Game, Sheet
from tournament.models import Tournament
from tournament.permissions import tournaments_for

pytestmark = pytest.mark.django_db


def upload(data: bytes, name: str = "sicherung.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/json")


def test_a_backup_restored_as_a_copy_from_the_page(
    organiser, organiser_client, complete_tournament
):
    data = dumps(export_tournament(complete_tournament)).encode()
    response = organiser_client.post(
        reverse("exports:restore"), {"file": upload(data), "slug": "kopie"}
    )
    copy = Tournament.objects.get(slug="kopie")
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament:detail", args=["kopie"])
    assert copy.participants.count() == complete_tournament.participants.count()
    assert copy.rounds.count() == 2
    assert copy in tournaments_for(organiser)
    page = organiser_client.get(response["Location"])
    assert "aus der Sicherung wiederhergestellt" in page.content.decode()


def test_a_broken_or_clashing_backup_is_refused_and_nothing_is_written(
    organiser_client, complete_tournament
):
    before = Tournament.objects.count()
    broken = organiser_client.post(reverse("exports:restore"), {"file": upload(b"{kaputt")})
    assert broken.status_code == 400
    assert "errorlist" in broken.content.decode()
    data = dumps(export_tournament(complete_tournament)).encode()
    clash = organiser_client.post(reverse("exports:restore"), {"file": upload(data)})
    assert clash.status_code == 400  # the slug is in use: no second copy under it
    assert Tournament.objects.count() == before


def test_restore_needs_a_login_and_is_linked(client, organiser_client, evening):
    response = client.get(reverse("exports:restore"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    link = reverse("exports:restore")
    assert link in organiser_client.get(reverse("tournament:list")).content.decode()
    downloads = organiser_client.get(reverse("exports:downloads", args=[evening.slug]))
    assert link in downloads.content.decode()


def test_the_backup_of_a_400_player_evening_goes_through_the_restore_page(organiser_client):
    """What ``export_tournament`` writes for ``generate_demo --players 400 --rounds 2`` (every
    sheet confirmed) is over the participant import's 4 MB and must still be taken."""
    call_command("generate_demo", players=400, rounds=2, slug="gross", stdout=io.StringIO())
    original = Tournament.objects.get(slug="gross")
    data = dumps(export_tournament(original)).encode()
    assert len(data) > settings.UPLOAD_MAX_REQUEST_SIZE  # about 4.3 MB
    response = organiser_client.post(
        reverse("exports:restore"), {"file": upload(data), "slug": "gross-kopie"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    copy = Tournament.objects.get(slug="gross-kopie")
    assert copy.participants.count() == 400
    assert Sheet.objects.filter(table__round__tournament=copy).count() == 200
    assert Game.objects.filter(version__sheet__table__round__tournament=copy).count() == (
        Game.objects.filter(version__sheet__table__round__tournament=original).count()
    )


def test_an_upload_over_the_restore_cap_gets_our_page_and_writes_nothing(organiser_client):
    before = Tournament.objects.count()
    data = b" " * (MAX_BYTES + settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = organiser_client.post(reverse("exports:restore"), {"file": upload(data)})
    assert response.status_code == 400
    page = response.content.decode()
    assert f"höchstens {MAX_BYTES // 2**20} MB" in page
    assert "nichts gespeichert" in page
    assert Tournament.objects.count() == before


def test_a_file_just_over_the_backup_limit_is_named_on_the_form(organiser_client):
    before = Tournament.objects.count()
    response = organiser_client.post(
        reverse("exports:restore"), {"file": upload(b" " * (MAX_BYTES + 1))}
    )
    assert response.status_code == 400
    assert "Die Datei ist zu groß (50.0 MB; höchstens 50 MB)" in response.content.decode()
    assert Tournament.objects.count() == before


def test_strangers_get_only_the_ordinary_upload_cap_on_the_restore_page():
    # With CSRF checks the body is read before the view sends a stranger to the login page.
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("login"))
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    data = b" " * (settings.UPLOAD_MAX_REQUEST_SIZE + 1)
    response = client.post(
        reverse("exports:restore"), {"csrfmiddlewaretoken": token, "file": upload(data)}
    )
    assert response.status_code == 400
    assert f"höchstens {settings.UPLOAD_MAX_REQUEST_SIZE // 2**20} MB" in response.content.decode()


def test_a_helfer_gets_only_the_ordinary_upload_cap_on_the_restore_page(django_user_model):
    from tournament.models import Club, ClubMembership

    club = Club.objects.create(slug="doko", name="Doko")
    helper = django_user_model.objects.create_user("helfer", password="x-geheim-123")
    ClubMembership.objects.create(user=helper, club=club, role=ClubMembership.Role.HELPER)
    client = Client()
    client.force_login(helper)
    data = b" " * (settings.UPLOAD_MAX_REQUEST_SIZE + 1)
    response = client.post(reverse("exports:restore"), {"file": upload(data)})
    # Refused by size before anything of the 50 MB cap is taken in, not after the upload.
    assert response.status_code == 400
    assert f"höchstens {settings.UPLOAD_MAX_REQUEST_SIZE // 2**20} MB" in response.content.decode()

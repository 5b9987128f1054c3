"""Restoring a backup from the organiser's pages: all of it or nothing, access for who did it."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.backup.document import dumps
from scoring.backup.export import export_tournament
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

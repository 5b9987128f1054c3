"""The admin at /admin/: superusers manage logins and Turnierzugänge; nobody else gets in."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournament.models import AuditEntry, TournamentAccess
from tournament.permissions import can_manage

pytestmark = pytest.mark.django_db

ACCESS_ADD = "/admin/tournament/tournamentaccess/add/"


@pytest.fixture
def superuser_client(db) -> Client:
    user = get_user_model().objects.create_superuser("chef", password="ganz-geheim-und-lang-9")
    client = Client()
    client.force_login(user)
    return client


def test_anonymous_visitors_are_sent_to_the_organisers_login(client):
    response = client.get("/admin/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("login") + "?next=/admin/"
    assert "Anmelden für die Turnierleitung" in response.content.decode()


def test_the_admin_has_no_login_form_of_its_own(client):
    """Its login would bypass the brake on password guessing of /konto/anmelden/."""
    response = client.post("/admin/login/", {"username": "chef", "password": "x"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("staff", [False, True])
def test_logins_that_are_not_superusers_get_403(organiser, organiser_client, staff):
    organiser.is_staff = staff
    organiser.save()
    for url in ("/admin/", ACCESS_ADD, "/admin/auth/user/"):
        response = organiser_client.get(url, follow=True)  # by way of the admin's login
        assert response.status_code == 403
    assert organiser_client.post(ACCESS_ADD, {}, follow=True).status_code == 403
    assert not TournamentAccess.objects.exclude(user=organiser).exists()


def test_a_superuser_grants_and_revokes_access_in_the_admin(superuser_client, tournament):
    second = get_user_model().objects.create_user("zweite", password="noch-ein-langes-pw-7")
    assert superuser_client.get("/admin/").status_code == 200
    page = superuser_client.get(ACCESS_ADD)
    assert page.status_code == 200
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", page.content.decode()), (
        "inline script: the Content-Security-Policy would block it"
    )

    data = {"user": second.pk, "tournament": tournament.pk, "role": "organiser"}
    assert superuser_client.post(ACCESS_ADD, data).status_code == 302
    assert can_manage(second, tournament)
    again = superuser_client.post(ACCESS_ADD, data)  # the same access twice: a form error
    assert again.status_code == 200
    assert TournamentAccess.objects.filter(user=second).count() == 1

    access = TournamentAccess.objects.get(user=second)
    delete = f"/admin/tournament/tournamentaccess/{access.pk}/delete/"
    assert superuser_client.post(delete, {"post": "yes"}).status_code == 302
    assert not can_manage(second, tournament)

    entries = tournament.audit_entries.filter(action__startswith="access.").order_by("pk")
    assert [(e.action, e.actor) for e in entries] == [
        (AuditEntry.Action.ACCESS_GRANTED, "chef"),
        (AuditEntry.Action.ACCESS_REVOKED, "chef"),
    ]


def test_a_superuser_creates_a_second_login_in_the_admin(superuser_client):
    data = {
        "username": "zweite",
        "password1": "Herbst-Turnier-2025!",
        "password2": "Herbst-Turnier-2025!",
        "usable_password": "true",
    }
    response = superuser_client.post("/admin/auth/user/add/", data)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="zweite")
    assert user.check_password("Herbst-Turnier-2025!")
    assert not user.is_superuser

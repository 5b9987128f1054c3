"""Hostile input on the club's invitation link and founding form: our own page, never a 500,
nothing stored."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournament.clubs.logins import found_club, invite
from tournament.models import Club, ClubInvitation, ClubMembership

pytestmark = pytest.mark.django_db

BAD_TOKENS = ["x", "a" * 90, "%00", "..", "ü" * 30, "<script>", "' OR 1=1 --"]


@pytest.fixture
def club(db):
    leader = get_user_model().objects.create_user("leiterin", password="ein-langes-passwort-1")
    return found_club(leader, name="Doko-Club", slug="doko")


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_a_made_up_invitation_link_gets_our_page_and_joins_nobody(club, token):
    client = Client()
    response = client.get(f"/konto/einladung/{token}/")
    assert response.status_code == 404
    assert "Einladung ungültig" in response.content.decode()
    posted = client.post(
        f"/konto/einladung/{token}/",
        {"username": "mallory", "password1": "mallory-ist-da", "password2": "mallory-ist-da"},
    )
    assert posted.status_code == 200 and "gilt nicht" in posted.content.decode()
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_a_very_long_token_is_no_500(club):
    response = Client().get("/konto/einladung/" + "A" * 4000 + "/")
    assert response.status_code in (404, 414)


@pytest.mark.parametrize(
    "username", ["a" * 151, "anna\x00", "anna\u202e", " ", "anna müller", "<b>x</b>"]
)
def test_hostile_user_names_are_refused_at_the_field(club, username):
    leader = club.memberships.get().user
    _invitation, token = invite(club, role=ClubMembership.Role.HELPER, by=leader)
    response = Client().post(
        f"/konto/einladung/{token}/",
        {"username": username, "password1": "ein-gutes-pw-42", "password2": "ein-gutes-pw-42"},
    )
    assert response.status_code == 200
    assert 'class="field has-error' in response.content.decode()
    assert get_user_model().objects.count() == 1
    assert ClubInvitation.objects.get().accepted_at is None


@pytest.mark.parametrize("name", ["", " " * 50, "x" * 500, "\x00Verein"])
def test_hostile_club_names_are_refused(name):
    user = get_user_model().objects.create_user("neu", password="ein-langes-passwort-1")
    client = Client()
    client.force_login(user)
    response = client.post("/verwaltung/vereine/neu/", {"name": name, "slug": ""})
    assert response.status_code == 200
    assert not Club.objects.exists()

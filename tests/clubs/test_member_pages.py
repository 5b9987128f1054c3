"""The member registry's pages and ticking members for an evening."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.clubs.services import add_member, create_club, register_members
from tournament.events.services import create_tournament
from tournament.models import ClubMembership, Member, Participant, Tournament
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return create_club("doko", name="Doko-Club")


def login_as(club, username: str, role: str) -> Client:
    user = get_user_model().objects.create_user(username, password="ein-langes-passwort-1")
    ClubMembership.objects.create(user=user, club=club, role=role)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def leader(club):
    return login_as(club, "leiterin", ClubMembership.Role.ORGANISER)


def evening(club, day: int, slug: str) -> Tournament:
    return create_tournament(name=slug, date=datetime.date(2025, 3, day), slug=slug, club=club)


def test_add_import_search_rename_merge(club, leader):
    url = reverse("clubs:members", args=[club.slug])
    leader.post(url, {"name": "Anna Müller"})
    upload = SimpleUploadedFile("liste.csv", "Name\nBernd Bauer\nanna müller\nA. Müller\n".encode())
    leader.post(url, {"file": upload})
    assert sorted(club.members.values_list("name", flat=True)) == [
        "A. Müller", "Anna Müller", "Bernd Bauer"
    ]  # fmt: skip
    page = leader.get(url, {"q": "mueller"}).content.decode()
    assert "Anna Müller" in page and "Bernd Bauer" not in page
    anna, duplicate = Member.objects.get(name="Anna Müller"), Member.objects.get(name="A. Müller")
    edit = reverse("clubs:member", args=[club.slug, anna.public_id])
    leader.post(edit, {"action": "merge", "duplicate": duplicate.public_id})
    assert not Member.objects.filter(pk=duplicate.pk).exists()
    leader.post(edit, {"action": "rename", "name": "Anna Berger"})
    anna.refresh_from_db()
    assert anna.name == "Anna Berger"


def test_a_helper_and_another_club_cannot_open_the_registry(club):
    helper = login_as(club, "helfer", ClubMembership.Role.HELPER)
    stranger = login_as(create_club("x", name="X"), "fremd", ClubMembership.Role.ORGANISER)
    member = add_member(club, "Anna")
    urls = [
        reverse("clubs:members", args=[club.slug]),
        reverse("clubs:member", args=[club.slug, member.public_id]),
    ]
    for url in urls:
        assert helper.get(url).status_code == 403
        assert helper.post(url, {"name": "Neu", "action": "rename"}).status_code == 403
        assert stranger.get(url).status_code == 404
        assert stranger.post(url, {"name": "Neu", "action": "delete"}).status_code == 404
    assert list(club.members.values_list("name", flat=True)) == ["Anna"]


def test_ticking_members_and_like_last_time(club, leader):
    anna, bernd, carla = (add_member(club, name) for name in ("Anna", "Bernd", "Carla"))
    jan, feb = evening(club, 1, "jan"), evening(club, 2, "feb")
    register_members(jan, [anna, bernd])
    url = reverse("tournament:participant_members", args=[feb.slug])
    page = leader.get(url, {"wie": "letztes-mal"}).content.decode()
    assert page.count("checked") == 2
    response = leader.post(url, {"member": [anna.pk, carla.pk]})
    assert response.status_code == 302
    assert {p.member for p in feb.participants.all()} == {anna, carla}


def test_a_guest_becomes_a_member_from_the_participant_page(club, leader):
    jan = evening(club, 1, "jan")
    guest = add_participant(jan, name="Gustav Gast")
    page = leader.get(reverse("tournament:participant_edit", args=[jan.slug, guest.pk]))
    assert "Als Mitglied eintragen" in page.content.decode()
    leader.post(reverse("tournament:participant_make_member", args=[jan.slug, guest.pk]))
    assert Participant.objects.get(pk=guest.pk).member.name == "Gustav Gast"


def test_a_club_leader_creates_the_clubs_tournament(club, leader):
    data = {"name": "März", "date": "2025-03-07", "rounds_count": 2, "cycles": 4, "deck": 40}
    response = leader.post(reverse("tournament:create"), {**data, "club": club.pk})
    assert response.status_code == 302
    made = Tournament.objects.get(name="März")
    assert made.club == club and not made.accesses.exists()
    other = create_club("x", name="X")
    response = leader.post(reverse("tournament:create"), {**data, "club": other.pk})
    assert response.status_code == 200  # not a choice for this login
    listed = leader.get(reverse("tournament:list")).content.decode()
    assert "März" in listed and reverse("seasons:list", args=[club.slug]) in listed

"""The organiser's privacy pages: the club's settings, a member's and a guest's say about their
name, the export and anonymising, as the Turnierleitung uses them."""

from __future__ import annotations

import json

import pytest

from tests.tournament.route_world import build_world
from tournament.models import Club, Member, Participant
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db


def public_names_in(world) -> set[str]:
    """The names of the public JSON of round 1's tables."""
    answer = world.client("anonymous").get(f"/api/t/{world.tournament.slug}/rounds/1/tables")
    return {player["name"] for table in json.loads(answer.content) for player in table["players"]}


def test_the_club_sets_what_is_published_and_a_bad_site_is_named():
    world = build_world()
    club = world.tournament.club
    leader = world.client("leader")
    url = f"/verwaltung/vereine/{club.slug}/datenschutz/"
    form = {"public_names": "short", "consent_allowed": "on", "guest_retention_months": "24"}
    refused = leader.post(url, form | {"embed_origins": "https://a.de\nwww.b.de"})
    assert refused.status_code == 200
    assert "Zeile 2: „www.b.de“ ist keine Adresse" in refused.content.decode()
    assert Club.objects.get(pk=club.pk).public_names == "full"
    saved = leader.post(url, form | {"embed_origins": "https://a.de/"})
    assert saved.status_code == 302
    club.refresh_from_db()
    assert (club.public_names, club.guest_retention_months, club.embed_origins) == (
        "short",
        24,
        "https://a.de",
    )
    assert "Anna A." in public_names_in(world)


def test_a_member_objects_and_is_anonymised_on_the_members_page():
    world = build_world()
    club = world.tournament.club
    leader = world.client("leader")
    member = world.member
    url = f"/verwaltung/vereine/{club.slug}/mitglieder/{member.public_id}/datenschutz/"
    leader.post(url, {"action": "name_choice", "name_choice": "initials"})
    assert Member.objects.get(pk=member.pk).name_choice == "initials"
    assert "A. A." in public_names_in(world)
    page = leader.get(f"/verwaltung/vereine/{club.slug}/mitglieder/{member.public_id}/")
    assert "/p/" in page.content.decode() and "auskunft.pdf" in page.content.decode()
    answer = leader.post(url, {"action": "anonymise"})
    assert answer.status_code == 302
    member.refresh_from_db()
    assert member.anonymised and member.name.startswith("Spieler ")
    assert Participant.objects.get(member=member).name == member.name


def test_a_guest_is_anonymised_on_the_participants_page_and_a_member_there_is_not():
    world = build_world()
    tournament = world.tournament
    guest = add_participant(tournament, name="Gustav Gast")
    leader = world.client("leader")
    page = leader.get(f"/verwaltung/{tournament.slug}/teilnehmer/{guest.pk}/")
    assert "Anonymisieren" in page.content.decode()
    leader.post(
        f"/verwaltung/{tournament.slug}/teilnehmer/{guest.pk}/datenschutz/", {"action": "anonymise"}
    )
    assert Participant.objects.get(pk=guest.pk).anonymised
    member = world.participant
    answer = leader.post(
        f"/verwaltung/{tournament.slug}/teilnehmer/{member.pk}/datenschutz/",
        {"action": "anonymise"},
        follow=True,
    )
    assert "Mitglieder werden in der Mitgliederliste anonymisiert." in answer.content.decode()
    assert not Participant.objects.get(pk=member.pk).anonymised

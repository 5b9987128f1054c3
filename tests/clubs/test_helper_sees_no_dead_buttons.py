"""A Helfer's pages offer only what a Helfer may do: no registration form, no import, no edit or
withdraw buttons, no new tournament, no restoring (each of those answers 403)."""

import pytest

from tests.tournament.route_world import build_world

pytestmark = pytest.mark.django_db


def test_the_helpers_participant_list_has_check_in_but_no_registration():
    world = build_world()
    url = f"/verwaltung/{world.tournament.slug}/teilnehmer/"
    helper = world.client("helper").get(url).content.decode()
    leader = world.client("leader").get(url).content.decode()
    assert "alle anwesend" in helper and "alle anwesend" in leader
    withdraw = f"/teilnehmer/{world.participant.pk}/abmelden/"
    for offer in ('id="add-participant"', "/teilnehmer/import/", withdraw, "Bearbeiten"):
        assert offer in leader
        assert offer not in helper


def test_the_helpers_tournament_list_offers_no_new_tournament_or_restore():
    world = build_world()
    helper = world.client("helper").get("/verwaltung/").content.decode()
    leader = world.client("leader").get("/verwaltung/").content.decode()
    members = f"/verwaltung/vereine/{world.tournament.club.slug}/mitglieder/"
    for offer in ("/verwaltung/neu/", "/verwaltung/sicherung/einlesen/", members):
        assert offer in leader
        assert offer not in helper
    assert world.tournament.name in helper

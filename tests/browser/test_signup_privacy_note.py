"""The sign-up page with its privacy note on a phone and at a desk: the note says how names
are published in this club and how to object or consent."""

from __future__ import annotations

import datetime

import pytest

from tests.browser.conftest import login, screenshot
from tournament.clubs.services import create_club
from tournament.models import ClubMembership, PublicNames, Tournament
from tournament.signup.services import save_settings, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_sign_up_page_shows_the_clubs_name_rule_in_its_privacy_note(
    phone, desk, live_server, tournament, organiser
):
    club = create_club("verein", name="Doko-Freunde Musterstadt")
    club.public_names, club.consent_allowed = PublicNames.SHORT, True
    club.save()
    Tournament.objects.filter(pk=tournament.pk).update(club=club)
    save_settings(
        tournament,
        {"enabled": True, "cap": 24, "ask_club": True, "ask_remark": True},
        user=organiser,
    )
    for page, name in ((phone, "signup-privacy-note-phone"), (desk, "signup-privacy-note-desk")):
        page.goto(f"{live_server.url}/t/{tournament.slug}/anmeldung/")
        text = page.text_content("#datenschutz-namen")
        assert "„Vorname N.“" in text and "einwilligen" in text and "widersprechen" in text
        screenshot(page, name)


def test_the_clubs_privacy_page_says_old_sign_ups_are_deleted_with_the_guests(
    phone, desk, live_server, tournament, organiser
):
    club = create_club("verein", name="Doko-Freunde Musterstadt")
    club.guest_retention_months = 1
    club.save()
    ClubMembership.objects.create(user=organiser, club=club, role=ClubMembership.Role.ORGANISER)
    Tournament.objects.filter(pk=tournament.pk).update(club=club, date=datetime.date(2020, 1, 1))
    sign_up(tournament, {"name": "Wilma Weg"}, user=organiser)
    for page, name in ((phone, "club-privacy-signups-phone"), (desk, "club-privacy-signups-desk")):
        login(page, live_server)
        page.goto(f"{live_server.url}/verwaltung/vereine/{club.slug}/datenschutz/")
        text = page.text_content("#privacy-guests")
        assert "1 Online-Anmeldung aus dieser Zeit wurde nie zum Teilnehmer" in text
        assert page.is_enabled("button[name=anonymise_guests]")
        page.locator("#privacy-guests").scroll_into_view_if_needed()
        screenshot(page, name)

"""The sign-up page with its privacy note on a phone and at a desk: the note says how names
are published in this club and how to object or consent."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot
from tournament.clubs.services import create_club
from tournament.models import PublicNames, Tournament
from tournament.signup.services import save_settings

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

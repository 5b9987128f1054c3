"""The sign-up page's privacy note says what the public pages will show of a participant (as
the tournament's effective setting says) and how to object or consent."""

from __future__ import annotations

import re

import pytest
from django.utils.html import strip_tags

from tournament.clubs.services import create_club
from tournament.models import PublicNames, Tournament

pytestmark = pytest.mark.django_db

FULL = "mit Ihrem vollen Namen."
SHORT = "(„Vorname N.“, z. B. „Anna M.“)"
NUMBER = "nur mit Ihrer Startnummer"
OBJECT = "Sie können widersprechen: dann erscheinen nur Ihre Initialen"
CONSENT = "einwilligen, mit vollem Namen zu erscheinen"
HOW = "Sagen Sie es der Turnierleitung"
REMARK = "in der Bemerkung dieses Formulars"


def note(client, tournament) -> str:
    page = client.get(f"/t/{tournament.slug}/anmeldung/").content.decode()
    section = re.search(r'<section[^>]*id="datenschutz".*?</section>', page, re.S).group(0)
    return " ".join(strip_tags(section).split())


@pytest.fixture
def in_club(open_signup):
    """``in_club(club_rule, consent, tournament_rule="")``: the open sign-up of a club's
    tournament with these privacy switches."""

    def make(club_rule: str, consent: bool, tournament_rule: str = "", **settings):
        tournament = open_signup(**settings)
        club = create_club("verein", name="Doko-Freunde")
        club.public_names, club.consent_allowed = club_rule, consent
        club.save()
        Tournament.objects.filter(pk=tournament.pk).update(club=club, public_names=tournament_rule)
        return tournament

    return make


def test_without_a_club_the_note_says_full_names_and_how_to_object(client, open_signup):
    text = note(client, open_signup())
    assert FULL in text and OBJECT in text and HOW in text
    assert CONSENT not in text and SHORT not in text and NUMBER not in text
    assert REMARK not in text  # the form asks for no remark


@pytest.mark.parametrize(
    ("club_rule", "consent", "tournament_rule", "shown", "absent"),
    [
        (PublicNames.FULL, True, "", [FULL, OBJECT, HOW], [CONSENT, SHORT, NUMBER]),
        (PublicNames.SHORT, True, "", [SHORT, OBJECT, "auch " + CONSENT, HOW], [FULL, NUMBER]),
        (PublicNames.SHORT, False, "", [SHORT, OBJECT, HOW], [CONSENT, FULL, NUMBER]),
        (PublicNames.NUMBER, True, "", [NUMBER, CONSENT, HOW], [OBJECT, "auch ", SHORT]),
        (PublicNames.NUMBER, False, "", [NUMBER], [OBJECT, CONSENT, HOW, SHORT]),
        # The tournament's own setting wins over the club's.
        (PublicNames.FULL, False, PublicNames.NUMBER, [NUMBER], [FULL, OBJECT, CONSENT]),
        (PublicNames.NUMBER, False, PublicNames.SHORT, [SHORT, OBJECT], [NUMBER, CONSENT]),
    ],
)
def test_the_note_follows_the_privacy_switches(
    client, in_club, club_rule, consent, tournament_rule, shown, absent
):
    text = note(client, in_club(club_rule, consent, tournament_rule))
    assert all(part in text for part in shown), text
    assert not any(part in text for part in absent), text


def test_where_the_form_has_a_remark_the_note_names_it_as_the_way(client, in_club):
    text = note(client, in_club(PublicNames.SHORT, True, ask_remark=True))
    assert f"{HOW} ({REMARK} oder am Turnierabend bei der Ankunft)" in text

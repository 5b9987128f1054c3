"""The release button's question tells the truth: a release can be taken back (until a sheet
is saved or the next round exists), so it must not say the seating can never change again."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round, unrelease_round

pytestmark = pytest.mark.django_db


def test_the_release_question_says_when_the_release_can_be_taken_back(
    organiser, organiser_client, tournament, add_participants
):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=1, user=organiser)
    page = html.unescape(
        organiser_client.get(
            reverse("tournament:round", args=[tournament.slug, 1])
        ).content.decode()
    )
    question = page.split('data-confirm="')[1].split('"')[0]
    assert question.startswith("Sitzordnung freigeben?")
    assert "nicht mehr ändern" not in question
    assert "zurücknehmen, solange noch keine Liste gespeichert" in question
    # And so it is: released, then taken back, the seating is a draft again.
    release_round(tournament, 1, user=organiser)
    unrelease_round(tournament, 1, user=organiser)
    assert tournament.rounds.get(number=1).status == "draft"


def test_the_release_question_in_english(organiser_client, organiser, tournament, add_participants):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=1, user=organiser)
    organiser_client.cookies["django_language"] = "en"
    page = html.unescape(
        organiser_client.get(
            reverse("tournament:round", args=[tournament.slug, 1])
        ).content.decode()
    )
    assert "can be taken back as long as no score sheet" in page
    assert "cannot be changed afterwards" not in page

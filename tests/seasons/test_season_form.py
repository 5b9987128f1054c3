"""The season's form explains itself: each label sits above its field, the tournaments are a list
under their own heading (not a label floating beside the boxes), and "Mindestzahl Durchgänge"
says what it does."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.seasons.test_season_pages import client_for
from tournament.models import ClubMembership

pytestmark = pytest.mark.django_db


def test_the_season_form_explains_the_minimum_and_lists_the_tournaments_under_a_heading(
    club, play_evening
):
    play_evening(club, "januar", ["Anna", "Bernd", "Carla", "Dieter"])
    client = client_for(club, "leiterin", ClubMembership.Role.ORGANISER)
    html = client.get(reverse("seasons:create", args=[club.slug])).content.decode()
    assert "bekommt keinen Platz" in html and "0: alle bekommen einen Platz" in html
    assert "Summe der besten Abende" in html.split('id="id_best_count"')[1][:400]
    tournaments = re.search(r'<fieldset[^>]*id="season-tournaments".*?</fieldset>', html, re.S)
    assert tournaments is not None
    block = tournaments.group(0)
    assert re.search(r"<legend>Turniere</legend>", block)
    assert 'type="checkbox"' in block and "Abend januar" in block
    # No <label> for the whole list: its heading is the legend.
    assert '<label for="id_tournaments"' not in html
    assert '<label class="checkbox" for="id_tournaments_0">' in block  # each box labelled


def test_the_season_form_still_saves(club, play_evening):
    evening = play_evening(club, "januar", ["Anna", "Bernd", "Carla", "Dieter"])
    client = client_for(club, "leiterin", ClubMembership.Role.ORGANISER)
    response = client.post(
        reverse("seasons:create", args=[club.slug]),
        {
            "slug": "2025",
            "name": "Jahreswertung",
            "rule": "sum",
            "min_rounds": "2",
            "tournaments": [evening.pk],
            "public_standings": "on",
        },
    )
    assert response.status_code == 302
    season = club.seasons.get()
    assert season.min_rounds == 2 and list(season.tournaments.all()) == [evening]

"""The public rules page of a DDV tournament: the course of the round, the values of the TSR and
the options in force, German and English, all asked of the ruleset."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def ddv_tournament(make_tournament):
    return make_tournament(ruleset="ddv", ruleset_options={"games_per_round": 16})


def test_the_rules_page_explains_the_ddv_rules_in_german(client, ddv_tournament):
    page = client.get(reverse("public:rules", args=[ddv_tournament.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Turnierspielregeln des Deutschen Doppelkopf-Verbandes" in text
    assert "Nach einem Pflichtsolo gibt derselbe Geber noch einmal" in text
    assert "Vorführung" in text and "Listenführer ist Platz 4" in text
    assert "Re / Kontra angesagt" in text and "je 2" in text  # the legend's values
    assert "16" in text  # the option in force: 16 games a round
    assert "24 Spiele am Vierertisch" not in text  # the course names no fixed length


def test_the_rules_page_reads_english(client, ddv_tournament):
    client.cookies["django_language"] = "en"
    page = client.get(reverse("public:rules", args=[ddv_tournament.slug]))
    text = page.content.decode()
    assert "After a Pflichtsolo the same dealer deals again" in text
    assert "Re / Kontra called" in text and "2 each" in text
    assert "Every player plays exactly one Pflichtsolo in every round." in text

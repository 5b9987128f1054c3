"""German singulars where a count is one: "1 Fünfertisch", not "1 Fünfertische"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (17, "Tische: 3 Vierertische, 1 Fünfertisch"),
        (8, "Tische: 2 Vierertische, 0 Fünfertische"),
        (9, "Tische: 1 Vierertisch, 1 Fünfertisch"),
        (10, "Tische: 0 Vierertische, 2 Fünfertische"),
    ],
)
def test_the_overview_counts_tables_in_singular_and_plural(
    organiser_client, tournament, add_participants, count, expected
):
    add_participants(tournament, count)
    page = organiser_client.get(reverse("tournament:detail", args=[tournament.slug]))
    assert expected in " ".join(page.content.decode().split())


def test_the_seating_printout_says_one_table():
    text = "%(players)d Spieler an %(tables)d Tisch · Platz 1 ist Listenführer und gibt zuerst"
    plural = "%(players)d Spieler an %(tables)d Tischen · Platz 1 ist Listenführer und gibt zuerst"
    with translation.override("de"):
        assert (ngettext(text, plural, 1) % {"players": 4, "tables": 1}).startswith(
            "4 Spieler an 1 Tisch ·"
        )
    with translation.override("en"):
        assert ngettext(text, plural, 1) % {"players": 4, "tables": 1} == (
            "4 players at 1 table · seat 1 is the table captain and deals first"
        )

"""The rules page's heading and note and the standings' tie-break note come from the tournament's
ruleset (:meth:`rules.base.Ruleset.rules_texts`): the house rules read as before, DDV and the
count-down games say their own, in German and English."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

HOUSE_TIE = (
    "Bei Punktgleichheit entscheiden: Punkte insgesamt → gewonnene Spiele (mit Pluspunkten) → "
    "Punkte im letzten Durchgang."
)
HOUSE_NOTE = (
    "Sonderpunkte zählen nicht bei angesagten Soli; die Sonderpunkte der Verlierer werden "
    "abgezogen."
)

# ruleset -> (heading, tie-break note) in German, then in English
EXPECTED = {
    "hausregeln": (
        ("Hausregeln und Wertung", HOUSE_TIE),
        (
            "House rules and scoring",
            "Ties on points are broken by: total points → games won (with plus points) → points "
            "in the last round.",
        ),
    ),
    "ddv": (
        (
            "DDV-Turnierspielregeln und Wertung",
            "Bei Punktgleichheit entscheiden: Spielpunkte insgesamt → gewonnene Spiele (mit "
            "Pluspunkten) → Spielpunkte im letzten Durchgang.",
        ),
        (
            "DDV tournament rules and scoring",
            "Ties on points are broken by: total game points → games won (with plus points) → "
            "game points in the last round.",
        ),
    ),
    "24": (
        (
            "„24“: Regeln und Wertung",
            "Bei gleichen Partiepunkten entscheiden: Partiepunkte insgesamt → Partien gewonnen "
            "→ Restpunkte (weniger ist besser) → Partiepunkte im letzten Durchgang.",
        ),
        (
            "“24”: rules and scoring",
            "Ties on Partie points are broken by: total Partie points → Parties won → remaining "
            "points (fewer is better) → Partie points in the last round.",
        ),
    ),
}


def _text(response) -> str:
    assert response.status_code == 200
    return " ".join(html.unescape(response.content.decode()).split())


@pytest.mark.parametrize("key", EXPECTED)
@pytest.mark.parametrize("language", ["de", "en"])
def test_the_rules_page_and_the_standings_speak_of_the_ruleset(
    client, organiser_client, make_tournament, key, language
):
    tournament = make_tournament(ruleset=key)
    (heading, tie) = EXPECTED[key][language == "en"]
    client.cookies["django_language"] = language
    organiser_client.cookies["django_language"] = language
    rules_page = _text(client.get(reverse("public:rules", args=[tournament.slug])))
    assert f"<h1>{heading}</h1>" in rules_page
    assert tie in rules_page
    for page in (
        _text(client.get(reverse("public:standings", args=[tournament.slug]))),
        _text(organiser_client.get(reverse("scoring:standings", args=[tournament.slug]))),
    ):
        assert tie.removesuffix(".") in page
    # The house rules' note on Sonderpunkte is theirs alone.
    assert (HOUSE_NOTE in rules_page) == (key == "hausregeln" and language == "de")


@pytest.mark.parametrize("key", ["zwanzig", "20ab"])
def test_the_other_count_down_games_name_themselves(client, make_tournament, key):
    tournament = make_tournament(ruleset=key)
    label = tournament.rules.label
    page = _text(client.get(reverse("public:rules", args=[tournament.slug])))
    assert f"<h1>„{label}“: Regeln und Wertung</h1>" in page
    assert "Bei gleichen Partiepunkten entscheiden: Partiepunkte insgesamt" in page
    assert "Hausregeln" not in page

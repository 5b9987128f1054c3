"""A club's house rules on the settings page (CLUBRULES.md §2): the options grouped as a rule
sheet reads, a list option as checkboxes and a map option as a number per key, saved,
refused naming the option, audited, and printed on the public rules page in plain German."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from rules.hausregeln import ScoringOptions
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


def _page(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def _post(tournament, **extra) -> dict:
    return {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "rounds_count": 2,
        "cycles": 4,
        "deck": 40,
        "solo_lost_point": "on",
        **extra,
    }


def test_the_club_options_show_in_the_groups_of_a_rule_sheet(organiser_client, tournament):
    url = reverse("tournament:settings", args=[tournament.slug])
    page = _page(organiser_client.get(url))
    for group in ("Ansagen", "Sonderpunkte", "Soli", "Bock", "Armut und Schmeißen"):
        assert f"Wertung (Hausregeln) · {group}" in page
    assert 'name="solo_kinds" value="solo_kreuz"' in page
    assert 'name="sonderpunkte_doppelkopf"' in page and "Bockrunden spielen" in page
    assert "0 bis 3 je Sonderpunkt; 0 heißt: wird nicht gezählt." in page


def test_a_clubs_rule_sheet_is_saved_audited_and_shown_on_the_rules_page(
    organiser_client, tournament, client
):
    url = reverse("tournament:settings", args=[tournament.slug])
    data = _post(
        tournament,
        bock="on",
        bock_triggers=["tie_120", "solo_lost"],
        bock_games=4,
        bock_multiplier=2,
        bock_overlap="stack",
        armut="on",
        schmeissen="redeal",
        solo_kinds=["solo_buben", "solo_damen", "solo_trumpf", "solo_kreuz"],
        sonderpunkte_doppelkopf=0,
        tie_120="kontra_full",
        ansagen="plus1",
        stilles_solo="normal",
        hochzeit_allein="normal",
        armut_untaken="redeal",
        klaerungsstich_max=3,
    )
    response = organiser_client.post(url, data)
    assert response.status_code == 302, _page(response)[:3000]
    tournament.refresh_from_db()
    options = tournament.scoring_options
    assert options.bock and options.bock_triggers == ("tie_120", "solo_lost")
    assert options.armut and options.schmeissen == "redeal"
    assert options.sonderpunkte.doppelkopf == 0 and options.sonderpunkte.gegen == 1
    assert "solo_kreuz" in options.solo_kinds and options.tie_120 == "kontra_full"
    entry = AuditEntry.objects.filter(tournament=tournament).order_by("-id").first()
    assert "Bockrunden spielen: nein → ja" in entry.text
    assert "Doppelkopf 0" in entry.text
    tournament.public_rules = True
    tournament.save()
    rules_page = _page(client.get(reverse("public:rules", args=[tournament.slug])))
    assert (
        "Bockrunden: nach 120 : 120 oder verlorenem Solo, je 4 Spiele, "
        "Bock auf Bock verdoppelt weiter." in rules_page
    )
    assert "Nicht gezählt: Doppelkopf." in rules_page
    assert "Armut wird gespielt" in rules_page


@pytest.mark.parametrize(
    ("extra", "field", "needle"),
    [
        ({"sonderpunkte_gegen": 4}, "sonderpunkte", "bitte je eine ganze Zahl von 0 bis 3"),
        ({"bock_games": 13}, "bock_games", "bitte eine ganze Zahl von 0 bis 12"),
        ({"bock_triggers": ["regen"]}, "bock_triggers", "„Bockrunde nach“"),
    ],
)
def test_a_bad_club_option_is_refused_naming_it(organiser_client, tournament, extra, field, needle):
    url = reverse("tournament:settings", args=[tournament.slug])
    response = organiser_client.post(url, _post(tournament, **extra))
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors[field])
    assert needle in errors, errors
    tournament.refresh_from_db()
    assert tournament.scoring_options == ScoringOptions()
    assert get_user_model().objects.exists()

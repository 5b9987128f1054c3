"""The tournament's ruleset: chosen on the command line, its options on the settings page."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from rules.hausregeln import ScoringOptions
from tournament.errors import DomainError
from tournament.events.services import create_tournament, update_tournament
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def made(*args: str, **kwargs) -> Tournament:
    out = io.StringIO()
    call_command("create_tournament", *args, name="Regel", date="2025-07-01", stdout=out, **kwargs)
    return Tournament.objects.get(slug=out.getvalue().strip())


def test_create_tournament_plays_the_house_rules_by_default():
    tournament = made()
    assert tournament.ruleset == "hausregeln"
    assert tournament.scoring_options == ScoringOptions()
    # every option stored, the club options (CLUBRULES.md) at their defaults
    assert tournament.ruleset_options == ScoringOptions().to_dict()


def test_create_tournament_takes_a_ruleset_and_options():
    tournament = made(
        "--ruleset", "hausregeln", "--option", "deck=48", "--option", "ddv_absage_bonus=ja"
    )
    assert tournament.scoring_options == ScoringOptions(deck=48, ddv_absage_bonus=True)


def test_create_tournament_flags_still_set_the_house_rules_options():
    tournament = made("--deck", "48", "--pre-lead-counts")
    assert tournament.scoring_options == ScoringOptions(deck=48, pre_lead_counts=True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--ruleset", "skat"), "unknown ruleset 'skat'; known: hausregeln"),
        (("--option", "farbe=rot"), "hausregeln has no option 'farbe' \\(options: deck, "),
        (("--option", "deck=52"), "deck: '52' is not one of 40, 48"),
        (("--option", "pre_lead_counts=vielleicht"), "not a yes/no value"),
    ],
)
def test_create_tournament_refuses_unknown_rulesets_and_options(args, message):
    with pytest.raises(CommandError, match=message):
        made(*args)
    assert not Tournament.objects.exists()


def test_services_refuse_an_unknown_ruleset_or_bad_options():
    with pytest.raises(DomainError) as raised:
        create_tournament(name="X", date=datetime.date(2025, 7, 1), ruleset="skat")
    assert raised.value.field == "ruleset"
    tournament = create_tournament(name="X", date=datetime.date(2025, 7, 1))
    with pytest.raises(DomainError) as raised:
        update_tournament(tournament, ruleset_options={"deck": 52})
    assert raised.value.field == "ruleset_options"
    tournament.refresh_from_db()
    assert tournament.ruleset_options["deck"] == 40


def test_settings_page_shows_and_saves_the_rulesets_options(organiser_client, tournament):
    from django.contrib.auth import get_user_model

    from tournament.permissions import grant_access

    grant_access(tournament, get_user_model().objects.get(username="leitung"))
    url = reverse("tournament:settings", args=[tournament.slug])
    page = organiser_client.get(url).content.decode()
    assert "Wertung (Hausregeln)" in page
    assert 'name="deck"' in page and "48 Karten (mit Neunen)" in page
    assert 'name="pre_lead_counts"' in page and 'name="ddv_absage_bonus"' in page
    data = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "rounds_count": 2,
        "cycles": 4,
        "deck": 48,
        "ddv_absage_bonus": "on",
        "solo_lost_point": "on",  # ticked by default, so a browser posts it
    }
    response = organiser_client.post(url, data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.ruleset == "hausregeln"
    assert tournament.scoring_options == ScoringOptions(deck=48, ddv_absage_bonus=True)

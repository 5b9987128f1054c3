"""The ruleset on the tournament's settings and create pages: a choice of every registered
ruleset by its name, each ruleset's options rendered from its OptionSpecs, bad values refused
naming the option (German and English), changes audited, and ruleset and options locked once a
round is released or a score entered (tournament/events/locks.py says why)."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.urls import reverse

import rules
from rules.ddv import messages as ddv_messages
from scoring.evening.rounds import draw_round, release_round, unrelease_round
from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from tests.tournament.route_world import ROLES, build_world
from tournament.errors import DomainError
from tournament.events.services import create_tournament, update_tournament
from tournament.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def form_data(tournament: Tournament, **extra) -> dict:
    return {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "rounds_count": tournament.rounds_count,
        "cycles": tournament.cycles,
        "slide_seconds": tournament.slide_seconds,
        "name_order": tournament.name_order,
        **extra,
    }


def settings_url(tournament: Tournament) -> str:
    return reverse("tournament:settings", args=[tournament.slug])


def page_text(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def test_the_settings_page_offers_every_ruleset_and_its_options(organiser_client, tournament):
    page = organiser_client.get(settings_url(tournament)).content.decode()
    select = re.search(r'<select name="ruleset".*?</select>', page, re.S).group(0)
    offered = re.findall(r'<option value="([^"]+)"', select)
    assert offered == rules.known_keys()
    for key in rules.known_keys():
        assert f">{html.escape(rules.get(key).label)}</option>" in select
        assert f'data-ruleset="{key}"' in page
    assert 'value="hausregeln" selected' in select
    # Each option with its German label, help and bounds.
    assert "Spiele je Durchgang" in page and "ein Vereinsabend darf kürzer spielen" in page
    assert re.search(r'name="start"[^>]*min="10"', page) or re.search(
        r'min="10"[^>]*name="start"', page
    )
    organiser_client.cookies["django_language"] = "en"
    english = page_text(organiser_client.get(settings_url(tournament)))
    assert "DDV tournament rules" in english and "Games per round" in english
    assert "Starting points" in english


@pytest.mark.parametrize(
    ("key", "help_text"),
    [
        (
            "hausregeln",
            "Eine Runde: jeder gibt einmal. 4 Runden = 16 Spiele am Vierertisch, 20 Spiele am "
            "Fünfertisch.",
        ),
        (
            "24",
            "Eine Runde: jeder gibt einmal. 6 Runden = 18 Spiele am Dreiertisch, 24 Spiele am "
            "Vierertisch, 30 Spiele am Fünfertisch.",
        ),
        (
            "ddv",
            "Bei diesem Regelwerk ohne Wirkung: die Länge eines Durchgangs stellen seine Optionen",
        ),
    ],
)
def test_the_cycles_help_is_the_rulesets(organiser_client, make_tournament, key, help_text):
    tournament = make_tournament(ruleset=key)
    form = organiser_client.get(settings_url(tournament)).context["form"]
    assert form.fields["cycles"].help_text.startswith(help_text)
    assert any(help_text in sets[4] for sets in form.fieldsets() if sets[2] == key)


def test_choosing_ddv_with_a_shorter_round_is_saved_and_audited(
    organiser_client, tournament, organiser
):
    response = organiser_client.post(
        settings_url(tournament), form_data(tournament, ruleset="ddv", games_per_round=16)
    )
    assert response.status_code == 302, page_text(response)[:2000]
    tournament.refresh_from_db()
    assert tournament.ruleset == "ddv"
    assert tournament.ruleset_options == {"games_per_round": 16, "absage_implies_ansage": False}
    assert tournament.sheet_length(4) == 16
    entry = AuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert entry.action == AuditEntry.Action.TOURNAMENT_CHANGED
    assert entry.user == organiser
    assert entry.summary.startswith("Regelwerk: Hausregeln → DDV-Turnierspielregeln (")
    assert "Spiele je Durchgang: 16 Spiele (Fünfertisch 20) – Vereinsabend" in entry.summary
    assert entry.details["ruleset"] == ["hausregeln", "ddv"]
    assert entry.details["options"]["games_per_round"] == [None, 16]
    # Only an option changed: the entry names it with old and new value.
    response = organiser_client.post(
        settings_url(tournament),
        form_data(tournament, ruleset="ddv", games_per_round=16, absage_implies_ansage="on"),
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert entry.summary == (
        "Optionen von DDV-Turnierspielregeln: Absage ohne Ansage zählt die Ansage mit: nein → ja"
    )
    assert entry.details["options"] == {"absage_implies_ansage": [False, True]}
    # Saving without a change writes no entry.
    count = AuditEntry.objects.count()
    organiser_client.post(
        settings_url(tournament),
        form_data(tournament, ruleset="ddv", games_per_round=16, absage_implies_ansage="on"),
    )
    assert AuditEntry.objects.count() == count


def test_a_count_down_tournament_is_created_on_the_create_page(organiser_client):
    data = {
        "name": "Zwanzig ab im Mai",
        "date": "2025-05-02",
        "rounds_count": 2,
        "cycles": 6,
        "ruleset": "20ab",
        "start": 30,
        "no_drop_out_at_or_below": 8,
        "drop_out_limit": 3,
        "tie": "share",
    }
    response = organiser_client.post(reverse("tournament:create"), data)
    assert response.status_code == 302, page_text(response)[:2000]
    tournament = Tournament.objects.get(name="Zwanzig ab im Mai")
    assert tournament.ruleset == "20ab"
    assert tournament.ruleset_options == {
        "start": 30,
        "no_drop_out_at_or_below": 8,
        "drop_out_limit": 3,
        "tie": "share",
    }


@pytest.mark.parametrize(
    ("values", "field", "german", "english"),
    [
        (
            {"ruleset": "20ab", "start": 99},
            "start",
            "„Startpunkte“: bitte eine ganze Zahl von 10 bis 50.",
            "“Starting points”: please a whole number from 10 to 50.",
        ),
        (
            {"ruleset": "20ab", "start": "zwanzig"},
            "start",
            "„Startpunkte“: bitte eine ganze Zahl von 10 bis 50.",
            "“Starting points”: please a whole number from 10 to 50.",
        ),
        (
            {"ruleset": "20ab", "start": 20, "no_drop_out_at_or_below": 25},
            "no_drop_out_at_or_below",
            "„Aussteigen verboten ab … Punkten und weniger“:",
            "“No dropping out at … points or fewer”:",
        ),
        (
            {"ruleset": "ddv", "games_per_round": 17},
            "games_per_round",
            "„Spiele je Durchgang“: bitte einen der angebotenen Werte wählen.",
            "“Games per round”: please choose one of the values offered.",
        ),
        (
            {"ruleset": "skat"},
            "ruleset",
            "Skat",  # Django's own refusal of an unknown choice quotes the value
            "skat",
        ),
    ],
)
def test_bad_values_are_refused_naming_the_option(
    organiser_client, tournament, values, field, german, english
):
    for language, message in (("de", german), ("en", english)):
        organiser_client.cookies["django_language"] = language
        response = organiser_client.post(settings_url(tournament), form_data(tournament, **values))
        assert response.status_code == 200
        errors = response.context["form"].errors
        assert field in errors, errors
        assert message.lower() in " ".join(errors[field]).lower(), errors[field]
    tournament.refresh_from_db()
    assert tournament.ruleset == "hausregeln"


def _seated(make_tournament, add_participants, organiser, count: int, ruleset="hausregeln"):
    tournament = make_tournament(ruleset=ruleset)
    add_participants(tournament, count)
    draw_round(tournament, 1, seed=5, user=organiser)
    return tournament


def test_a_released_round_locks_ruleset_and_options(
    make_tournament, add_participants, organiser, organiser_client
):
    tournament = _seated(make_tournament, add_participants, organiser, 8)
    # A drawn, unreleased round: still free.
    update_tournament(tournament, ruleset="ddv", user=organiser)
    release_round(tournament, 1, user=organiser)
    for change in ({"ruleset": "hausregeln"}, {"ruleset_options": {"games_per_round": 16}}):
        with pytest.raises(DomainError) as refused:
            update_tournament(tournament, user=organiser, **change)
        assert refused.value.field == "ruleset"
        assert "Durchgang 1 ist schon freigegeben" in refused.value.message
    tournament.refresh_from_db()
    assert tournament.ruleset == "ddv" and tournament.ruleset_options["games_per_round"] == 0
    # The page says why and does not offer the change; the browser posts no disabled field,
    # so the other settings still save; a crafted post of another ruleset is refused.
    page = page_text(organiser_client.get(settings_url(tournament)))
    assert "Regelwerk und Optionen lassen sich nicht mehr ändern" in page
    assert re.search(r'<select name="ruleset"[^>]*disabled', page)
    response = organiser_client.post(
        settings_url(tournament), form_data(tournament, rounds_count=3)
    )
    assert response.status_code == 302
    response = organiser_client.post(
        settings_url(tournament), form_data(tournament, ruleset="24", rounds_count=4)
    )
    assert response.status_code == 200
    assert "schon freigegeben" in " ".join(response.context["form"].errors["ruleset"])
    tournament.refresh_from_db()
    assert tournament.ruleset == "ddv" and tournament.rounds_count == 3
    # Taken back to draft before any score: free again.
    unrelease_round(tournament, 1, user=organiser)
    update_tournament(tournament, ruleset_options={"games_per_round": 16}, user=organiser)
    tournament.refresh_from_db()
    assert tournament.sheet_length(4) == 16


def test_an_entered_score_keeps_ruleset_and_options_locked(
    make_tournament, add_participants, organiser
):
    """A score keeps the round released (its release cannot be taken back), so the lock
    holds for as long as any score is entered."""
    tournament = _seated(make_tournament, add_participants, organiser, 8)
    release_round(tournament, 1, user=organiser)
    sheet = Sheet.objects.filter(round__tournament=tournament).first()
    record = {"kind": "normal", "re": [1, 2], "winners": [1, 2], "value": 1}
    submit_sheet(sheet, [record], expected_revision=0, user=organiser)
    with pytest.raises(DomainError):
        unrelease_round(tournament, 1, user=organiser)
    with pytest.raises(DomainError, match="schon freigegeben"):
        update_tournament(tournament, ruleset="ddv", user=organiser)
    with pytest.raises(DomainError, match="schon freigegeben"):
        update_tournament(tournament, ruleset_options={"deck": 48}, user=organiser)


def test_a_drawn_round_with_three_tables_refuses_a_ruleset_without_them(
    make_tournament, add_participants, organiser
):
    tournament = _seated(make_tournament, add_participants, organiser, 7, ruleset="24")  # 4 + 3
    with pytest.raises(DomainError) as refused:
        update_tournament(tournament, ruleset="hausregeln", user=organiser)
    assert "Durchgang 1 ist an Tischen mit 3 Spielern gesetzt" in refused.value.message
    assert "Sitzordnung verwerfen" in refused.value.message
    update_tournament(tournament, ruleset="zwanzig", user=organiser)  # seats three as well
    tournament.refresh_from_db()
    assert tournament.ruleset == "zwanzig" and tournament.ruleset_options == {}


def test_only_the_turnierleitung_changes_the_ruleset(db):
    """Every role: the club's Turnierleitung and a superuser change it; the Helfer, another
    club's Turnierleitung, a player and nobody logged in do not."""
    world = build_world()
    fresh = create_tournament(
        name="Frühjahr", date=datetime.date(2026, 3, 1), club=world.tournament.club
    )
    allowed = {"leader", "superuser"}
    for role in ROLES:
        client = world.client(role)
        before = fresh.ruleset
        url = settings_url(fresh)
        assert (client.get(url).status_code == 200) == (role in allowed), role
        target = "ddv" if before != "ddv" else "hausregeln"
        response = client.post(url, form_data(fresh, ruleset=target))
        fresh.refresh_from_db()
        if role in allowed:
            assert response.status_code == 302, role
            assert fresh.ruleset == target, role
        else:
            assert response.status_code in (302, 403, 404), role
            if response.status_code == 302:
                assert "/login" in response["Location"] or "anmelden" in response["Location"]
            assert fresh.ruleset == before, role


def test_a_crafted_post_of_a_club_value_after_release_is_refused(
    make_tournament, add_participants, organiser, organiser_client
):
    """A map option posts one input per key (``sonderpunkte_gegen``); the page sends none of
    them once the round is released, a crafted post is refused and changes nothing."""
    tournament = _seated(make_tournament, add_participants, organiser, 8)
    release_round(tournament, 1, user=organiser)
    response = organiser_client.post(
        settings_url(tournament), form_data(tournament, sonderpunkte_gegen=3)
    )
    assert response.status_code == 200
    assert "schon freigegeben" in " ".join(response.context["form"].errors["ruleset"])
    tournament.refresh_from_db()
    assert tournament.ruleset_options.get("sonderpunkte", {}).get("gegen", 1) == 1


def test_a_durchgang_is_called_so_on_the_settings_and_in_the_ddv_messages(
    organiser_client, make_tournament
):
    """One word per thing: a round of the evening is a Durchgang, never a (Tisch)runde."""
    tournament = make_tournament(ruleset="ddv")
    page = organiser_client.get(settings_url(tournament)).content.decode()
    assert "Tischrunde" not in page and "einer Runde" not in page
    params = {"games": 24, "got": 30, "seats": 4}
    for key in ("beyond_round", "games_count", "games_per_round_range", "time_up_range"):
        text = ddv_messages.translate(key, "de", **params)
        assert "Durchgang" in text and "Runde" not in text, text
    course = rules.get("ddv").course(2, 1)
    assert not any("Runde" in str(line) for lines in course for line in lines), course

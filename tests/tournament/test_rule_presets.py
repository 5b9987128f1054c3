"""A club's named rule presets: the Turnierleitung saves a tournament's rule sheet under a name
(unique per club, audited, refusals naming the field) and picks it on the create page and on the
settings page while the rules may still change."""

from __future__ import annotations

import datetime
import html

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round
from tournament.clubs.logins import found_club
from tournament.errors import DomainError
from tournament.events.presets import save_rule_preset
from tournament.events.services import create_tournament, update_tournament
from tournament.models import AuditEntry, RulePreset, Tournament

pytestmark = pytest.mark.django_db

CLUB_RULES = {"bock": True, "armut": True, "schmeissen": "redeal", "tie_120": "kontra_full"}


def _page(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


@pytest.fixture
def club(organiser):
    return found_club(organiser, name="Doko-Club", slug="doko")


@pytest.fixture
def club_evening(club, organiser) -> Tournament:
    return create_tournament(
        name="Clubabend",
        date=datetime.date(2026, 3, 1),
        club=club,
        user=organiser,
        ruleset="hausregeln",
        ruleset_options=CLUB_RULES,
    )


def test_a_saved_preset_holds_the_rule_sheet_and_is_audited(club_evening, organiser):
    preset = save_rule_preset(club_evening, "  Donnerstag   mit Bock ", user=organiser)
    assert preset.name == "Donnerstag mit Bock" and preset.club == club_evening.club
    assert preset.ruleset == "hausregeln"
    assert preset.ruleset_options == club_evening.ruleset_options
    assert preset.ruleset_options["bock"] is True and preset.ruleset_options["armut"] is True
    entry = AuditEntry.objects.filter(tournament=club_evening).order_by("-id").first()
    assert entry.action == AuditEntry.Action.RULE_PRESET_SAVED
    assert entry.summary == "Donnerstag mit Bock"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "Bitte einen Namen für die Regelvorlage angeben."),
        ("x" * 81, "höchstens 80 Zeichen"),
        ("donnerstag", "Eine Regelvorlage „donnerstag“ hat der Verein schon"),
    ],
)
def test_a_preset_name_is_refused_naming_the_field(club_evening, organiser, name, message):
    save_rule_preset(club_evening, "Donnerstag", user=organiser)
    with pytest.raises(DomainError) as refused:
        save_rule_preset(club_evening, name, user=organiser)
    assert refused.value.field == "preset_name" and message in refused.value.message
    assert RulePreset.objects.count() == 1


def test_a_tournament_without_club_has_no_presets(tournament, organiser):
    with pytest.raises(DomainError) as refused:
        save_rule_preset(tournament, "Donnerstag", user=organiser)
    assert refused.value.field == "preset_name"
    assert RulePreset.objects.count() == 0


def test_the_same_name_in_another_club_is_fine(club_evening, organiser):
    save_rule_preset(club_evening, "Donnerstag", user=organiser)
    other_user = get_user_model().objects.create_user("nachbar", password="geheim-und-lang-42")
    other = found_club(other_user, name="Nachbarn", slug="nachbarn")
    evening = create_tournament(
        name="Nachbarabend", date=datetime.date(2026, 3, 2), club=other, user=other_user
    )
    assert save_rule_preset(evening, "Donnerstag", user=other_user).club == other


def test_a_new_evening_takes_the_preset_on_the_create_page(club_evening, organiser_client):
    preset = save_rule_preset(club_evening, "Donnerstag", user=None)
    page = _page(organiser_client.get(reverse("tournament:create")))
    assert "Regelvorlage des Vereins" in page and ">Donnerstag</option>" in page
    response = organiser_client.post(
        reverse("tournament:create"),
        {
            "name": "Nächster Abend",
            "date": "2026-03-08",
            "club": club_evening.club.pk,
            "rule_preset": preset.pk,
            "rounds_count": 3,
            "cycles": 4,
            "ruleset": "ddv",  # the preset wins over what the form says
        },
    )
    assert response.status_code == 302, _page(response)[:2000]
    evening = Tournament.objects.get(name="Nächster Abend")
    assert evening.ruleset == "hausregeln"
    assert evening.ruleset_options == club_evening.ruleset_options
    actions = list(evening.audit_entries.values_list("action", "summary"))
    assert (AuditEntry.Action.RULE_PRESET_APPLIED, "Donnerstag") in actions


def test_the_settings_page_saves_and_applies_a_preset(
    club_evening, club, organiser, organiser_client
):
    save_url = reverse("tournament:rule_preset_save", args=[club_evening.slug])
    response = organiser_client.post(save_url, {"preset_name": "Bock-Abend"}, follow=True)
    assert "Die Regeln sind als Vorlage „Bock-Abend“ des Vereins gespeichert." in _page(response)
    response = organiser_client.post(save_url, {"preset_name": "bock-abend"}, follow=True)
    assert "Eine Regelvorlage „bock-abend“ hat der Verein schon" in _page(response)
    assert club.rule_presets.count() == 1
    evening = create_tournament(
        name="Abend zwei", date=datetime.date(2026, 3, 8), club=club, user=organiser
    )
    assert evening.ruleset_options.get("bock") is not True
    settings = reverse("tournament:settings", args=[evening.slug])
    assert ">Bock-Abend</option>" in _page(organiser_client.get(settings))
    data = {
        "name": evening.name,
        "date": "2026-03-08",
        "rounds_count": 2,
        "cycles": 4,
        "ruleset": "hausregeln",
        "deck": 40,
        "rule_preset": club.rule_presets.get().pk,
    }
    response = organiser_client.post(settings, data)
    assert response.status_code == 302, _page(response)[:2000]
    evening.refresh_from_db()
    assert evening.ruleset_options == club_evening.ruleset_options
    last = evening.audit_entries.order_by("-id").first()
    assert (last.action, last.summary) == (AuditEntry.Action.RULE_PRESET_APPLIED, "Bock-Abend")


def test_a_preset_is_not_offered_or_applied_once_a_round_is_released(
    club_evening, club, organiser, organiser_client, add_participants
):
    preset = save_rule_preset(club_evening, "Donnerstag", user=organiser)
    evening = create_tournament(
        name="Abend zwei", date=datetime.date(2026, 3, 8), club=club, user=organiser
    )
    add_participants(evening, 8)
    draw_round(evening, 1, seed=5, user=organiser)
    release_round(evening, 1, user=organiser)
    page = _page(organiser_client.get(reverse("tournament:settings", args=[evening.slug])))
    assert "Regelvorlage des Vereins" not in page
    with pytest.raises(DomainError) as refused:
        update_tournament(evening, user=organiser, preset=preset)
    assert refused.value.field == "ruleset"
    evening.refresh_from_db()
    assert evening.ruleset_options.get("bock") is not True


def test_another_clubs_preset_is_refused(club_evening, organiser):
    preset = save_rule_preset(club_evening, "Donnerstag", user=organiser)
    with pytest.raises(DomainError) as refused:
        create_tournament(name="Ohne Verein", date=datetime.date(2026, 3, 8), preset=preset)
    assert refused.value.field == "rule_preset"
    assert not Tournament.objects.filter(name="Ohne Verein").exists()

"""DDV's quick entry of a Hochzeit's Klärungsstich and of a stille Hochzeit (DDV.md §2.1, §6,
§7.2): the inputs come from the ruleset's entry spec, their values go to the record's
``klaerungsstich`` and ``penalty.solo_known``, come back in their inputs, and a refusal is said
at its input naming the game."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Sheet
from scoring.sheets.page import build_page
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tests.scoring.test_ddv_sheet_page import typed

pytestmark = pytest.mark.django_db

HOCHZEIT = {"kind": "hochzeit", "winners": "13", "value": "2", "klaerungsstich": "2"}
STILLE = {"kind": "stilles_solo", "winners": "3", "value": "2"}
PENALTY = {"kind": "stilles_solo", "penalty_offender": "1", "penalty_severity": "geringfuegig"}


def test_the_page_offers_the_klaerungsstich_and_whether_the_solo_was_known(
    ddv_evening,  # noqa: F811
    organiser_client,
):
    html = organiser_client.get(
        reverse("scoring:sheet", args=[ddv_evening.slug, 1, 1])
    ).content.decode()
    assert '<label>Klärungsstich <input type="text" name="g1-klaerungsstich"' in html
    assert '<select name="g1-penalty_solo_known" class="penalty_solo_known">' in html
    assert '<option value="1">ja</option><option value="0">nein</option>' in html
    assert ">Stille Hochzeit</option>" in html


def test_a_hochzeit_a_stille_hochzeit_and_its_penalty_are_stored_and_shown_again(
    ddv_evening,  # noqa: F811
    organiser_client,
):
    sheet = Sheet.objects.get(round__tournament=ddv_evening, round__number=1, table__number=1)
    args = [ddv_evening.slug, 1, 1]
    rows = [HOCHZEIT, STILLE, {**PENALTY, "penalty_solo_known": "1", "soloist": "3"}]
    saved = organiser_client.post(
        reverse("scoring:sheet_autosave", args=args), typed(rows, 0)
    ).json()
    assert saved["stored_games"] == 3, saved
    page = build_page(sheet)
    assert page.records[0]["klaerungsstich"] == 2
    assert page.records[1]["kind"] == "stilles_solo" and page.records[1]["re"] == [3]
    assert page.records[2]["penalty"] == {
        "offender": 1,
        "severity": "geringfuegig",
        "solo_known": True,
    }
    # In the solo phase a minor penalty of an opponent costs him 3, each other opponent +1.
    assert page.rows[2].points == {1: -3, 2: 1, 3: 1, 4: 1}
    assert page.rows[0].values["klaerungsstich"] == "2"
    assert page.rows[2].values["penalty_solo_known"] == "1"
    assert page.rows[2].values["record"] == ""


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        (
            {"kind": "hochzeit_allein", "winners": "1", "value": "3", "klaerungsstich": "2"},
            "klaerungsstich",
            "Spielt der Hochzeiter allein, ist Stich 3 der Klärungsstich, nicht 2",
        ),
        (
            {"kind": "normal", "winners": "12", "value": "1", "klaerungsstich": "1"},
            "klaerungsstich",
            "Einen Klärungsstich gibt es nur bei einer Hochzeit",
        ),
        (PENALTY, "penalty_solo_known", "Strafe: bitte bei „Solo schon bekannt“ ja oder nein"),
        (
            {"kind": "normal", **{k: v for k, v in PENALTY.items() if k != "kind"}}
            | {"penalty_solo_known": "0"},
            "penalty_solo_known",
            "„Solo schon bekannt“ gibt es nur bei stiller Hochzeit und Hochzeit allein",
        ),
    ],
)
def test_a_refusal_is_said_at_its_input_naming_the_game(
    row,
    field,
    words,
    ddv_evening,  # noqa: F811
    organiser_client,
):
    args = [ddv_evening.slug, 1, 1]
    answer = organiser_client.post(
        reverse("scoring:sheet_preview", args=args), typed([row], 0)
    ).json()
    problems = answer["rows"][0]["problems"]
    assert list(problems) == [field]
    assert words in problems[field][0]
    html = organiser_client.post(
        reverse("scoring:sheet", args=args), {**typed([row], 0), "save": "1"}
    ).content.decode()
    # A game by its number on paper; a penalty line, no game, by its label ("Strafe"), once.
    head = "Strafe:" if field.startswith("penalty") else "Spiel 1:"
    assert (words if words.startswith(head) else f"{head} {words}") in html
    assert f'name="g1-{field}"' in html and f'class="{field} invalid"' in html

"""The count-down captain's form per deal (COUNTDOWN.md §8.6) on the server's side: the sheet
pages of a ruleset whose entry spec has a ``deal`` form render that form (its own partial and
script, the config from the EntrySpec) instead of the Doppelkopf rows; a deal is its row's
record, so autosave stores it as for every sheet; a refused deal is said in the captain's words,
naming the deal and the field, in German and English; the phone's script and the server know
the same refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from rules.countdown.messages import MESSAGES
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from tests.scoring.test_sheet_js_modules import STATIC, loaded_modules
from tournament.models import Table

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
DEAL = {"deal": 1, "dealer": 1, "trump": "rot", "tricks": {"1": 2, "2": 1, "3": 0, "4": 3}}


@pytest.fixture
def four_table(make_tournament, add_participants, organiser):
    tournament = make_tournament(ruleset="24", ruleset_options={"aussteigen": True})
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=3, user=organiser)
    release_round(tournament, 1, user=organiser)
    return Table.objects.filter(round__tournament=tournament, round__number=1).first()


def config_of(html: str) -> dict:
    found = re.search(r'<script id="deal-form-config" type="application/json">(.*?)</script>', html)
    assert found, "no deal form on the page"
    return json.loads(found.group(1))


def test_the_captain_of_a_24_table_gets_the_deal_form_not_the_doppelkopf_rows(
    client, four_table
) -> None:
    html = client.get(reverse("captain:sheet", args=[four_table.entry_token])).content.decode()
    config = config_of(html)
    names = {seat.number: seat.participant.name for seat in four_table.seats.all()}
    assert config["game"] == "24" and config["size"] == 4 and config["length"] == 24
    assert config["tricks"] == 6
    assert [seat["name"] for seat in config["seats"]] == [names[n] for n in (1, 2, 3, 4)]
    assert config["colours"] == [
        ["gelb", "Gelb"],
        ["rot", "Rot"],
        ["blau", "Blau"],
        ["gruen", "Grün"],
    ]
    assert config["options"]["aussteigen"] is True and config["blind"] is True
    assert config["messages"]["out_caller"] == MESSAGES["out_caller"][0]
    assert config["texts"]["counter"] == "Spiel %1 von %2"
    assert "js/countdown_sheet.js" in html and "css/countdown.css" in html
    assert 'name="g24-record"' in html and 'name="g25-record"' not in html
    assert 'name="g1-winners"' not in html and 'id="calculator"' not in html
    assert "<strong>Sieger</strong>" not in html  # the Doppelkopf hint
    assert "der Trumpf und je Platz die Stiche" in html  # the count-down's own


def test_the_desk_gets_the_same_form_and_a_house_rules_sheet_keeps_its_rows(
    organiser_client, four_table, make_tournament, add_participants, organiser
) -> None:
    tournament = four_table.round.tournament
    url = reverse("scoring:sheet", args=[tournament.slug, 1, four_table.number])
    html = organiser_client.get(url).content.decode()
    assert config_of(html)["game"] == "24" and "Speichern und bestätigen" in html
    house = make_tournament(name="Hausturnier")
    add_participants(house, 8, start=20)
    draw_round(house, 1, seed=3, user=organiser)
    release_round(house, 1, user=organiser)
    other = organiser_client.get(reverse("scoring:sheet", args=[house.slug, 1, 1])).content
    assert b"deal-form-config" not in other and b'name="g1-winners"' in other
    assert b"js/sheet.js" in other and b"countdown" not in other


def test_in_english_the_form_speaks_english(client, four_table) -> None:
    client.cookies["django_language"] = "en"
    html = client.get(reverse("captain:sheet", args=[four_table.entry_token])).content.decode()
    config = config_of(html)
    assert config["texts"]["counter"] == "Deal %1 of %2"
    assert config["labels"]["trump"] == "Trump" and config["names"]["tricks"] == "Tricks"
    assert config["messages"]["tricks_sum"] == MESSAGES["tricks_sum"][1]
    assert ["rot", "Red"] in config["colours"]


@pytest.mark.parametrize(
    ("language", "tricks", "expected"),
    [
        ("de", [1, 1, 2, 1], "Spiel 2: Stiche: Die Stiche ergeben 5, nicht 6."),
        ("en", [1, 1, 2, 1], "Game 2: Tricks: The tricks add up to 5, not 6."),
        ("de", [3, 2, None, 1], "Spiel 2: Stiche Platz 3: Die Stiche von Platz 3 fehlen"),
        ("en", [3, 2, None, 1], "Game 2: Tricks seat 3: The tricks of seat 3 are missing"),
    ],
)
def test_a_refused_deal_is_said_in_the_captains_words_naming_deal_and_field(
    client, four_table, language: str, tricks: list, expected: str
) -> None:
    client.cookies["django_language"] = language
    counts = {str(seat): n for seat, n in enumerate(tricks, start=1) if n is not None}
    bad = {"deal": 2, "dealer": 2, "trump": "blau", "tricks": counts}
    answer = client.post(
        reverse("captain:preview", args=[four_table.entry_token]),
        {"g1-record": json.dumps(DEAL), "g2-record": json.dumps(bad)},
    ).json()
    row = answer["rows"][1]
    messages = [message for problem in row["problems"].values() for message in problem]
    # The page puts "Spiel 2:" before the message (data-game-label); the server names the field.
    label = "Spiel" if language == "de" else "Game"
    assert any(f"{label} 2: {message}".startswith(expected) for message in messages), messages


def test_a_deal_typed_on_the_phone_is_stored_by_autosave_as_its_record(client, four_table) -> None:
    sheet = Sheet.objects.get(table=four_table)
    answer = client.post(
        reverse("captain:autosave", args=[four_table.entry_token]),
        {"revision": str(sheet.revision), "g1-record": json.dumps(DEAL)},
        HTTP_ACCEPT="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["saved_as_typed"] == [1]
    game = Sheet.objects.get(pk=sheet.pk).versions.get().games.get()
    assert game.record == DEAL
    assert [key for key, _points in game.breakdown] == ["stand.1", "stand.2", "stand.3", "stand.4"]
    assert [points for _key, points in game.breakdown] == [22, 23, 30, 21]


def test_the_phone_refuses_only_what_the_server_says_in_its_catalogue() -> None:
    codes = set()
    for path in (STATIC / "js" / "countdown").glob("*.js"):
        codes |= set(re.findall(r'new Refusal\([^,]+, "([a-z_]+)"', path.read_text("utf-8")))
    own = {"choose", "untouched"}  # the form's own states: no trump yet, nothing typed yet
    assert codes - own <= set(MESSAGES), sorted(codes - own - set(MESSAGES))
    assert {"tricks_sum", "out_caller", "out_limit", "trump_herz_phase"} <= codes


def test_the_service_worker_keeps_every_module_of_the_deal_form(client) -> None:
    body = client.get("/e/sw.js").content.decode()
    modules = loaded_modules("js/countdown_sheet.js")
    assert "js/countdown/form.js" in modules and "js/sheet/autosave.js" in modules
    missing = [name for name in sorted(modules) if f'"/static/{name}"' not in body]
    assert not missing and '"/static/css/countdown.css"' in body, missing
    for name in modules:
        lines = (STATIC / name).read_text(encoding="utf-8").splitlines()
        assert len(lines) < 400 and lines[0].startswith("// "), name

"""The sheet pages in the ruleset's own words: the desk's version history describes a DDV
penalty line and a count-down deal as the ruleset does, the captain's first-use hint is the
ruleset's, the head says when the time was called, the desk's "end the table early" names no
house-rules rule number; the house rules' pages say what they said before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import submit_sheet
from scoring.sheets.time_up import record_time_up
from tests.conftest import EXAMPLES, example_records
from tests.scoring.countdown_rounds import parties_of, stop_point
from tests.scoring.test_ddv_import_sheet import time_called_document
from tournament.models import Round
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

DDV_EXAMPLES = Path(__file__).parents[1] / "rules" / "ddv-examples.json"
RD1 = json.loads(DDV_EXAMPLES.read_text(encoding="utf-8"))["rounds"][0]["sheet"]["rows"]
MINOR = {"kind": "normal", "penalty": {"offender": 3, "severity": "geringfuegig", "referee": "KM"}}
HOUSE_HINT = "Eine Zeile pro Spiel. <strong>Sieger</strong>"


@pytest.fixture
def ddv_evening(make_tournament, organiser):
    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


@pytest.fixture
def countdown_evening(make_tournament, add_participants, organiser):
    tournament = make_tournament(ruleset="20ab")
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=5, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def _sheet(tournament) -> Sheet:
    return sheet_for(Round.objects.get(tournament=tournament, number=1), 1)


def _desk(client, tournament) -> str:
    return client.get(reverse("scoring:sheet", args=[tournament.slug, 1, 1])).content.decode()


def _captain(tournament) -> str:
    token = _sheet(tournament).table.entry_token
    return Client().get(reverse("captain:sheet", args=[token])).content.decode()


def _plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _history(html: str) -> str:
    start = html.index('id="versions-heading"')
    return _plain(html[start:])


def _head(html: str) -> str:
    return _plain(re.search(r'<p class="lead">(.*?)</p>', html, re.S).group(1))


# ---------------------------------------------------------------- the version history
def test_the_history_describes_a_ddv_penalty_line_as_the_ruleset_does(
    ddv_evening, organiser, organiser_client
):
    sheet = _sheet(ddv_evening)
    submit_sheet(sheet, [*RD1[:2], MINOR], expected_revision=0, user=organiser)
    history = _history(_desk(organiser_client, ddv_evening))
    assert "Strafe: Platz 3, −3" in history
    assert "kein Sieger" not in history and "Wert –" not in history
    assert "Wert" in history  # the games keep the history's own line


def test_the_history_describes_a_countdown_deal_and_a_partie_end(
    countdown_evening, organiser, organiser_client
):
    parties = parties_of("20ab", 4, salt=1)
    rows = [row for partie in parties[:1] for row in partie]
    submit_sheet(_sheet(countdown_evening), rows, expected_revision=0, user=organiser)
    history = _history(_desk(organiser_client, countdown_evening))
    first = rows[0]
    trump = {"karo": "Karo", "herz": "Herz", "pik": "Pik", "kreuz": "Kreuz"}[first["trump"]]
    tricks = ", ".join(f"{seat}: {count}" for seat, count in sorted(first["tricks"].items()))
    assert f"Trumpf {trump} · Stiche {tricks}" in history
    assert "Partie zu Ende, Sieger:" in history
    assert "kein Sieger" not in history and "Wert" not in history


def test_the_countdown_history_speaks_english(countdown_evening, organiser, organiser_client):
    rows = parties_of("20ab", 4, salt=1)[0]
    submit_sheet(_sheet(countdown_evening), rows, expected_revision=0, user=organiser)
    with translation.override("en"):
        organiser_client.cookies["django_language"] = "en"
        history = _history(_desk(organiser_client, countdown_evening))
    assert "Partie over, winners:" in history and "tricks" in history


def test_the_house_rules_history_is_unchanged(evening, organiser, organiser_client):
    submit_sheet(_sheet(evening), example_records(4)[:2], expected_revision=0, user=organiser)
    history = _history(_desk(organiser_client, evening))
    assert re.search(r"(Re|Kontra) gewinnt: .+ · Wert \d+", history)


# ---------------------------------------------------------------- the captain's hint
def test_a_ddv_captain_sees_the_ddv_hint(ddv_evening):
    page = _captain(ddv_evening)
    assert 'id="first-use"' in page
    assert "Pflicht, Lust oder Vorführung unter ⋯" in page and "„mehr“" not in page
    assert HOUSE_HINT not in page and "Die <strong>Spielart</strong> nur bei Solo" not in page


def test_a_countdown_captain_sees_a_short_deal_hint(countdown_evening):
    page = _captain(countdown_evening)
    assert 'id="first-use"' in page
    assert "der Trumpf und je Platz die Stiche" in page
    assert HOUSE_HINT not in page


def test_the_house_rules_captain_hint_is_unchanged(evening):
    page = _captain(evening)
    assert HOUSE_HINT in page and "Platz 1 und 4 je +2" in page


# ---------------------------------------------------------------- the head after the time
def test_a_ddv_sheet_head_says_when_the_time_was_called(ddv_evening, organiser, organiser_client):
    sheet = _sheet(ddv_evening)
    document = time_called_document()
    record_time_up(sheet, after_game=18, user=organiser, imported=document["rows"])
    submit_sheet(sheet, document["rows"], expected_revision=None, user=organiser)
    head = _head(_desk(organiser_client, ddv_evening))
    assert "Zeit abgelaufen nach Spiel 18 von 24, danach nur Vorführungen" in head
    assert "24 Spiele" not in head


def test_a_stopped_countdown_sheet_head_says_so(countdown_evening, organiser, organiser_client):
    parties = parties_of("20ab", 4, salt=1)
    rows = [row for partie in parties for row in partie][: stop_point(parties, 4)]
    sheet = _sheet(countdown_evening)
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    record_time_up(sheet, after_game=len(rows), user=organiser)
    head = _head(_desk(organiser_client, countdown_evening))
    assert f"Abgebrochen nach Spiel {len(rows)} von 24" in head
    assert "24 Spiele" not in head


def test_the_house_rules_sheet_head_counts_games(evening, organiser_client):
    assert "16 Spiele" in _head(_desk(organiser_client, evening))


# ---------------------------------------------------------------- ending a table early
def test_ending_a_table_early_cites_no_house_rule_under_ddv(ddv_evening, organiser_client):
    page = _desk(organiser_client, ddv_evening)
    assert '<summary id="close-early-label">Tisch vorzeitig beenden</summary>' in page
    assert "Regel 16" not in page


def test_a_countdown_desk_has_one_tool_to_stop_a_table(countdown_evening, organiser_client):
    page = _desk(organiser_client, countdown_evening)
    assert "close-early-label" not in page and "Regel 16" not in page
    assert '<h2 id="time-up-title">Durchgang an diesem Tisch beenden</h2>' in page
    assert "Tisch beenden</button>" in page and "Zeitablauf vermerken" not in page


def test_the_house_rules_end_a_table_early_under_rule_16(evening, organiser_client):
    assert "Tisch vorzeitig beenden (Regel 16)" in _desk(organiser_client, evening)

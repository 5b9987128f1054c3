"""The DDV ruleset behind the interface of rules.base: what the Django layers ask of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
from rules.base import RowRefused, Ruleset
from rules.ddv.engine import score_game
from rules.ddv.options import DdvOptions
from rules.rows import GAME, RowResult

DDV = rules.get("ddv")
EXAMPLES = json.loads(Path(__file__).with_name("ddv-examples.json").read_text(encoding="utf-8"))
RD1 = EXAMPLES["rounds"][0]["sheet"]["rows"]


def test_ddv_is_a_ruleset_for_four_and_five() -> None:
    assert isinstance(DDV, Ruleset)
    assert DDV.key == "ddv"
    assert DDV.table_sizes == (4, 5)
    assert "ddv" in rules.known_keys()


def test_the_list_keeper_is_seat_4_at_four_and_5_at_five() -> None:
    assert DDV.list_keeper_seat(4) == 4
    assert DDV.list_keeper_seat(5) == 5


def test_a_round_has_24_or_30_games_whatever_the_cycles() -> None:
    for cycles in (1, 4, 10):
        assert DDV.sheet_length(4, cycles) == 24
        assert DDV.sheet_length(5, cycles) == 30
    assert DDV.games_per_round(4, DdvOptions(games_per_round=16)) == 16
    assert DDV.games_per_round(5, DdvOptions(games_per_round=16)) == 20


def test_the_dealer_comes_from_the_rows_before() -> None:
    dealers = [DDV.dealer(n, 4, RD1[: n - 1]) for n in range(1, 25)]
    assert dealers == EXAMPLES["rounds"][0]["expected"]["dealers"]
    assert DDV.dealer(25, 4, RD1) == 1
    assert DDV.sitter(3, 4, RD1[:2]) is None


def test_at_five_the_dealer_sits_out_and_repeats_after_a_pflichtsolo() -> None:
    rows = [
        {"kind": "normal", "re": [2, 3], "augen_re": 130},
        {"kind": "solo_herz", "re": [4], "augen_re": 130, "solo_mode": "pflicht"},
    ]
    assert DDV.sitter(1, 5, []) == 1
    assert DDV.sitter(2, 5, rows[:1]) == 2
    assert DDV.sitter(3, 5, rows) == 2
    completed = DDV.complete_rows([*rows, "kaputt"], 5)
    assert [row["sitting_out"] for row in completed[:2]] == [1, 2]
    assert completed[0]["table_size"] == 5
    assert completed[2] == "kaputt"


def test_a_penalty_line_does_not_move_the_deal() -> None:
    rows = [
        {"kind": "normal", "re": [1, 2], "augen_re": 130},
        {"kind": "normal", "penalty": {"offender": 3, "severity": "geringfuegig"}},
        {"kind": "normal", "penalty": {"offender": 3, "severity": "schwerwiegend"}},
    ]
    assert [DDV.dealer(n, 4, rows[: n - 1]) for n in (1, 2, 3, 4)] == [1, 2, 2, 2]
    state = DDV.deal_state(4, rows, DDV.options())
    assert state.games == 1 and state.owing == [1, 2, 3, 4]


def test_options_have_german_labels_and_round_trip() -> None:
    specs = {spec.name: spec for spec in DDV.option_specs()}
    assert specs["games_per_round"].label == "Spiele je Durchgang"
    assert specs["games_per_round"].default == 0
    assert specs["absage_implies_ansage"].kind == "bool"
    options = DDV.options({"games_per_round": 12})
    assert DDV.options(DDV.options_json(options)) == options
    assert DDV.options() == DdvOptions()
    assert DDV.options_from_text(["games_per_round=16", "absage_implies_ansage=ja"]) == {
        "games_per_round": 16,
        "absage_implies_ansage": True,
    }
    with pytest.raises(ValueError, match="ddv has no option 'deck'"):
        DDV.options_from_text(["deck=48"])
    with pytest.raises(ValueError, match="games_per_round"):
        DDV.options_from_text(["games_per_round=7"])
    with pytest.raises(ValueError, match="unknown DDV options"):
        DDV.options({"deck": 48})


def test_the_rules_text_names_the_options_in_force() -> None:
    tsr = DDV.describe_options(DDV.options(), "de")
    assert tsr[0].startswith("Ein Durchgang hat 24 Spiele am Vierertisch und 30 am Fünfertisch")
    club = DDV.describe_options(DDV.options({"games_per_round": 16}), "en")
    assert "16 games at four, 20 at five" in club[0]
    lines = DDV.rules_lines(DDV.options({"games_per_round": 16}), "de")
    assert "16 Spiele am Vierertisch und 20 am Fünfertisch" in lines["course"][1]
    assert DDV.text("Spiele je Durchgang", "en") == "Games per round"
    assert DDV.text("DDV-Turnierspielregeln", "en") == "DDV tournament rules"
    assert DDV.text("Fuchs gefangen", "en") == "Fuchs caught"
    assert DDV.text("Spiele je Durchgang", "de") == "Spiele je Durchgang"


def test_standings_rank_by_the_sum_of_spielpunkte_first() -> None:
    assert DDV.standings_order()[0] == "total"


def test_score_row_is_the_engine_and_refuses_with_a_row_refusal() -> None:
    record = {"kind": "normal", "re": [1, 2], "augen_re": 130}
    row, game = DDV.score_row(record, DDV.options()), score_game(record)
    assert isinstance(row, RowResult) and row.kind == GAME and row.number == 0
    assert (row.points, row.plus, row.value) == (game.points, game.plus, game.value)
    assert row.breakdown == tuple((item.key, item.points) for item in game.breakdown)
    assert (row.game_type, row.method, row.winner) == ("normal", "calculator", "re")
    assert row.to_json(DDV.breakdown_label) == game.to_json()
    with pytest.raises(RowRefused) as refused:
        DDV.score_row({"kind": "normal", "re": [1, 2], "augen_re": 1}, DDV.options())
    assert refused.value.to_json()["field"] == "augen_re"


def test_score_sheet_reports_every_bad_row_and_counts_the_rest() -> None:
    rows = [dict(row) for row in RD1]
    rows[1] = {**rows[1], "value": "viel"}
    rows[2] = {**rows[2], "solo_mode": "lust"}
    scored = DDV.round_score(rows, 4, DDV.options())
    assert [(issue.game, issue.field) for issue in scored.issues][:2] == [
        (2, "value"),
        (3, "solo_mode"),
    ]
    assert len(scored.games) == 24
    assert scored.games[0].counted and not scored.games[1].counted
    assert scored.games[0].result.points == {1: 1, 2: 1, 3: -1, 4: -1}
    assert scored.issues[1].message("en").startswith("Seat 2 has not played")


def test_score_sheet_rows_carry_what_the_sheet_pages_store() -> None:
    scored = DDV.round_score(RD1, 4, DDV.options())
    assert scored.ok
    row = scored.games[2]
    assert row.number == 3 and row.rubrik.value == "pflichtsolo" and row.dealer == 3
    result = row.result
    assert result.method.value == "quick"
    assert result.kind.value == "solo_damen"
    assert result.winner.value == "re"
    assert result.soloist == 2
    assert scored.totals == {1: 8, 2: 16, 3: -16, 4: -8}


def test_score_document_prints_like_score_game() -> None:
    text, refused = DDV.score_document(
        '{"kind": "normal", "re": [1, 2], "augen_re": 121}', DDV.options()
    )
    assert not refused
    assert json.loads(text) == {
        "points": {"1": 1, "2": 1, "3": -1, "4": -1},
        "plus": [1, 2],
        "value": 1,
        "winner": "re",
        "breakdown": [["gewonnen", 1]],
        "warnings": [],
    }
    text, refused = DDV.score_document("[1, ", DDV.options(), "en")
    assert refused and json.loads(text)["error"]["message"].startswith("Not valid JSON")


def test_documents_are_bounded() -> None:
    deep = "[" * 40 + "]" * 40
    text, refused = DDV.score_document(deep, DDV.options())
    assert refused and "zu tief" in json.loads(text)["error"]["message"]
    text, refused = DDV.score_document("[" + ",".join(["{}"] * 10_001) + "]", DDV.options())
    assert refused and "Zu viele" in json.loads(text)["error"]["message"]
    text, refused = DDV.score_round_document(" " * 4_000_001, DDV.options())
    assert refused and "zu groß" in json.loads(text)["error"]["message"]
    text, refused = DDV.score_document("NaN", DDV.options())
    assert refused and json.loads(text)["error"]["field"] is None


def test_labels_and_terms_for_pages_and_printouts() -> None:
    assert DDV.breakdown_label("gegen_keine_90") == "120 gegen keine 90"
    assert DDV.breakdown_label("schwarz_kontra", "en") == "schwarz called (Kontra)"
    assert DDV.term("kind", "solo_fleischlos") == "Fleischloser"
    assert DDV.term("solo_mode", "vorfuehrung") == "Vorführung"
    assert DDV.term("rubrik", "strafe", "en") == "penalty points"
    assert DDV.term("kind", "unbekannt") == "unbekannt"


def test_a_penalty_line_may_name_the_referee() -> None:
    line = {"kind": "normal", "penalty": {"offender": 2, "severity": "geringfuegig"}}
    line["penalty"]["referee"] = "K. M."
    assert DDV.score_row(line, DDV.options()).points == {1: 1, 2: -3, 3: 1, 4: 1}
    for bad in ("", " ", "x" * 61, 7):
        line["penalty"]["referee"] = bad
        with pytest.raises(RowRefused) as refused:
            DDV.score_row(line, DDV.options())
        assert refused.value.field == "penalty.referee"


def test_a_solo_penalty_breaks_the_parity_and_is_warned_about() -> None:
    rows = [
        {"kind": "normal", "winners": [1, 2], "value": 1},
        {
            "kind": "solo_buben",
            "re": [1],
            "penalty": {"offender": 3, "severity": "geringfuegig", "harms_soloist": True},
        },
        {"kind": "normal", "winners": [1, 2], "value": 1},
    ]
    scored = DDV.round_score(rows, 4, DDV.options())
    assert scored.ok
    assert [row.number for row in scored.games] == [1, None, 2]
    assert [row.rubrik.value for row in scored.games] == ["normalspiel", "strafe", "normalspiel"]
    assert scored.warning_messages() == [
        (
            2,
            "Nach Zeile 2 sind die Summen nicht mehr alle gerade oder alle ungerade "
            "(Gerade-Ungerade-Regel).",
        )
    ]
    sheet = {"table_size": 4, "finished": False, "rows": rows}
    assert DDV.score_round(sheet, DDV.options(), "en")["warnings"][0]["field"] == "rows[1]"


def test_after_time_is_called_only_vorfuehrungen_follow() -> None:
    rows = [{"kind": "normal", "winners": [1, 2], "value": 1}] * 3
    state = DDV.round_score(rows[:2], 4, DDV.options(), time_up_after=2).state
    assert state.vorfuehrung_due and state.designated == 4  # dealer 3, seat 4 first
    scored = DDV.round_score(rows, 4, DDV.options(), time_up_after=2)
    assert [(issue.game, issue.field, issue.code) for issue in scored.issues] == [
        (3, None, "after_time")
    ]
    vorfuehrung = {"kind": "solo_pik", "re": [4], "winners": [4], "value": 1}
    scored = DDV.round_score(
        [*rows[:2], {**vorfuehrung, "solo_mode": "vorfuehrung"}], 4, DDV.options(), 2
    )
    assert scored.ok and scored.state.pflicht[4] == 3 and scored.next_dealer == 4

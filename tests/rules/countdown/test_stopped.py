"""The organiser stops a table's round (COUNTDOWN.md §8.2, §8.3) through the ruleset interface:
recorded as the sheet's time called (``records_time_up``, ``time_up_after``), the running Partie
is cut once the rows reach it (counted with ≥ n deals, void below), no deal may follow, and an
imported ``{"parties", "stopped": true}`` says where it stopped (``document_time_up``)."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.countdown import play_round
from rules.countdown.rows import CUT, ENDED, VOID
from tests.rules.countdown.examples import ids, of_kind

# Every valid round of the examples, stopped by the organiser after its last deal (RD-7's running
# Partie has fewer than n deals: void).
ROUNDS = [case for case in of_kind("round") if "refused" not in case["expect"]]


def _flat(case: dict[str, Any]) -> list[dict[str, Any]]:
    return [record for partie in case["parties"] for record in partie]


def test_every_count_down_game_records_the_organisers_stop() -> None:
    for key in ("24", "zwanzig", "20ab"):
        assert rules.get(key).records_time_up
    assert not rules.get("hausregeln").records_time_up


def test_the_examples_hold_a_round_to_cut_and_one_to_void() -> None:
    assert {"RD-1", "RD-7"} <= {case["id"] for case in ROUNDS}


@pytest.mark.parametrize("case", ROUNDS, ids=ids(ROUNDS))
def test_a_stop_after_the_last_row_scores_the_round_as_play_round_stopped(case) -> None:
    ruleset = rules.get(case["game"])
    options = ruleset.options(case["options"])
    rows = _flat(case)
    size, cycles = case["players"], case["cycles"]
    expected = play_round(case["game"], case["options"], size, case["parties"], cycles, True)
    running = ruleset.score_sheet(rows, size, cycles, options)
    stopped = ruleset.score_sheet(rows, size, cycles, options, time_up_after=len(rows))
    assert stopped.complete and stopped.ok
    assert stopped.totals == {
        seat: totals["partiepunkte"] for seat, totals in expected.totals().items()
    }
    last = expected.parties[-1]
    if last.finished:
        assert stopped.rows[-1].winner == ENDED
    else:
        assert (
            running.complete
            == play_round(case["game"], case["options"], size, case["parties"], cycles).complete
        )
        assert stopped.rows[-1].winner == (VOID if last.void else CUT)
        assert list(stopped.rows[-1].plus) == ([] if last.void else list(last.winners))


def test_the_cut_partie_counts_and_the_void_one_counts_nothing() -> None:
    ruleset = rules.get("24")
    rd2 = next(case for case in ROUNDS if case["id"] == "RD-2")
    rd7 = next(case for case in ROUNDS if case["id"] == "RD-7")
    # RD-2 stopped after deal 8: its second Partie has run 4 deals (= n), so it is cut.
    cut = [rd2["parties"][0], rd2["parties"][1][:4]]
    for parties, marker in ((cut, CUT), (rd7["parties"], VOID)):
        rows = [record for partie in parties for record in partie]
        sheet = ruleset.score_sheet(rows, 4, 3, ruleset.options(), time_up_after=len(rows))
        assert sheet.complete and sheet.rows[-1].winner == marker
        last = play_round("24", {}, 4, parties, 3, True).parties[-1]
        end = ruleset.partie_end(sheet.rows[-1].winner, sheet.rows[-1].breakdown)
        if marker == CUT:
            assert last.aborted and not last.void and end == last.scores
            assert sheet.rows[-1].points == last.partiepunkte and any(last.partiepunkte.values())
            assert list(sheet.rows[-1].plus) == list(last.winners)
        else:
            assert last.void and end is None and not any(sheet.rows[-1].points.values())


def test_no_deal_may_follow_the_stop_and_fewer_rows_wait_for_it() -> None:
    case = next(case for case in ROUNDS if case["id"] == "RD-2")
    ruleset = rules.get("24")
    rows = _flat(case)
    stop = len(rows) - 1
    sheet = ruleset.score_sheet(rows, 4, case["cycles"], ruleset.options(), time_up_after=stop)
    assert not sheet.complete
    assert [(issue.row, issue.field, issue.code) for issue in sheet.issues] == [
        (len(rows), None, "round_stopped")
    ]
    assert f"nach Spiel {stop} beendet" in sheet.issues[0].message
    english = ruleset.score_sheet(
        rows, 4, case["cycles"], ruleset.options(), "en", time_up_after=stop
    )
    assert f"stopped the round after deal {stop}" in english.issues[0].message
    waiting = ruleset.score_sheet(
        rows[:stop], 4, case["cycles"], ruleset.options(), time_up_after=len(rows)
    )
    assert waiting.ok and not waiting.complete


def test_a_stopped_document_says_after_which_deal() -> None:
    ruleset = rules.get("24")
    case = next(case for case in ROUNDS if case["id"] == "RD-2")
    document = {"parties": case["parties"], "stopped": True}
    rows = ruleset.rows_from_document(document, 4, case["cycles"], ruleset.options())
    assert rows == _flat(case)
    assert ruleset.document_time_up(document) == len(rows)
    assert ruleset.document_time_up({"parties": case["parties"], "stopped": False}) is None
    assert ruleset.document_time_up({"parties": case["parties"]}) is None
    assert ruleset.document_time_up(_flat(case)) is None
    assert ruleset.document_time_up({"parties": [], "stopped": True}) == 0
    assert rules.get("hausregeln").document_time_up(document) is None


def test_the_rounds_clock_runs_at_the_contracts_pace() -> None:
    for key in ("24", "zwanzig", "20ab"):
        ruleset = rules.get(key)
        assert [ruleset.playing_minutes(size, 6) for size in (3, 4, 5)] == [45, 60, 75]
        assert ruleset.playing_minutes(4, 1) == 10
    assert rules.get("hausregeln").playing_minutes(4, 4) == 70  # the DDV pace, unchanged

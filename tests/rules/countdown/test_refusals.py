"""The order of the checks (COUNTDOWN.md §6, D19): with several faults the first in order is
named; every message renders in German and English."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.countdown import Refusal, play_partie, play_round, score_deal
from rules.countdown.messages import MESSAGES, render

SCORES = {"1": 20, "2": 20, "3": 20, "4": 20}
GOOD = {"deal": 1, "dealer": 4, "trump": "pik", "tricks": {"1": 2, "2": 2, "3": 1, "4": 0}}


def refused(call, *args: Any) -> str | None:
    with pytest.raises(Refusal) as raised:
        call(*args)
    return raised.value.field


@pytest.mark.parametrize(
    ("game", "options", "scores", "record", "field"),
    [
        ("skat", {"x": 1}, {}, None, "game"),
        ("zwanzig", {"x": 1}, {}, None, "options.x"),
        ("zwanzig", [], SCORES, GOOD, "options"),
        ("20ab", {"zz": 1, "start": 99}, SCORES, GOOD, "options.zz"),
        ("zwanzig", {}, {"1": 20, "2": 20}, None, "scores_before"),
        ("zwanzig", {}, {"1": 20, "2": 20, "4": 20}, GOOD, "scores_before"),
        ("zwanzig", {}, {"1": 20, "2": True, "3": 20, "4": 2.0}, GOOD, "scores_before.2"),
        ("zwanzig", {}, SCORES, [GOOD], "record"),
        ("zwanzig", {}, SCORES, {"zeta": 1, "alpha": 2}, "alpha"),
        ("zwanzig", {}, SCORES, {**GOOD, "deal": None, "dealer": 9}, "deal"),
        ("zwanzig", {}, SCORES, {**GOOD, "dealer": True, "caller": 9}, "dealer"),
        ("zwanzig", {}, SCORES, {**GOOD, "caller": True, "trump": "x"}, "caller"),
        ("zwanzig", {}, SCORES, {**GOOD, "trump": "x", "out": "x"}, "trump"),
        ("zwanzig", {}, SCORES, {**GOOD, "out": [2, 1], "tricks": "x"}, "out[1]"),
        ("zwanzig", {}, SCORES, {**GOOD, "out": [0]}, "out[0]"),
        ("zwanzig", {}, SCORES, {**GOOD, "trump": "karo", "out": [2], "tricks": 1}, "out"),
        ("zwanzig", {}, SCORES, {**GOOD, "tricks": {"9": 1, "3": 9}}, "tricks.1"),
        (
            "zwanzig",
            {},
            SCORES,
            {**GOOD, "tricks": {"1": 2, "2": 2, "3": 1, "4": 0, "x": 0}},
            "tricks.x",
        ),
        ("24", {}, SCORES, {**GOOD, "trump": "gelb", "blind": 1}, "blind"),
        (
            "24",
            {"trumpfwechsel": True},
            SCORES,
            {**GOOD, "trump": "rot", "trump_changes": [1]},
            "trump_changes[0]",
        ),
    ],
)
def test_the_first_fault_in_the_contracts_order_is_named(game, options, scores, record, field):
    assert refused(score_deal, game, options, scores, record) == field


def test_partie_and_round_refusals_name_their_paths() -> None:
    assert refused(play_partie, "zwanzig", {}, 2, []) == "players"
    assert refused(play_partie, "24", {}, 2, "x") == "records"
    assert refused(play_partie, "zwanzig", {}, 4, [{**GOOD, "deal": 2}]) == "records[0].deal"
    assert refused(play_round, "zwanzig", {}, 4, [[GOOD]], 21) == "cycles"
    assert refused(play_round, "zwanzig", {}, 4, [[GOOD]], 6, None) == "stopped"
    assert refused(play_round, "zwanzig", {}, 4, "x") == "parties"
    assert refused(play_round, "zwanzig", {}, 4, [[GOOD]]) == "parties[0].records[0].dealer"
    first = {**GOOD, "dealer": 1, "tricks": {"1": 0, "2": 2, "3": 2, "4": 1}}
    assert refused(play_round, "zwanzig", {}, 4, [[first], []]) == "parties[1]"
    assert refused(play_round, "zwanzig", {}, 4, [[first, "x"]]) == "parties[0].records[1]"


def test_every_message_renders_in_german_and_english() -> None:
    for code, (german, english) in MESSAGES.items():
        names = set(re.findall(r"(?<!\{)\{(\w+)\}", german)) | set(
            re.findall(r"(?<!\{)\{(\w+)\}", english)
        )
        params = dict.fromkeys(names, "X")
        assert render(code, "de", params) != render(code, "en", params), code

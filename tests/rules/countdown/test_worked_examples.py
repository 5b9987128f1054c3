"""Every worked example of COUNTDOWN.md through the engine's functions (§9)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.countdown import (
    Refusal,
    evening_standings,
    play_partie,
    play_round,
    score_deal,
)
from rules.countdown.messages import MESSAGES
from tests.rules.countdown.examples import CASES, ids, matches


def run(case: dict[str, Any]) -> dict[str, Any]:
    kind = case["kind"]
    if kind == "deal":
        result = score_deal(case["game"], case["options"], case["scores_before"], case["record"])
        return {"scores_after": result.to_json()["scores"]}
    if kind == "partie":
        partie = play_partie(case["game"], case["options"], case["players"], case["records"])
        return {"result": partie.to_json()}
    if kind == "round":
        return play_round(
            case["game"],
            case["options"],
            case["players"],
            case["parties"],
            case["cycles"],
            case["stopped"],
        ).to_json()
    return evening_standings(case["parties"]).to_json()


def test_the_examples_cover_every_kind_and_every_game() -> None:
    assert len(CASES) == 157
    assert {case["kind"] for case in CASES} == {"deal", "partie", "round", "standings"}
    assert {case.get("game") for case in CASES} >= {"24", "zwanzig", "20ab"}


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_worked_example(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "refused" in expect:
        with pytest.raises(Refusal) as raised:
            run(case)
        assert raised.value.field == expect["refused"]
        assert raised.value.code in MESSAGES
        german, english = raised.value.message("de"), raised.value.message("en")
        assert german and english and german != english
        return
    got = run(case)
    assert matches(expect, got), got

"""The worked examples of COUNTDOWN.md (``countdown-examples.json``) and how to compare them.

The contract's file lives in the shared folder beside the contract; a copy is kept in
``fixtures/countdown`` so the tests run without it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "countdown" / "countdown-examples.json"

CASES: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]


def ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["id"] for case in cases]


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [case for case in CASES if case["kind"] == kind]


def matches(expected: Any, got: Any) -> bool:
    """Every key the example states has the stated value (lists element by element); the
    answers may carry more keys than an example states (a running Partie's winners in RD-10)."""
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(
            key in got and matches(value, got[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(expected) == len(got)
            and all(matches(a, b) for a, b in zip(expected, got, strict=True))
        )
    return type(expected) is type(got) and expected == got


def command_item(case: dict[str, Any]) -> dict[str, Any]:
    """The example as an item of ``score_countdown`` (its options carried with it)."""
    kind = case["kind"]
    if kind == "deal":
        return {
            "scores_before": case["scores_before"],
            "record": case["record"],
            "options": case["options"],
        }
    if kind == "partie":
        return {"players": case["players"], "records": case["records"], "options": case["options"]}
    if kind == "round":
        return {
            "players": case["players"],
            "parties": case["parties"],
            "cycles": case["cycles"],
            "stopped": case["stopped"],
            "options": case["options"],
        }
    return {"standings": case["parties"]}


def command_expect(case: dict[str, Any]) -> dict[str, Any]:
    """What the command answers for the example (refusals: the field)."""
    expect = case["expect"]
    if "refused" in expect:
        return {"error": {"field": expect["refused"]}}
    if case["kind"] == "deal":
        return {"scores": expect["scores_after"]}
    if case["kind"] == "partie":
        return expect["result"]
    return expect

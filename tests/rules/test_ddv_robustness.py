"""Hostile input: any JSON value is scored or refused with a field, never a crash."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.ddv.engine import score_game
from rules.ddv.errors import DdvRefused
from rules.ddv.jsonio import score_games_document, score_round_document
from rules.ddv.sheet import score_round
from tests.examples import examples
from tests.rules.strategies import json_values

SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
KEYS = [
    "kind",
    "re",
    "augen_re",
    "schwarz",
    "statements",
    "specials",
    "winners",
    "value",
    "points",
    "penalty",
    "solo_mode",
    "klaerungsstich",
    "dealer",
    "table_size",
    "sitting_out",
]
KINDS = ["normal", "hochzeit", "hochzeit_allein", "stilles_solo", "solo_damen", "solo_herz"]


@st.composite
def near_records(draw) -> dict[str, Any]:
    """Records close to valid ones: known keys, plausible values, a few wrong ones."""
    record: dict[str, Any] = {"kind": draw(st.sampled_from(KINDS))}
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=6)):
        record[key] = draw(
            st.one_of(
                st.integers(-3, 241),
                st.lists(st.integers(0, 6), max_size=4),
                st.sampled_from(["re", "kontra", "none", "pflicht", "lust", "vorfuehrung"]),
                st.none(),
                json_values,
            )
        )
    return record


@SETTINGS
@given(st.one_of(json_values, near_records()))
def test_any_record_is_scored_or_refused_with_a_field(value) -> None:
    try:
        out = score_game(value).to_json("en")
    except DdvRefused as refused:
        assert refused.message("de") and refused.message("en")
        return
    assert sum(out["points"].values()) <= 0  # zero, or a Punktabzug
    assert out["plus"] == sorted(int(s) for s, p in out["points"].items() if p > 0)


@SETTINGS
@given(st.lists(st.one_of(json_values, near_records()), max_size=8), st.sampled_from([4, 5]))
def test_any_sheet_is_scored_or_refused_with_a_field(rows, size) -> None:
    sheet = {"table_size": size, "finished": False, "rows": rows}
    try:
        out = score_round(sheet)
    except DdvRefused as refused:
        assert refused.field is None or refused.field.startswith(("rows", "time", "games"))
        return
    assert len(out["rows"]) == len(rows)


@SETTINGS
@given(st.text(max_size=60))
def test_any_text_gets_an_answer(text) -> None:
    for score in (score_games_document, score_round_document):
        output, _refused = score(text)
        json.dumps(output)

"""The rulesets' words on the sheet pages (``Ruleset.sheet_words``) and their one-line
description of a stored row (``Ruleset.describe_row``): DDV and count-down in their own words
with English, the house rules keeping the pages' own."""

from __future__ import annotations

import pytest

import rules
from rules.ddv.sample import sample_rows
from rules.sheet_words import HOUSE_SHEET_WORDS
from rules.text import Text
from tests.scoring.countdown_rounds import cut_parties, parties_of, stop_point

OWN = ("ddv", "24", "zwanzig", "20ab")


def _texts(ruleset) -> list[Text]:
    words = ruleset.sheet_words
    own = [words.close_early, *(words.entry_hint or ()), words.time_up_head]
    return [text for text in (*own, *(words.desk_stop or ())) if text is not None]


@pytest.mark.parametrize("key", OWN)
def test_ddv_and_countdown_have_their_own_words_in_german_and_english(key):
    ruleset = rules.get(key)
    words = ruleset.sheet_words
    # Count-down has one desk tool to stop a table (its time-up control); DDV has both.
    assert (words.close_early is None) == (words.desk_stop is not None) == (key != "ddv")
    assert words.close_early is None or "Regel 16" not in words.close_early.german
    assert ruleset.sheet_words.entry_hint
    for text in _texts(ruleset):
        english = ruleset.text(text.german, "en")
        assert english and english != text.german
        assert sorted(english.count(f"%({name})s") for name in ("after", "games")) == sorted(
            text.german.count(f"%({name})s") for name in ("after", "games")
        )


def test_the_house_rules_keep_the_pages_own_words():
    house = rules.get("hausregeln")
    assert house.sheet_words == HOUSE_SHEET_WORDS
    assert house.sheet_words.close_early.german == "Tisch vorzeitig beenden (Regel 16)"
    assert house.sheet_words.entry_hint is None
    assert house.describe_row({"kind": "normal", "winners": [1, 2], "value": 2}, {}) is None


def _result(row) -> dict:
    return {
        "points": dict(row.points),
        "plus": list(row.plus),
        "value": row.value,
        "winner": row.winner,
        "breakdown": row.breakdown,
    }


def test_a_ddv_penalty_line_is_described_with_its_offender_and_points():
    ddv = rules.get("ddv")
    rows = sample_rows(4, 24, seed=1)
    scored = ddv.score_sheet(rows, 4, 6, ddv.options({}))
    penalty = _result(scored.rows[7])
    text = ddv.describe_row(rows[7], penalty)
    assert text.german_text() == "Strafe: Platz 2, −3"
    assert text.fill(ddv.text(text.german, "en")) == "Penalty: seat 2, −3"
    stored = {**penalty, "points": {str(seat): p for seat, p in penalty["points"].items()}}
    assert ddv.describe_row(rows[7], stored).german_text() == "Strafe: Platz 2, −3"
    assert ddv.describe_row(rows[0], _result(scored.rows[0])) is None


def test_a_countdown_deal_is_described_by_trump_tricks_and_the_partie_end():
    game = rules.get("20ab")
    parties = parties_of("20ab", 4, salt=1)
    rows = [row for partie in parties for row in partie]
    scored = game.score_sheet(game.complete_rows(rows, 4), 4, 6, game.options())
    first = game.describe_row(rows[0], _result(scored.rows[0])).german_text()
    assert first.startswith("Trumpf ") and " · Stiche 1: " in first
    assert "Partie" not in first
    end = len(parties[0]) - 1
    line = game.describe_row(rows[end], _result(scored.rows[end]))
    winners = " + ".join(str(seat) for seat in scored.rows[end].plus)
    assert line.german_text().endswith(f"· Partie zu Ende, Sieger: {winners}")
    assert line.fill(game.text(line.german, "en")).endswith(f"· Partie over, winners: {winners}")


def test_a_cut_countdown_partie_is_described_as_cut():
    game = rules.get("24")
    parties = parties_of("24", 4, salt=1)
    stop = stop_point(parties, 4)
    rows = [row for partie in cut_parties(parties, stop) for row in partie]
    scored = game.score_sheet(game.complete_rows(rows, 4), 4, 6, game.options(), time_up_after=stop)
    line = game.describe_row(rows[-1], _result(scored.rows[-1])).german_text()
    assert "Partie abgebrochen, Sieger:" in line

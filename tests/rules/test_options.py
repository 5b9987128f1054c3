"""The tournament options: deck 48, pre-lead calls counting, DDV's points against Absagen."""

from __future__ import annotations

from typing import Any

import pytest

from rules.hausregeln import (
    DEFAULT_OPTIONS,
    RecordError,
    ScoringOptions,
    describe_options,
    score_game,
)

DECK_48 = ScoringOptions(deck=48)
PRE_LEAD = ScoringOptions(pre_lead_counts=True)
DDV = ScoringOptions(ddv_absage_bonus=True)


def st(party: str, call: str, before_lead: bool = False) -> dict[str, Any]:
    return {"party": party, "call": call, "before_lead": before_lead}


def labels(record: dict[str, Any], options: ScoringOptions) -> list[list[Any]]:
    return score_game(record, options).to_json()["breakdown"]


# --- deck ------------------------------------------------------------------------------------


def test_default_options() -> None:
    assert ScoringOptions(deck=40, pre_lead_counts=False, ddv_absage_bonus=False) == DEFAULT_OPTIONS
    assert DEFAULT_OPTIONS.tricks == 10
    assert DECK_48.tricks == 12


@pytest.mark.parametrize("augen", [1, 5, 7, 233, 236, 239])
def test_48_cards_have_no_augen_gap(augen: int) -> None:
    record = {"kind": "normal", "re": [1, 2], "augen_re": augen}
    assert score_game(record, DECK_48).value >= 1
    with pytest.raises(RecordError) as info:
        score_game(record)
    assert info.value.code == "augen_gap"


def test_48_cards_schwarz_is_explicit() -> None:
    base = {"kind": "normal", "re": [1, 2], "augen_re": 0}
    with pytest.raises(RecordError) as info:
        score_game(base, DECK_48)
    assert (info.value.field, info.value.code) == ("schwarz", "schwarz_required")
    # Re took a trick of nines: not schwarz, Kontra wins 120 + 90 + 60 + 30 + Gegen
    took_a_trick = score_game({**base, "schwarz": "none"}, DECK_48)
    assert took_a_trick.value == 5
    assert ["schwarz", 1] not in took_a_trick.to_json()["breakdown"]
    # Re took no trick: the schwarz level counts too
    schwarz = score_game({**base, "schwarz": "re"}, DECK_48)
    assert schwarz.value == 6
    assert ["schwarz", 1] in schwarz.to_json()["breakdown"]


def test_48_cards_schwarz_absage_needs_the_explicit_schwarz() -> None:
    record = {
        "kind": "normal",
        "re": [1, 2],
        "augen_re": 240,
        "statements": [st("re", "re"), st("re", "schwarz")],
    }
    # Kontra took a trick of nines: Re missed "schwarz" and loses although it has all Augen
    missed = score_game({**record, "schwarz": "none"}, DECK_48)
    assert missed.winner == "kontra"
    made = score_game({**record, "schwarz": "kontra"}, DECK_48)
    assert made.winner == "re"
    assert made.value == 1 + 4 + 1 + 4  # 120, four levels, Re, four Absage levels


def test_40_cards_derive_schwarz_from_the_augen() -> None:
    record = {"kind": "normal", "re": [1, 2], "augen_re": 0}
    assert score_game(record).value == 6
    assert score_game({**record, "schwarz": "re"}).value == 6


def test_h18_holds_with_48_cards() -> None:
    record = {
        "kind": "normal",
        "re": [1, 3],
        "augen_re": 240,
        "schwarz": "kontra",
        "statements": [st("re", c) for c in ("re", "keine_90", "keine_60", "keine_30", "schwarz")],
        "specials": [{"party": "re", "kind": k} for k in ("fuchs_gefangen",) * 2]
        + [{"party": "re", "kind": "doppelkopf"}] * 2
        + [{"party": "re", "kind": "charlie_am_end"}],
    }
    assert score_game(record, DECK_48).value == 15


# --- pre-lead calls ---------------------------------------------------------------------------

H19 = {
    "kind": "normal",
    "re": [1, 2],
    "augen_re": 150,
    "statements": [st("re", "re", True), st("kontra", "kontra")],
}
H20 = {
    "kind": "normal",
    "re": [1, 2],
    "augen_re": 130,
    "statements": [st("re", "re", True), st("re", "re")],
}


def test_pre_lead_option_counts_a_lone_pre_lead_call() -> None:
    assert score_game(H19).value == 2
    assert score_game(H19, PRE_LEAD).value == 3
    assert labels(H19, PRE_LEAD) == [["120", 1], ["Re", 1], ["Kontra", 1]]


def test_pre_lead_option_still_counts_both_calls_once() -> None:
    assert score_game(H20).value == score_game(H20, PRE_LEAD).value == 2


def test_pre_lead_option_and_the_warning() -> None:
    record = {
        "kind": "normal",
        "re": [1, 2],
        "augen_re": 130,
        "statements": [st("re", "re", True)],
    }
    assert score_game(record).warnings  # the pre-lead call scores nothing: no counted statement
    assert score_game(record).value == 1
    assert not score_game(record, PRE_LEAD).warnings
    assert score_game(record, PRE_LEAD).value == 2


def test_pre_lead_option_does_not_touch_announced_solos() -> None:
    record = {
        "kind": "solo_buben",
        "re": [1],
        "augen_re": 100,
        "statements": [st("re", "re", True)],
    }
    assert score_game(record).value == score_game(record, PRE_LEAD).value == 5


# --- DDV points against Absagen ----------------------------------------------------------------


def test_ddv_bonus_120_against_keine_90() -> None:
    record = {
        "kind": "normal",
        "re": [1, 3],
        "augen_re": 115,
        "statements": [st("re", "re"), st("re", "keine_90"), st("kontra", "kontra")],
    }
    assert score_game(record).value == 5
    result = score_game(record, DDV)
    assert result.winner == "kontra"
    assert result.value == 6
    assert ["120 gegen keine 90", 1] in result.to_json()["breakdown"]
    assert ["120 against no 90", 1] in result.to_json("en")["breakdown"]


def test_ddv_bonus_is_not_given_below_the_threshold() -> None:
    h8 = {
        "kind": "normal",
        "re": [1, 3],
        "augen_re": 145,
        "statements": [st("re", "re"), st("re", "keine_90"), st("kontra", "kontra")],
    }
    assert score_game(h8, DDV).value == score_game(h8).value == 5


def test_ddv_bonus_counts_every_level_covered() -> None:
    record = {
        "kind": "normal",
        "re": [1, 3],
        "augen_re": 110,
        "statements": [st("re", "re"), st("re", "keine_60")],
    }
    assert score_game(record).value == 5  # 120, Re, keine 90, keine 60, Gegen
    result = score_game(record, DDV)
    assert result.value == 7
    breakdown = result.to_json()["breakdown"]
    assert ["120 gegen keine 90", 1] in breakdown and ["90 gegen keine 60", 1] in breakdown


def test_ddv_bonus_in_the_nobody_wins_case() -> None:
    h17 = {
        "kind": "normal",
        "re": [1, 2],
        "augen_re": 130,
        "statements": [
            st("re", "re"),
            st("re", "keine_90"),
            st("kontra", "kontra"),
            st("kontra", "keine_90"),
        ],
        "specials": [{"party": "re", "kind": "fuchs_gefangen"}],
    }
    assert score_game(h17).value == 1
    result = score_game(h17, DDV)
    assert result.winner is None
    assert result.value == 2  # Fuchs + Re reached 120 against Kontra's "keine 90"
    assert result.points == {1: 2, 2: 2, 3: -2, 4: -2}
    # at 120:120 both parties reach 120 against the other's "keine 90": the bonus cancels
    tie = score_game({**h17, "augen_re": 120}, DDV)
    assert tie.value == 1
    assert sorted(p for _, p in tie.to_json()["breakdown"]) == [-1, 1, 1]


def test_ddv_bonus_in_an_announced_solo() -> None:
    record = {
        "kind": "solo_trumpf",
        "re": [2],
        "augen_re": 100,
        "statements": [st("re", "re"), st("re", "keine_90")],
    }
    # Kontra wins: 120, Re, keine 90, Solo 4, verloren; DDV: Kontra reached 120
    assert score_game(record).value == 8
    assert score_game(record, DDV).value == 9


# --- the options object -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"deck": 52},
        {"deck": 40.0},
        {"deck": True},
        {"deck": "48"},
        {"pre_lead_counts": 1},
        {"ddv_absage_bonus": "yes"},
    ],
)
def test_invalid_options_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        ScoringOptions(**kwargs)


def test_options_are_frozen_and_round_trip() -> None:
    options = ScoringOptions(deck=48, pre_lead_counts=True, ddv_absage_bonus=True)
    with pytest.raises(ValueError, match="frozen"):
        options.deck = 40  # type: ignore[misc]
    assert ScoringOptions.from_dict(options.to_dict()) == options
    assert ScoringOptions.from_dict({}) == DEFAULT_OPTIONS
    with pytest.raises(ValueError, match="bockrunden"):
        ScoringOptions.from_dict({"bockrunden": True})
    same = ScoringOptions(deck=48, pre_lead_counts=True, ddv_absage_bonus=True)
    assert hash(options) == hash(same)


def test_describe_options_in_german() -> None:
    lines = describe_options(DEFAULT_OPTIONS)
    assert len(lines) == 5  # and SCORING.md's words on Schmeißen and Bock
    assert "40 Karten" in lines[0] and "10 Stiche" in lines[0]
    assert "keinen Wertungspunkt" in lines[1]
    assert "Keine Zusatzpunkte" in lines[2]
    lines = describe_options(
        ScoringOptions(deck=48, pre_lead_counts=True, ddv_absage_bonus=True), "de"
    )
    assert "48 Karten" in lines[0] and "12 Stiche" in lines[0]
    assert "auch allein einen Wertungspunkt" in lines[1]
    assert "DDV" in lines[2] and "keine 90" in lines[2]


def test_describe_options_in_english_and_fallback() -> None:
    english = describe_options(
        ScoringOptions(deck=48, pre_lead_counts=True, ddv_absage_bonus=True), "en"
    )
    assert "48 cards" in english[0]
    assert "DDV" in english[2]
    assert describe_options(DEFAULT_OPTIONS, "en-GB") == describe_options(DEFAULT_OPTIONS, "en")
    assert describe_options(DEFAULT_OPTIONS, "it") == describe_options(DEFAULT_OPTIONS)

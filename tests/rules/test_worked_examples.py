"""SCORING.md §7: every worked example H1–H20 must come out exactly as written."""

from __future__ import annotations

from typing import Any

import pytest

from rules.hausregeln import EntryMethod, RecordError, dealer, parse_record, score_game

A, B, C, D, E = 1, 2, 3, 4, 5


def st(party: str, call: str, before_lead: bool | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"party": party, "call": call}
    if before_lead is not None:
        item["before_lead"] = before_lead
    return item


def sp(party: str, kind: str) -> dict[str, str]:
    return {"party": party, "kind": kind}


# (id, record, points by seat, value, winner, breakdown, warned)
EXAMPLES: list[tuple[str, dict[str, Any], dict[int, int], int | None, str | None, list, bool]] = [
    (
        "H1 120:120 goes to Kontra without the 120",
        {
            "kind": "normal",
            "re": [A, C],
            "augen_re": 120,
            "specials": [sp("kontra", "fuchs_gefangen")],
        },
        {A: -2, B: 2, C: -2, D: 2},
        2,
        "kontra",
        [["Gegen", 1], ["Fuchs gefangen", 1]],
        True,
    ),
    (
        "H2 as H1 but 110:130",
        {
            "kind": "normal",
            "re": [A, C],
            "augen_re": 110,
            "specials": [sp("kontra", "fuchs_gefangen")],
        },
        {A: -3, B: 3, C: -3, D: 3},
        3,
        "kontra",
        [["120", 1], ["Gegen", 1], ["Fuchs gefangen", 1]],
        True,
    ),
    (
        "H3 stilles Solo valued like a normal game, paid like a solo",
        {
            "kind": "stilles_solo",
            "re": [A],
            "augen_re": 150,
            "statements": [st("re", "re")],
            "specials": [sp("re", "fuchs_gefangen")],
        },
        {A: 9, B: -3, C: -3, D: -3},
        3,
        "re",
        [["120", 1], ["Re", 1], ["Fuchs gefangen", 1]],
        False,
    ),
    (
        "H4 lost Bubensolo: pre-lead Re counts in an announced solo",
        {
            "kind": "solo_buben",
            "re": [A],
            "augen_re": 100,
            "statements": [st("re", "re", True)],
        },
        {A: -15, B: 5, C: 5, D: 5},
        5,
        "kontra",
        [["120", 1], ["Re", 1], ["Solo", 2], ["verloren", 1]],
        False,
    ),
    (
        "H5 Damensolo with keine 90 met",
        {
            "kind": "solo_damen",
            "re": [A],
            "augen_re": 171,
            "statements": [st("re", "re"), st("re", "keine_90"), st("kontra", "kontra")],
        },
        {A: 24, B: -8, C: -8, D: -8},
        8,
        "re",
        [["120", 1], ["90", 1], ["Re", 1], ["Kontra", 1], ["keine 90", 1], ["Solo", 3]],
        False,
    ),
    (
        "H6 the loser's Sonderpunkte are subtracted",
        {
            "kind": "normal",
            "re": [A, B],
            "augen_re": 135,
            "statements": [st("re", "re")],
            "specials": [
                sp("re", "fuchs_gefangen"),
                sp("kontra", "doppelkopf"),
                sp("kontra", "charlie_am_end"),
            ],
        },
        {A: 1, B: 1, C: -1, D: -1},
        1,
        "re",
        [
            ["120", 1],
            ["Re", 1],
            ["Fuchs gefangen", 1],
            ["Charlie am End", -1],
            ["Doppelkopf", -1],
        ],
        False,
    ),
    (
        "H7 negative V: the losers come out on plus",
        {
            "kind": "normal",
            "re": [A, B],
            "augen_re": 125,
            "statements": [st("re", "re")],
            "specials": [sp("kontra", "fuchs_am_end_gefangen"), sp("kontra", "doppelkopf")],
        },
        {A: -1, B: -1, C: 1, D: 1},
        -1,
        "re",
        [["120", 1], ["Re", 1], ["Fuchs am End gefangen", -2], ["Doppelkopf", -1]],
        False,
    ),
    (
        "H8 a failed Absage decides the game; 120 still counts",
        {
            "kind": "normal",
            "re": [A, C],
            "augen_re": 145,
            "statements": [st("re", "re"), st("re", "keine_90"), st("kontra", "kontra")],
        },
        {A: -5, B: 5, C: -5, D: 5},
        5,
        "kontra",
        [["120", 1], ["Re", 1], ["Kontra", 1], ["keine 90", 1], ["Gegen", 1]],
        False,
    ),
    (
        "H9 all four statements, levels and netted Sonderpunkte",
        {
            "kind": "normal",
            "re": [A, D],
            "augen_re": 185,
            "statements": [
                st("re", "re"),
                st("kontra", "kontra"),
                st("re", "sub"),
                st("kontra", "in"),
            ],
            "specials": [
                sp("re", "doppelkopf"),
                sp("re", "herzstich"),
                sp("kontra", "charlie_am_end_gefangen"),
            ],
        },
        {A: 8, B: -8, C: -8, D: 8},
        8,
        "re",
        [
            ["120", 1],
            ["90", 1],
            ["60", 1],
            ["Re", 1],
            ["Kontra", 1],
            ["Sub", 1],
            ["In", 1],
            ["Doppelkopf", 1],
            ["Herzstich", 1],
            ["Charlie am End gefangen", -1],
        ],
        False,
    ),
    (
        "H10 Hochzeit lost",
        {
            "kind": "hochzeit",
            "re": [A, B],
            "augen_re": 100,
            "statements": [st("re", "re")],
            "specials": [sp("kontra", "fuchs_gefangen"), sp("re", "doppelkopf")],
        },
        {A: -3, B: -3, C: 3, D: 3},
        3,
        "kontra",
        [["120", 1], ["Re", 1], ["Gegen", 1], ["Fuchs gefangen", 1], ["Doppelkopf", -1]],
        False,
    ),
    (
        "H11 Hochzeit allein lost: soloist pays 3V",
        {
            "kind": "hochzeit_allein",
            "re": [A],
            "augen_re": 115,
            "statements": [st("re", "re")],
        },
        {A: -9, B: 3, C: 3, D: 3},
        3,
        "kontra",
        [["120", 1], ["Re", 1], ["Gegen", 1]],
        False,
    ),
    (
        "H12 revoke by B, B on Kontra",
        {"kind": "normal", "re": [A, C], "revoke": {"offender": B}},
        {A: 5, B: -15, C: 5, D: 5},
        None,
        None,
        [],
        False,
    ),
    (
        "H12 revoke by B, B on Re alike",
        {"kind": "normal", "re": [B, D], "revoke": {"offender": B}},
        {A: 5, B: -15, C: 5, D: 5},
        None,
        None,
        [],
        False,
    ),
    (
        "H13 an opponent revokes in a Trumpfsolo",
        {"kind": "solo_trumpf", "re": [A], "revoke": {"offender": C}},
        {A: 15, B: 0, C: -15, D: 0},
        None,
        None,
        [],
        False,
    ),
    (
        "H14 the soloist revokes",
        {"kind": "solo_damen", "re": [A], "revoke": {"offender": A}},
        {A: -15, B: 5, C: 5, D: 5},
        None,
        None,
        [],
        False,
    ),
    (
        "H15 five-player table, E deals and sits out",
        {
            "table_size": 5,
            "sitting_out": E,
            "kind": "normal",
            "re": [A, B],
            "augen_re": 130,
            "statements": [st("re", "re")],
        },
        {A: 2, B: 2, C: -2, D: -2, E: 0},
        2,
        "re",
        [["120", 1], ["Re", 1]],
        False,
    ),
    # H16 (Schmeißen) is a redeal, not a record: see test_h16_schmeissen_is_not_a_game below.
    (
        "H17 both Absagen missed: nobody wins, net for Re",
        {
            "kind": "normal",
            "re": [A, B],
            "augen_re": 130,
            "statements": [
                st("re", "re"),
                st("re", "keine_90"),
                st("kontra", "kontra"),
                st("kontra", "keine_90"),
            ],
            "specials": [sp("re", "fuchs_gefangen")],
        },
        {A: 1, B: 1, C: -1, D: -1},
        1,
        None,
        [["Fuchs gefangen", 1]],
        False,
    ),
    (
        "H18 schwarz announced and made: the 15-point maximum of the sheet",
        {
            "kind": "normal",
            "re": [A, C],
            "augen_re": 240,
            "statements": [
                st("re", "re"),
                st("re", "keine_90"),
                st("re", "keine_60"),
                st("re", "keine_30"),
                st("re", "schwarz"),
            ],
            "specials": [
                sp("re", "fuchs_gefangen"),
                sp("re", "fuchs_gefangen"),
                sp("re", "doppelkopf"),
                sp("re", "doppelkopf"),
                sp("re", "charlie_am_end"),
            ],
        },
        {A: 15, B: -15, C: 15, D: -15},
        15,
        "re",
        [
            ["120", 1],
            ["90", 1],
            ["60", 1],
            ["30", 1],
            ["schwarz", 1],
            ["Re", 1],
            ["keine 90", 1],
            ["keine 60", 1],
            ["keine 30", 1],
            ["schwarz angesagt", 1],
            ["Fuchs gefangen", 2],
            ["Charlie am End", 1],
            ["Doppelkopf", 2],
        ],
        False,
    ),
    (
        "H19 a pre-lead Re alone scores 0",
        {
            "kind": "normal",
            "re": [A, B],
            "augen_re": 150,
            "statements": [st("re", "re", True), st("kontra", "kontra")],
        },
        {A: 2, B: 2, C: -2, D: -2},
        2,
        "re",
        [["120", 1], ["Kontra", 1]],
        False,
    ),
    (
        "H20 pre-lead Re and the Pflichtansage score once",
        {
            "kind": "normal",
            "re": [A, B],
            "augen_re": 130,
            "statements": [st("re", "re", True), st("re", "re", False)],
        },
        {A: 2, B: 2, C: -2, D: -2},
        2,
        "re",
        [["120", 1], ["Re", 1]],
        False,
    ),
]


@pytest.mark.parametrize(
    ("record", "points", "value", "winner", "breakdown", "warned"),
    [pytest.param(*row[1:], id=row[0].split(" ")[0]) for row in EXAMPLES],
)
def test_worked_example(
    record: dict[str, Any],
    points: dict[int, int],
    value: int | None,
    winner: str | None,
    breakdown: list,
    warned: bool,
) -> None:
    result = score_game(record)
    assert result.points == points
    assert sum(result.points.values()) == 0
    assert result.plus == tuple(sorted(s for s, p in points.items() if p > 0))
    assert result.value == value
    assert result.winner == winner
    output = result.to_json()
    assert output["breakdown"] == breakdown
    assert sum(p for _, p in output["breakdown"]) == (value or 0)
    assert bool(result.warnings) is warned
    assert output["points"] == {str(s): p for s, p in points.items()}
    assert output["winner"] == winner


def test_h1_warning_names_the_missing_statement() -> None:
    record = EXAMPLES[0][1]
    output = score_game(record).to_json()
    assert len(output["warnings"]) == 1
    assert "Ansage" in output["warnings"][0]
    assert "statement" in score_game(record).to_json("en")["warnings"][0]


def test_h7_sieger_column_is_the_plus_side() -> None:
    assert score_game(EXAMPLES[6][1]).plus == (C, D)


def test_h12_revoke_is_its_own_entry_method() -> None:
    result = score_game(EXAMPLES[11][1])
    assert result.method is EntryMethod.REVOKE
    assert result.to_json() == {
        "points": {"1": 5, "2": -15, "3": 5, "4": 5},
        "plus": [1, 3, 4],
        "value": None,
        "winner": None,
        "breakdown": [],
        "warnings": [],
        "bock": 1,
    }


def test_h16_schmeissen_is_not_a_game() -> None:
    """Schmeißen is a redeal by the same dealer: no record exists for it, so the game it
    interrupted is still to be played and keeps its number and dealer."""
    with pytest.raises(RecordError) as info:
        parse_record({"kind": "schmeissen", "re": [1, 2], "augen_re": 130})
    assert info.value.field == "kind"
    # game 2 is dealt by seat 2 however many Schmeißen preceded it
    assert dealer(2, 4) == 2
    assert dealer(2, 5) == 2

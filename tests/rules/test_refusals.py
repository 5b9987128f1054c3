"""SCORING.md §5: every bad record is refused with the field named, in German and English."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from rules.hausregeln import RecordError, ScoringOptions, parse_record, score_game, translate
from rules.hausregeln.messages import MESSAGES

DECK_48 = ScoringOptions(deck=48)


def st(party: str, call: str, before_lead: bool | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"party": party, "call": call}
    if before_lead is not None:
        item["before_lead"] = before_lead
    return item


def sp(party: str, kind: str) -> dict[str, str]:
    return {"party": party, "kind": kind}


def normal(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"kind": "normal", "re": [1, 3], "augen_re": 150}
    record.update(changes)
    return {k: v for k, v in record.items() if v is not DROP}


def five(**changes: Any) -> dict[str, Any]:
    return normal(**{"table_size": 5, "sitting_out": 5, **changes})


def solo(kind: str = "solo_damen", **changes: Any) -> dict[str, Any]:
    return normal(kind=kind, re=[2], **changes)


def quick(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"kind": "normal", "winners": [1, 4], "value": 3}
    record.update(changes)
    return {k: v for k, v in record.items() if v is not DROP}


def direct(points: Any, **changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"points": points}
    record.update(changes)
    return record


def revoke(offender: Any = 2, **changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"kind": "normal", "re": [1, 3], "revoke": {"offender": offender}}
    record.update(changes)
    return {k: v for k, v in record.items() if v is not DROP}


DROP = object()
ARMUT = ScoringOptions(armut=True)
BOCK = ScoringOptions(bock=True)
REDEAL = ScoringOptions(schmeissen="redeal")
THROW = {"schmeissen": {"seat": 2, "reason": "koenige"}}
PLACEHOLDER = re.compile(r"\{[a-z_]*(:[a-z]+)?\}")
RE_STATEMENT = [st("re", "re")]
BOTH = [st("re", "re"), st("kontra", "kontra")]

# (id, record, options, field, code, a word the German message must contain)
CASES: list[tuple[str, Any, ScoringOptions | None, str | None, str, str]] = [
    # --- wrong JSON types and values outside the vocabulary ---------------------------------
    ("record-list", [1, 2], None, None, "record_not_object", "JSON-Objekt"),
    ("record-string", "normal", None, None, "record_not_object", "JSON-Objekt"),
    ("record-null", None, None, None, "record_not_object", "null"),
    ("table-size-true", normal(table_size=True), None, "table_size", "not_int", "true"),
    ("table-size-float", normal(table_size=4.0), None, "table_size", "not_int", "4.0"),
    ("table-size-string", normal(table_size="4"), None, "table_size", "not_int", "ganze Zahl"),
    ("table-size-null", normal(table_size=None), None, "table_size", "not_int", "null"),
    ("augen-string", normal(augen_re="130"), None, "augen_re", "not_int", '"130"'),
    ("augen-float", normal(augen_re=130.0), None, "augen_re", "not_int", "130.0"),
    ("augen-bool", normal(augen_re=True), None, "augen_re", "not_int", "true"),
    ("re-seat-bool", normal(re=[1, True]), None, "re[1]", "not_int", "true"),
    ("re-seat-string", normal(re=["1", 3]), None, "re[0]", "not_int", '"1"'),
    ("re-not-list", normal(re="1,3"), None, "re", "not_list", "Liste"),
    ("re-object", normal(re={"1": 1}), None, "re", "not_list", "Liste"),
    ("kind-unknown", normal(kind="solo_farbe"), None, "kind", "invalid_choice", "solo_farbe"),
    ("kind-number", normal(kind=3), None, "kind", "invalid_choice", "normal"),
    ("kind-missing", normal(kind=DROP), None, "kind", "missing", "fehlt"),
    ("kind-case", normal(kind="Normal"), None, "kind", "invalid_choice", "Normal"),
    (
        "call-unknown",
        normal(statements=[st("re", "double")]),
        None,
        "statements[0].call",
        "invalid_choice",
        "double",
    ),
    (
        "party-unknown",
        normal(statements=[st("ree", "re")]),
        None,
        "statements[0].party",
        "invalid_choice",
        "kontra",
    ),
    (
        "call-missing",
        normal(statements=[{"party": "re"}]),
        None,
        "statements[0].call",
        "missing",
        "fehlt",
    ),
    (
        "special-unknown",
        normal(specials=[sp("re", "karlchen")]),
        None,
        "specials[0].kind",
        "invalid_choice",
        "karlchen",
    ),
    (
        "special-party-unknown",
        normal(specials=[sp("both", "doppelkopf")]),
        None,
        "specials[0].party",
        "invalid_choice",
        "both",
    ),
    (
        "statements-object",
        normal(statements=st("re", "re")),
        None,
        "statements",
        "not_list",
        "Liste",
    ),
    ("statements-null", normal(statements=None), None, "statements", "not_list", "null"),
    ("statement-string", normal(statements=["re"]), None, "statements[0]", "not_object", "Objekt"),
    (
        "before-lead-string",
        normal(statements=[{"party": "re", "call": "re", "before_lead": "yes"}]),
        None,
        "statements[0].before_lead",
        "not_bool",
        "true oder false",
    ),
    (
        "before-lead-int",
        normal(statements=[{"party": "re", "call": "re", "before_lead": 1}]),
        None,
        "statements[0].before_lead",
        "not_bool",
        "1",
    ),
    (
        "statement-unknown-key",
        normal(statements=[{"party": "re", "call": "re", "who": 1}]),
        None,
        "statements[0].who",
        "unknown_field",
        "who",
    ),
    ("schwarz-unknown", normal(schwarz="ja"), None, "schwarz", "invalid_choice", "ja"),
    ("schwarz-bool", normal(schwarz=True), None, "schwarz", "invalid_choice", "true"),
    (
        "typo-statement",
        normal(statement=RE_STATEMENT),
        None,
        "statement",
        "unknown_field_typo",
        "statements",
    ),
    ("typo-augen", normal(augen=130), None, "augen", "unknown_field_typo", "augen_re"),
    ("typo-case", normal(Specials=[]), None, "Specials", "unknown_field_typo", "specials"),
    (
        "typo-dash",
        five(**{"sitting-out": 5}),
        None,
        "sitting-out",
        "unknown_field_typo",
        "sitting_out",
    ),
    (
        "revoke-unknown-key",
        revoke(**{"revoke": {"offender": 2, "seat": 2}}),
        None,
        "revoke.seat",
        "unknown_field",
        "seat",
    ),
    # --- table size, sitting out, seats, Re party size ---------------------------------------
    ("table-size-6", normal(table_size=6), None, "table_size", "table_size_invalid", "4 oder 5"),
    ("table-size-3", normal(table_size=3), None, "table_size", "table_size_invalid", "3"),
    (
        "five-without-sitting-out",
        five(sitting_out=DROP),
        None,
        "sitting_out",
        "sitting_out_missing",
        "Fünfertisch",
    ),
    (
        "five-sitting-out-null",
        five(sitting_out=None),
        None,
        "sitting_out",
        "sitting_out_missing",
        "aussetzende",
    ),
    (
        "four-with-sitting-out",
        normal(sitting_out=2),
        None,
        "sitting_out",
        "sitting_out_not_allowed",
        "Vierertisch",
    ),
    ("sitting-out-6", five(sitting_out=6), None, "sitting_out", "seat_out_of_range", "6"),
    ("sitting-out-string", five(sitting_out="5"), None, "sitting_out", "not_int", '"5"'),
    ("re-seat-5-at-4", normal(re=[1, 5]), None, "re[1]", "seat_out_of_range", "1 bis 4"),
    ("re-seat-0", normal(re=[0, 2]), None, "re[0]", "seat_out_of_range", "Platz 0"),
    ("re-seat-twice", normal(re=[1, 1]), None, "re[1]", "seat_twice", "doppelt"),
    ("re-sitting-out", five(sitting_out=3, re=[1, 3]), None, "re[1]", "seat_sitting_out", "setzt"),
    ("normal-one-re", normal(re=[1]), None, "re", "re_size_two", "zwei"),
    ("normal-three-re", normal(re=[1, 2, 3]), None, "re", "re_size_two", "Normalspiel"),
    ("hochzeit-one-re", normal(kind="hochzeit", re=[1]), None, "re", "re_size_two", "Hochzeit"),
    (
        "damensolo-two-re",
        normal(kind="solo_damen", re=[1, 2]),
        None,
        "re",
        "re_size_one",
        "Damensolo",
    ),
    (
        "hochzeit-allein-two-re",
        normal(kind="hochzeit_allein", re=[1, 2]),
        None,
        "re",
        "re_size_one",
        "Solospieler",
    ),
    ("stilles-solo-no-re", normal(kind="stilles_solo", re=[]), None, "re", "re_size_one", "0"),
    ("re-missing", normal(re=DROP), None, "re", "missing", "fehlt"),
    (
        "quick-five-without-sitting-out",
        quick(table_size=5),
        None,
        "sitting_out",
        "sitting_out_missing",
        "sitting_out",
    ),
    (
        "direct-five-without-sitting-out",
        direct({"1": 2, "2": 2, "3": -2, "4": -2, "5": 0}, table_size=5),
        None,
        "sitting_out",
        "sitting_out_missing",
        "sitting_out",
    ),
    (
        "revoke-five-without-sitting-out",
        revoke(table_size=5),
        None,
        "sitting_out",
        "sitting_out_missing",
        "sitting_out",
    ),
    (
        "revoke-four-with-sitting-out",
        revoke(sitting_out=1),
        None,
        "sitting_out",
        "sitting_out_not_allowed",
        "niemand",
    ),
    # --- Augen and schwarz -------------------------------------------------------------
    ("augen-negative", normal(augen_re=-1), None, "augen_re", "augen_range", "zwischen 0 und 240"),
    ("augen-241", normal(augen_re=241), None, "augen_re", "augen_range", "241"),
    ("augen-1", normal(augen_re=1), None, "augen_re", "augen_gap", "8 Augen"),
    ("augen-7", normal(augen_re=7), None, "augen_re", "augen_gap", "40 Karten"),
    ("augen-233", normal(augen_re=233), None, "augen_re", "augen_gap", "233"),
    ("augen-239", normal(augen_re=239), None, "augen_re", "augen_gap", "239"),
    ("augen-missing", normal(augen_re=DROP), None, "augen_re", "missing", "augen_re"),
    (
        "schwarz-none-at-0",
        normal(augen_re=0, schwarz="none"),
        None,
        "schwarz",
        "schwarz_contradiction",
        "re",
    ),
    (
        "schwarz-re-at-240",
        normal(augen_re=240, schwarz="re"),
        None,
        "schwarz",
        "schwarz_contradiction",
        "kontra",
    ),
    (
        "schwarz-kontra-at-150",
        normal(schwarz="kontra"),
        None,
        "schwarz",
        "schwarz_contradiction",
        "150",
    ),
    (
        "schwarz-none-at-240",
        normal(augen_re=240, schwarz="none"),
        None,
        "schwarz",
        "schwarz_contradiction",
        "240",
    ),
    (
        "48-schwarz-missing-at-0",
        normal(augen_re=0),
        DECK_48,
        "schwarz",
        "schwarz_required",
        "48 Karten",
    ),
    (
        "48-schwarz-missing-at-240",
        normal(augen_re=240),
        DECK_48,
        "schwarz",
        "schwarz_required",
        "240",
    ),
    (
        "48-re-schwarz-needs-0",
        normal(augen_re=5, schwarz="re"),
        DECK_48,
        "schwarz",
        "schwarz_re_needs_0",
        "0 Augen",
    ),
    (
        "48-kontra-schwarz-needs-240",
        normal(augen_re=200, schwarz="kontra"),
        DECK_48,
        "schwarz",
        "schwarz_kontra_needs_240",
        "240",
    ),
    ("48-augen-range", normal(augen_re=250), DECK_48, "augen_re", "augen_range", "240"),
    # --- statements ----------------------------------------------------------------------
    (
        "re-by-kontra",
        normal(statements=[st("kontra", "re")]),
        None,
        "statements[0].call",
        "re_by_kontra",
        "Re-Partei",
    ),
    (
        "kontra-by-re",
        normal(statements=[st("re", "kontra")]),
        None,
        "statements[0].call",
        "kontra_by_re",
        "Kontra-Partei",
    ),
    (
        "re-twice-after-lead",
        normal(statements=[st("re", "re"), st("re", "re")]),
        None,
        "statements[1]",
        "first_call_twice_after_lead",
        "nach dem ersten Ausspielen",
    ),
    (
        "re-twice-before-lead",
        normal(statements=[st("re", "re", True), st("re", "re", True)]),
        None,
        "statements[1]",
        "first_call_twice_before_lead",
        "vor dem ersten Ausspielen",
    ),
    (
        "kontra-twice",
        normal(statements=[st("kontra", "kontra"), st("re", "re"), st("kontra", "kontra", False)]),
        None,
        "statements[2]",
        "first_call_twice_after_lead",
        "Kontra",
    ),
    (
        "solo-re-twice-at-all",
        solo(statements=[st("re", "re", True), st("re", "re", False)]),
        None,
        "statements[1]",
        "first_call_twice_solo",
        "angesagten Solo",
    ),
    (
        "solo-kontra-twice",
        solo(statements=[st("kontra", "kontra"), st("kontra", "kontra", True)]),
        None,
        "statements[1]",
        "first_call_twice_solo",
        "Kontra",
    ),
    (
        "sub-by-kontra",
        normal(statements=[*BOTH, st("kontra", "sub")]),
        None,
        "statements[2].call",
        "sub_by_kontra",
        "Sub",
    ),
    (
        "in-by-re",
        normal(statements=[*BOTH, st("re", "in")]),
        None,
        "statements[2].call",
        "in_by_re",
        "In",
    ),
    (
        "sub-twice",
        normal(statements=[*BOTH, st("re", "sub"), st("re", "sub")]),
        None,
        "statements[3]",
        "second_call_twice",
        "zweimal",
    ),
    (
        "in-twice",
        normal(statements=[*BOTH, st("kontra", "in"), st("kontra", "in")]),
        None,
        "statements[3]",
        "second_call_twice",
        "In",
    ),
    (
        "sub-without-kontra",
        normal(statements=[st("re", "re"), st("re", "sub")]),
        None,
        "statements[1].call",
        "second_call_without_first_calls",
        "„Re“ und „Kontra“",
    ),
    (
        "in-without-re",
        normal(statements=[st("kontra", "kontra"), st("kontra", "in")]),
        None,
        "statements[1].call",
        "second_call_without_first_calls",
        "In",
    ),
    (
        "in-alone",
        normal(statements=[st("kontra", "in")]),
        None,
        "statements[0].call",
        "second_call_without_first_calls",
        "In",
    ),
    (
        "re-absage-without-re",
        normal(statements=[st("kontra", "kontra"), st("re", "keine_90")]),
        None,
        "statements[1].call",
        "absage_without_re",
        "keine 90",
    ),
    (
        "kontra-absage-without-kontra",
        normal(statements=[st("re", "re"), st("kontra", "keine_60")]),
        None,
        "statements[1].call",
        "absage_without_kontra",
        "keine 60",
    ),
    (
        "schwarz-absage-alone",
        solo(statements=[st("re", "schwarz")]),
        None,
        "statements[0].call",
        "absage_without_re",
        "schwarz",
    ),
    # --- Sonderpunkte --------------------------------------------------------------------
    (
        "specials-in-bubensolo",
        solo("solo_buben", specials=[sp("re", "doppelkopf")]),
        None,
        "specials",
        "specials_in_announced_solo",
        "Bubensolo",
    ),
    (
        "specials-in-trumpfsolo",
        solo("solo_trumpf", specials=[sp("kontra", "fuchs_gefangen")]),
        None,
        "specials",
        "specials_in_announced_solo",
        "Trumpfsolo",
    ),
    (
        "gegen-by-hand",
        normal(augen_re=100, specials=[sp("kontra", "gegen")]),
        None,
        "specials[0].kind",
        "gegen_by_hand",
        "Gegen",
    ),
    (
        "specials-not-list",
        normal(specials=sp("re", "doppelkopf")),
        None,
        "specials",
        "not_list",
        "Liste",
    ),
    (
        "special-not-object",
        normal(specials=["doppelkopf"]),
        None,
        "specials[0]",
        "not_object",
        "Objekt",
    ),
    (
        "special-unknown-key",
        normal(specials=[{"party": "re", "kind": "doppelkopf", "trick": 3}]),
        None,
        "specials[0].trick",
        "unknown_field",
        "trick",
    ),
    (
        "five-doppelkopf",
        normal(
            augen_re=150, specials=[sp("re", "doppelkopf")] * 3 + [sp("kontra", "doppelkopf")] * 2
        ),
        None,
        "specials",
        "doppelkopf_too_many",
        "4",
    ),
    (
        "doppelkopf-without-augen",
        normal(augen_re=150, specials=[sp("kontra", "doppelkopf")] * 3),
        None,
        "specials",
        "doppelkopf_augen",
        "120",
    ),
    (
        "doppelkopf-with-39-augen",
        normal(augen_re=201, specials=[sp("kontra", "doppelkopf")]),
        None,
        "specials",
        "doppelkopf_augen",
        "39",
    ),
    (
        "three-foxes",
        normal(specials=[sp("re", "fuchs_gefangen")] * 3),
        None,
        "specials",
        "fuchs_too_many",
        "zwei Füchse",
    ),
    (
        "foxes-with-fuchs-am-end",
        normal(
            specials=[
                sp("re", "fuchs_gefangen"),
                sp("kontra", "fuchs_gefangen"),
                sp("re", "fuchs_am_end"),
            ]
        ),
        None,
        "specials",
        "fuchs_too_many",
        "3",
    ),
    (
        "foxes-caught-last",
        normal(
            specials=[
                sp("re", "fuchs_gefangen"),
                sp("re", "fuchs_am_end_gefangen"),
                sp("re", "fuchs_am_end_gefangen"),
            ]
        ),
        None,
        "specials",
        "fuchs_too_many",
        "Fuchs am End gefangen",
    ),
    (
        "two-herzstich",
        normal(specials=[sp("re", "herzstich"), sp("kontra", "herzstich")]),
        None,
        "specials",
        "herzstich_too_many",
        "Herzstich",
    ),
    (
        "fuchs-and-charlie-am-end",
        normal(specials=[sp("re", "fuchs_am_end"), sp("re", "charlie_am_end")]),
        None,
        "specials",
        "last_trick_two_winners",
        "eine Karte",
    ),
    (
        "last-trick-split-fuchs-charlie",
        normal(specials=[sp("re", "fuchs_am_end"), sp("kontra", "charlie_am_end")]),
        None,
        "specials",
        "last_trick_two_winners",
        "letzten Stich",
    ),
    (
        "last-trick-split",
        normal(specials=[sp("re", "charlie_am_end"), sp("kontra", "fuchs_am_end_gefangen")]),
        None,
        "specials",
        "last_trick_split",
        "eine Partei",
    ),
    (
        "last-trick-split-caught",
        normal(
            specials=[sp("re", "charlie_am_end_gefangen"), sp("kontra", "fuchs_am_end_gefangen")]
        ),
        None,
        "specials",
        "last_trick_split",
        "Re und Kontra",
    ),
    (
        "three-charlies-caught",
        normal(specials=[sp("re", "charlie_am_end_gefangen")] * 3),
        None,
        "specials",
        "charlie_caught_too_many",
        "zwei Charlies",
    ),
    (
        "charlie-am-end-and-two-caught",
        normal(specials=[sp("re", "charlie_am_end"), *[sp("re", "charlie_am_end_gefangen")] * 2]),
        None,
        "specials",
        "charlie_caught_with_charlie_am_end",
        "ein Charlie",
    ),
    (
        "fuchs-am-end-and-charlie-caught",
        normal(specials=[sp("re", "fuchs_am_end"), sp("re", "charlie_am_end_gefangen")]),
        None,
        "specials",
        "charlie_caught_with_fuchs_am_end",
        "Kreuz-Bube",
    ),
    (
        "fuchs-am-end-and-two-foxes-caught-last",
        normal(
            specials=[sp("kontra", "fuchs_am_end"), *[sp("kontra", "fuchs_am_end_gefangen")] * 2]
        ),
        None,
        "specials",
        "fuchs_caught_with_fuchs_am_end",
        "ein Fuchs",
    ),
    (
        "normal-three-caught-last",
        normal(
            specials=[
                *[sp("kontra", "fuchs_am_end_gefangen")] * 2,
                sp("kontra", "charlie_am_end_gefangen"),
            ]
        ),
        None,
        "specials",
        "last_trick_caught_too_many",
        "2 Karte",
    ),
    (
        "hochzeit-three-caught-last",
        normal(
            kind="hochzeit",
            specials=[
                sp("re", "fuchs_am_end_gefangen"),
                *[sp("re", "charlie_am_end_gefangen")] * 2,
            ],
        ),
        None,
        "specials",
        "last_trick_caught_too_many",
        "3",
    ),
    (
        "solo-kontra-two-caught-last",
        normal(
            kind="stilles_solo",
            re=[1],
            specials=[
                sp("kontra", "fuchs_am_end_gefangen"),
                sp("kontra", "charlie_am_end_gefangen"),
            ],
        ),
        None,
        "specials",
        "last_trick_caught_too_many",
        "1 Karte",
    ),
    (
        "solo-kontra-two-charlies-caught",
        normal(
            kind="hochzeit_allein", re=[1], specials=[sp("kontra", "charlie_am_end_gefangen")] * 2
        ),
        None,
        "specials",
        "last_trick_caught_too_many",
        "Gegner von Kontra",
    ),
    (
        "solo-soloist-four-caught-last",
        normal(
            kind="stilles_solo",
            re=[1],
            specials=[
                *[sp("re", "fuchs_am_end_gefangen")] * 2,
                *[sp("re", "charlie_am_end_gefangen")] * 2,
            ],
        ),
        None,
        "specials",
        "last_trick_caught_too_many",
        "3 Karte",
    ),
    (
        "special-for-re-at-0",
        normal(augen_re=0, specials=[sp("re", "herzstich")]),
        None,
        "specials[0].party",
        "special_without_augen",
        "keine Augen",
    ),
    (
        "special-for-kontra-at-240",
        normal(augen_re=240, specials=[sp("kontra", "fuchs_gefangen")]),
        None,
        "specials[0].party",
        "special_without_augen",
        "Kontra",
    ),
    (
        "48-special-with-0-augen-but-a-trick",
        normal(augen_re=0, schwarz="none", specials=[sp("re", "charlie_am_end")]),
        DECK_48,
        "specials[0].party",
        "special_without_augen",
        "Charlie am End",
    ),
    # --- quick entry -----------------------------------------------------------------------
    ("quick-one-winner", quick(winners=[1]), None, "winners", "winners_not_pair", "zwei"),
    ("quick-three-winners", quick(winners=[1, 2, 3]), None, "winners", "winners_not_pair", "1 + 4"),
    (
        "quick-solo-pair",
        quick(kind="solo_damen", re=[2], winners=[1, 3]),
        None,
        "winners",
        "winners_not_solo_side",
        "Solospieler",
    ),
    (
        "quick-solo-with-soloist",
        quick(kind="solo_damen", re=[2], winners=[1, 3, 2]),
        None,
        "winners",
        "winners_not_solo_side",
        "2",
    ),
    (
        "quick-solo-wrong-soloist",
        quick(kind="stilles_solo", re=[2], winners=[3]),
        None,
        "winners",
        "winners_not_solo_side",
        "1 + 3 + 4",
    ),
    ("quick-value-31", quick(value=31), None, "value", "value_range", "0 bis 30"),
    ("quick-value-negative", quick(value=-1), None, "value", "value_range", "-1"),
    ("quick-value-float", quick(value=2.0), None, "value", "not_int", "2.0"),
    ("quick-value-string", quick(value="3"), None, "value", "not_int", '"3"'),
    ("quick-value-bool", quick(value=True), None, "value", "not_int", "true"),
    ("quick-winners-missing", quick(winners=DROP), None, "winners", "missing", "winners"),
    ("quick-winners-null", quick(winners=None), None, "winners", "missing", "fehlt"),
    ("quick-value-missing", quick(value=DROP), None, "value", "missing", "value"),
    ("quick-winners-twice", quick(winners=[1, 1]), None, "winners[1]", "seat_twice", "doppelt"),
    (
        "quick-winner-out-of-range",
        quick(winners=[1, 5]),
        None,
        "winners[1]",
        "seat_out_of_range",
        "5",
    ),
    (
        "quick-winner-sitting-out",
        quick(table_size=5, sitting_out=4, winners=[1, 4]),
        None,
        "winners[1]",
        "seat_sitting_out",
        "setzt",
    ),
    ("quick-solo-without-re", quick(kind="solo_trumpf", winners=[2]), None, "re", "missing", "re"),
    ("quick-winners-not-list", quick(winners=14), None, "winners", "not_list", "14"),
    # --- direct points ---------------------------------------------------------------------
    (
        "points-seat-missing",
        direct({"1": 2, "2": 2, "3": -4}),
        None,
        "points.4",
        "points_seat_missing",
        "Platz 4",
    ),
    (
        "points-extra-seat",
        direct({"1": 2, "2": 2, "3": -2, "4": -2, "5": 0}),
        None,
        "points.5",
        "points_unknown_seat",
        "„5“",
    ),
    (
        "points-key-01",
        direct({"01": 2, "2": 2, "3": -2, "4": -2}),
        None,
        "points.01",
        "points_unknown_seat",
        "01",
    ),
    (
        "points-string",
        direct({"1": "2", "2": 2, "3": -2, "4": -2}),
        None,
        "points.1",
        "not_int",
        '"2"',
    ),
    (
        "points-float",
        direct({"1": 2.0, "2": 2, "3": -2, "4": -2}),
        None,
        "points.1",
        "not_int",
        "2.0",
    ),
    (
        "points-bool",
        direct({"1": True, "2": 1, "3": -1, "4": -1}),
        None,
        "points.1",
        "not_int",
        "true",
    ),
    (
        "points-sum",
        direct({"1": 3, "2": 3, "3": -3, "4": -2}),
        None,
        "points",
        "points_sum",
        "1 statt 0",
    ),
    (
        "points-pattern",
        direct({"1": 3, "2": 1, "3": -2, "4": -2}),
        None,
        "points",
        "points_pattern",
        "+V",
    ),
    (
        "points-pattern-pair",
        direct({"1": 3, "2": -3, "3": 0, "4": 0}),
        None,
        "points",
        "points_pattern",
        "Spielausgang",
    ),
    (
        "points-pattern-five",
        direct({"1": 4, "2": -2, "3": -2, "4": 0, "5": 0}, table_size=5, sitting_out=5),
        None,
        "points",
        "points_pattern",
        "Spielausgang",
    ),
    (
        "points-value-31",
        direct({"1": 31, "2": 31, "3": -31, "4": -31}),
        None,
        "points",
        "points_value_too_high",
        "31",
    ),
    (
        "points-solo-value-31",
        direct({"1": 93, "2": -31, "3": -31, "4": -31}),
        None,
        "points",
        "points_value_too_high",
        "30",
    ),
    (
        "points-sitting-out-nonzero",
        direct({"1": 2, "2": 2, "3": -2, "4": -3, "5": 1}, table_size=5, sitting_out=5),
        None,
        "points.5",
        "points_sitting_out",
        "0 Punkte",
    ),
    ("points-not-object", direct([2, 2, -2, -2]), None, "points", "not_object", "Objekt"),
    # --- revoke --------------------------------------------------------------------------
    (
        "revoke-no-offender",
        revoke(**{"revoke": {}}),
        None,
        "revoke.offender",
        "missing",
        "revoke.offender",
    ),
    ("revoke-offender-null", revoke(None), None, "revoke.offender", "missing", "fehlt"),
    ("revoke-offender-0", revoke(0), None, "revoke.offender", "seat_out_of_range", "Platz 0"),
    ("revoke-offender-5-at-4", revoke(5), None, "revoke.offender", "seat_out_of_range", "1 bis 4"),
    ("revoke-offender-bool", revoke(True), None, "revoke.offender", "not_int", "true"),
    ("revoke-offender-string", revoke("2"), None, "revoke.offender", "not_int", '"2"'),
    (
        "revoke-offender-sitting-out",
        revoke(3, table_size=5, sitting_out=3),
        None,
        "revoke.offender",
        "seat_sitting_out",
        "setzt",
    ),
    ("revoke-true", revoke(**{"revoke": True}), None, "revoke", "not_object", "true"),
    ("revoke-number", revoke(**{"revoke": 2}), None, "revoke", "not_object", "2"),
    (
        "revoke-solo-without-re",
        revoke(3, kind="solo_trumpf", re=DROP),
        None,
        "re",
        "missing",
        "fehlt",
    ),
    (
        "revoke-solo-two-re",
        revoke(3, kind="solo_trumpf", re=[1, 2]),
        None,
        "re",
        "re_size_one",
        "Trumpfsolo",
    ),
    ("revoke-kind-missing", revoke(kind=DROP), None, "kind", "missing", "kind"),
    # --- the club's options (CLUBRULES.md §6) -----------------------------------------------
    ("club-kreuzsolo-not-played", solo("solo_kreuz"), None, "kind", "kind_not_played", "Kreuz"),
    ("club-armut-not-played", normal(kind="armut"), None, "kind", "armut_not_played", "Armut"),
    ("club-armut-on-normal", normal(armut={"poor": 1}), ARMUT, "armut", "armut_field", "armut"),
    (
        "club-armut-poor-kontra",
        normal(kind="armut", armut={"poor": 2}),
        ARMUT,
        "armut.poor",
        "armut_poor_not_re",
        "Platz 2",
    ),
    (
        "club-klaerungsstich-normal",
        normal(klaerungsstich=1),
        None,
        "klaerungsstich",
        "klaerungsstich_kind",
        "Hochzeit",
    ),
    (
        "club-klaerungsstich-4",
        normal(kind="hochzeit", klaerungsstich=4),
        None,
        "klaerungsstich",
        "klaerungsstich_range",
        "3.",
    ),
    (
        "club-klaerungsstich-allein-2",
        solo("hochzeit_allein", klaerungsstich=2),
        None,
        "klaerungsstich",
        "klaerungsstich_allein",
        "3.",
    ),
    ("club-schmeissen-default", THROW, None, "schmeissen", "schmeissen_not_entered", "Schmeißen"),
    (
        "club-schmeissen-reason-unknown",
        {"schmeissen": {"seat": 2, "reason": "dame"}},
        REDEAL,
        "schmeissen.reason",
        "schmeissen_reason_unknown",
        '"dame"',
    ),
    (
        "club-schmeissen-reason-not-allowed",
        {"schmeissen": {"seat": 2, "reason": "ein_trumpf"}},
        REDEAL,
        "schmeissen.reason",
        "schmeissen_reason_not_allowed",
        "höchstens ein Trumpf",
    ),
    (
        "club-schmeissen-neunen-40",
        {"schmeissen": {"seat": 2, "reason": "neunen"}},
        ScoringOptions(schmeissen="redeal", schmeissen_reasons=("neunen",)),
        "schmeissen.reason",
        "schmeissen_reason_deck",
        "48 Karten",
    ),
    ("club-bock-default", normal(bock=2), None, "bock", "bock_not_played", "Bockrunden"),
    ("club-bock-3", normal(bock=3), BOCK, "bock", "bock_invalid", "1, 2, 4"),
    (
        "club-ausloeser-default",
        normal(bock_ausloeser=True),
        None,
        "bock_ausloeser",
        "bock_ausloeser_not_played",
        "Bockrunden",
    ),
    (
        "club-ausloeser-schmeissen",
        {**THROW, "bock_ausloeser": True},
        ScoringOptions(bock=True, schmeissen="game"),
        "bock_ausloeser",
        "bock_ausloeser_schmeissen",
        "Schmeißen",
    ),
    (
        "club-stilles-solo-fuchs",
        solo("stilles_solo", specials=[sp("re", "fuchs_gefangen")]),
        ScoringOptions(stilles_solo="solo"),
        "specials",
        "specials_valued_as_solo",
        "Trumpfsolo",
    ),
    (
        "club-quick-value-41",
        quick(value=41),
        ScoringOptions(ansagen="plus2"),
        "value",
        "value_range_club",
        "40",
    ),
    (
        "club-direct-value-above-bock",
        direct({"1": 61, "2": 61, "3": -61, "4": -61}, bock=2),
        BOCK,
        "points",
        "points_value_too_high_club",
        "60",
    ),
]


@pytest.mark.parametrize(
    ("record", "options", "field", "code", "needle"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_refused(
    record: Any, options: ScoringOptions | None, field: str | None, code: str, needle: str
) -> None:
    opts = options or ScoringOptions()
    with pytest.raises(RecordError) as info:
        score_game(record, opts)
    error = info.value
    assert (error.field, error.code) == (field, code)
    german = error.message()
    assert german == str(error) == error.message("de")
    assert german and not PLACEHOLDER.search(german) and not german.startswith("error.")
    assert needle in german, german
    english = error.message("en")
    assert english and not PLACEHOLDER.search(english) and english != german
    assert error.to_json() == {"field": field, "message": german}


def test_there_are_many_refusal_cases() -> None:
    assert len(CASES) >= 60
    assert len({case[0] for case in CASES}) == len(CASES)


def test_every_error_code_is_tested() -> None:
    """Each record error of the catalogue is produced by at least one case above (the sheet and
    JSON ones are tested in their own modules)."""
    tested = {case[4] for case in CASES}
    record_codes = {
        key.removeprefix("error.")
        for key in MESSAGES
        if key.startswith("error.") and not key.startswith(("error.sheet_", "error.invalid_json"))
    }
    assert record_codes - tested == set()


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_catalogue_entry_exists_in_both_languages(key: str) -> None:
    """German is the msgid itself; English comes from rules.po (every entry translated: see
    test_catalogue.py)."""
    german, english = translate(key, "de"), translate(key, "en")
    assert german == MESSAGES[key][1]
    assert german.strip() and english.strip()
    assert _fields(german) == _fields(english)


def test_messages_fall_back_by_primary_subtag() -> None:
    error = RecordError("augen_re", "augen_range", augen=300)
    assert error.message("de") == "Augen Re muss zwischen 0 und 240 liegen, nicht 300"
    assert error.message("de-AT") == error.message("de")
    assert error.message("en-gb") == error.message("en") == error.message("en_US")
    assert error.message("fr") == error.message("de")
    assert error.message(None) == error.message("de")
    assert "between 0 and 240" in error.message("en")


def test_vocabulary_words_are_translated_inside_messages() -> None:
    error = RecordError("re", "re_size_one", kind="solo_buben", size=2)
    assert "Bubensolo" in error.message("de")
    assert "Jacks solo" in error.message("en")


def test_refusal_survives_pickling() -> None:
    import pickle

    error = RecordError("re[1]", "seat_twice", seat=3)
    again = pickle.loads(pickle.dumps(error))
    assert (again.field, again.code, again.params) == ("re[1]", "seat_twice", {"seat": 3})


# --- records that look odd but are accepted ---------------------------------------------------

ACCEPTED: list[tuple[str, dict[str, Any], ScoringOptions | None]] = [
    ("unknown-bookkeeping-keys", normal(game=3, dealer=3, note="ok", id=17, table=2), None),
    (
        "statement-order-does-not-matter",
        normal(statements=[st("re", "keine_90"), st("re", "re")]),
        None,
    ),
    ("in-without-sub", normal(statements=[st("kontra", "in"), *BOTH]), None),
    (
        "lower-absage-repeated",
        normal(
            augen_re=200,
            statements=[
                st("re", "re"),
                st("re", "keine_60"),
                st("re", "keine_90"),
                st("re", "keine_60"),
            ],
        ),
        None,
    ),
    ("pre-and-after-lead-re", normal(statements=[st("re", "re", True), st("re", "re")]), None),
    (
        "pre-lead-unlocks-absage",
        normal(augen_re=200, statements=[st("re", "re", True), st("re", "keine_90")]),
        None,
    ),
    (
        "pre-lead-unlocks-sub",
        normal(statements=[st("re", "re", True), st("kontra", "kontra"), st("re", "sub")]),
        None,
    ),
    (
        "before-lead-on-absage-accepted",
        normal(augen_re=200, statements=[st("re", "re"), st("re", "keine_90", True)]),
        None,
    ),
    ("schwarz-derived-explicit", normal(augen_re=240, schwarz="kontra"), None),
    ("schwarz-none-explicit", normal(schwarz="none"), None),
    ("schwarz-null", normal(schwarz=None), None),
    ("48-augen-1", normal(augen_re=1), DECK_48),
    ("48-augen-0-none", normal(augen_re=0, schwarz="none"), DECK_48),
    ("48-augen-240-kontra", normal(augen_re=240, schwarz="kontra"), DECK_48),
    ("four-doppelkopf", normal(augen_re=160, specials=[sp("re", "doppelkopf")] * 4), None),
    (
        "charlie-am-end-one-caught",
        normal(specials=[sp("re", "charlie_am_end"), sp("re", "charlie_am_end_gefangen")]),
        None,
    ),
    (
        "fuchs-am-end-one-caught",
        normal(specials=[sp("re", "fuchs_am_end"), sp("re", "fuchs_am_end_gefangen")]),
        None,
    ),
    (
        "solo-soloist-three-caught",
        normal(
            kind="stilles_solo",
            re=[1],
            specials=[
                *[sp("re", "fuchs_am_end_gefangen")] * 2,
                sp("re", "charlie_am_end_gefangen"),
            ],
        ),
        None,
    ),
    ("quick-solo-opponents", quick(kind="solo_buben", re=[3], winners=[4, 1, 2]), None),
    ("quick-normal-ignores-re", quick(re="anything"), None),
    ("quick-value-0", quick(value=0), None),
    ("revoke-ignores-other-fields", revoke(augen_re="x", statements=5), None),
    ("direct-points-ignore-kind", direct({"1": 0, "2": 0, "3": 0, "4": 0}, kind="whatever"), None),
    ("direct-revoke-pattern", direct({"1": 15, "2": 0, "3": -15, "4": 0}), None),
    (
        "direct-null-winners-value",
        direct({"1": 3, "2": -1, "3": -1, "4": -1}, winners=None, value=None),
        None,
    ),
    ("revoke-null-is-no-revoke", normal(revoke=None, winners=None, value=None, points=None), None),
]


@pytest.mark.parametrize(
    ("record", "options"), [pytest.param(*case[1:], id=case[0]) for case in ACCEPTED]
)
def test_accepted(record: dict[str, Any], options: ScoringOptions | None) -> None:
    result = score_game(record, options or ScoringOptions())
    assert sum(result.points.values()) == 0


def test_error_field_paths_are_json_paths() -> None:
    pattern = re.compile(r"^[a-z_]+(\[\d+\])?(\.[A-Za-z0-9_-]+)?$")
    for case in CASES:
        field = case[3]
        if field is not None and not field.startswith(("typo", "sitting-out")):
            assert pattern.match(field) or field in {"Specials", "sitting-out"}, field


def test_parse_record_returns_typed_records() -> None:
    assert type(parse_record(normal())).__name__ == "CalculatorRecord"
    assert type(parse_record(quick())).__name__ == "QuickEntry"
    assert type(parse_record(revoke())).__name__ == "Revoke"
    assert type(parse_record(direct({"1": 0, "2": 0, "3": 0, "4": 0}))).__name__ == "DirectPoints"


HUGE = 10**5000  # longer than Python will print as text


def test_huge_numbers_are_refused_with_a_printable_message() -> None:
    records = [
        normal(augen_re=HUGE),
        normal(re=[1, -HUGE]),
        five(sitting_out=HUGE),
        revoke(HUGE),
        quick(value=HUGE),
        direct({"1": HUGE, "2": 0, "3": 0, "4": -HUGE}),
        direct({"1": HUGE, "2": 0, "3": 0, "4": 0}),
        direct({"1": 0, "2": 0, "3": 0, "4": 0, "5": HUGE}, table_size=5, sitting_out=5),
    ]
    for record in records:
        with pytest.raises(RecordError) as info:
            score_game(record)
        assert "10^5000" in info.value.message() or "10^4999" in info.value.message()
        assert not PLACEHOLDER.search(info.value.message("en"))

"""Every refusal of DDV.md §8 (records) names its field and says why, in German and English."""

from __future__ import annotations

import pytest

from rules.ddv.engine import score_game
from rules.ddv.errors import DdvRefused

N = {"kind": "normal", "re": [1, 2], "augen_re": 130}
SOLO = {"kind": "solo_damen", "re": [1], "augen_re": 130}


def with_(base: dict, **changes) -> dict:
    record = dict(base)
    record.update(changes)
    return record


def st(*pairs: tuple[str, str]) -> list[dict]:
    return [{"party": party, "call": call} for party, call in pairs]


def sp(*pairs: tuple[str, str]) -> list[dict]:
    return [{"party": party, "kind": kind} for party, kind in pairs]


def pen(kind: str = "normal", re=None, **penalty) -> dict:
    record = {"kind": kind, "penalty": penalty}
    if re is not None:
        record["re"] = re
    return record


RECORD_REFUSALS = [
    # wrong JSON types, vocabulary
    ("seat is true", with_(N, re=[True, 2]), "re[0]"),
    ("table size 4.0", with_(N, table_size=4.0), "table_size"),
    ("augen as text", with_(N, augen_re="130"), "augen_re"),
    ("not an object", [1, 2], None),
    ("unknown field", with_(N, bock=True), "bock"),
    # the table
    ("table of six", with_(N, table_size=6), "table_size"),
    ("five without sitting out", with_(N, table_size=5), "sitting_out"),
    ("four with sitting out", with_(N, sitting_out=3), "sitting_out"),
    ("sitting out seat 7", with_(N, table_size=5, sitting_out=7), "sitting_out"),
    ("revoke", with_(N, revoke={"offender": 1}), "revoke"),
    ("unknown kind", with_(N, kind="solo_karo"), "kind"),
    ("missing kind", {"re": [1, 2], "augen_re": 130}, "kind"),
    # the Re party
    ("seat twice", with_(N, re=[1, 1]), "re[1]"),
    ("one Re seat in a team kind", with_(N, re=[1]), "re"),
    ("two Re seats in a solo", with_(SOLO, re=[1, 2]), "re"),
    ("Re seat sits out", with_(N, table_size=5, sitting_out=2), "re[1]"),
    ("seat 5 at four", with_(N, re=[1, 5]), "re[1]"),
    # solo_mode and klaerungsstich
    ("solo_mode on a normal game", with_(N, solo_mode="pflicht"), "solo_mode"),
    (
        "solo_mode on a stille Hochzeit",
        with_(SOLO, kind="stilles_solo", solo_mode="lust"),
        "solo_mode",
    ),
    (
        "solo_mode on hochzeit_allein",
        with_(SOLO, kind="hochzeit_allein", solo_mode="pflicht"),
        "solo_mode",
    ),
    ("unknown solo_mode", with_(SOLO, solo_mode="frei"), "solo_mode"),
    ("klaerungsstich on a normal game", with_(N, klaerungsstich=1), "klaerungsstich"),
    ("klaerungsstich 4", with_(N, kind="hochzeit", klaerungsstich=4), "klaerungsstich"),
    (
        "klaerungsstich 2 alone",
        with_(SOLO, kind="hochzeit_allein", klaerungsstich=2),
        "klaerungsstich",
    ),
    # Augen and schwarz
    ("augen 241", with_(N, augen_re=241), "augen_re"),
    ("augen -1", with_(N, augen_re=-1), "augen_re"),
    ("augen 1", with_(N, augen_re=1), "augen_re"),
    ("augen 239", with_(N, augen_re=239), "augen_re"),
    ("augen missing", {"kind": "normal", "re": [1, 2]}, "augen_re"),
    ("schwarz unknown", with_(N, schwarz="beide"), "schwarz"),
    ("schwarz missing at 0", with_(N, augen_re=0), "schwarz"),
    ("schwarz missing at 240", with_(N, augen_re=240), "schwarz"),
    ("Re schwarz with Augen", with_(N, augen_re=10, schwarz="re"), "schwarz"),
    ("Kontra schwarz with Augen", with_(N, augen_re=200, schwarz="kontra"), "schwarz"),
    # statements
    (
        "unknown party",
        with_(N, statements=[{"party": "alle", "call": "re"}]),
        "statements[0].party",
    ),
    (
        "sub",
        with_(N, statements=st(("re", "re"), ("kontra", "kontra"), ("re", "sub"))),
        "statements[2].call",
    ),
    (
        "in",
        with_(N, statements=st(("re", "re"), ("kontra", "kontra"), ("kontra", "in"))),
        "statements[2].call",
    ),
    ("unknown call", with_(N, statements=st(("re", "keine_120"))), "statements[0].call"),
    ("re by Kontra", with_(N, statements=st(("kontra", "re"))), "statements[0].call"),
    ("kontra by Re", with_(N, statements=st(("re", "kontra"))), "statements[0].call"),
    ("the same call twice", with_(N, statements=st(("re", "re"), ("re", "re"))), "statements[1]"),
    (
        "the same Absage twice",
        with_(N, statements=st(("re", "re"), ("re", "keine_90"), ("re", "keine_90"))),
        "statements[2]",
    ),
    ("Absage without Ansage", with_(N, statements=st(("re", "keine_90"))), "statements[0].call"),
    (
        "before_lead not a boolean",
        with_(N, statements=[{"party": "re", "call": "re", "before_lead": "ja"}]),
        "statements[0].before_lead",
    ),
    ("statements not a list", with_(N, statements="re"), "statements"),
    # specials
    ("house-only Herzstich", with_(N, specials=sp(("re", "herzstich"))), "specials[0].kind"),
    ("house-only Fuchs am End", with_(N, specials=sp(("re", "fuchs_am_end"))), "specials[0].kind"),
    (
        "house-only Charlie gefangen",
        with_(N, specials=sp(("re", "charlie_am_end_gefangen"))),
        "specials[0].kind",
    ),
    ("gegen entered", with_(N, specials=sp(("kontra", "gegen"))), "specials[0].kind"),
    ("unknown special", with_(N, specials=sp(("re", "karlchen"))), "specials[0].kind"),
    ("special in a solo", with_(SOLO, specials=sp(("re", "doppelkopf"))), "specials"),
    (
        "special in hochzeit_allein",
        with_(SOLO, kind="hochzeit_allein", specials=sp(("re", "fuchs_gefangen"))),
        "specials",
    ),
    (
        "five Doppelköpfe",
        with_(N, augen_re=200, specials=sp(*[("re", "doppelkopf")] * 5)),
        "specials",
    ),
    ("three Füchse", with_(N, specials=sp(*[("re", "fuchs_gefangen")] * 3)), "specials"),
    (
        "two Karlchen",
        with_(N, specials=sp(("re", "charlie_am_end"), ("kontra", "charlie_am_end"))),
        "specials",
    ),
    (
        "two Doppelköpfe with 70 Augen",
        with_(N, augen_re=70, specials=sp(("re", "doppelkopf"), ("re", "doppelkopf"))),
        "specials",
    ),
    (
        "three Doppelköpfe with 120 Augen",
        with_(N, augen_re=120, specials=sp(*[("re", "doppelkopf")] * 3)),
        "specials",
    ),
    (
        "two Füchse with 20 Augen",
        with_(N, augen_re=20, specials=sp(("re", "fuchs_gefangen"), ("re", "fuchs_gefangen"))),
        "specials",
    ),
    (
        "special with 0 Augen",
        with_(N, augen_re=0, schwarz="none", specials=sp(("re", "charlie_am_end"))),
        "specials",
    ),
    (
        "special without a trick",
        with_(N, augen_re=240, schwarz="kontra", specials=sp(("kontra", "charlie_am_end"))),
        "specials",
    ),
    # quick entry
    ("value 30 in a team kind", {"kind": "normal", "winners": [1, 2], "value": 30}, "value"),
    ("value 22 in a solo", {"kind": "solo_buben", "re": [1], "winners": [1], "value": 22}, "value"),
    ("value missing", {"kind": "normal", "winners": [1, 2]}, "value"),
    ("value as text", {"kind": "normal", "winners": [1, 2], "value": "3"}, "value"),
    (
        "three winners in a team kind",
        {"kind": "normal", "winners": [1, 2, 3], "value": 3},
        "winners",
    ),
    ("winner twice", {"kind": "normal", "winners": [1, 1], "value": 3}, "winners[1]"),
    (
        "winner sits out",
        {"kind": "normal", "winners": [1, 5], "value": 3, "table_size": 5, "sitting_out": 5},
        "winners[1]",
    ),
    (
        "solo winners mixed",
        {"kind": "solo_buben", "re": [1], "winners": [1, 2], "value": 3},
        "winners",
    ),
    ("solo without soloist", {"kind": "solo_buben", "winners": [1], "value": 3}, "re"),
    # direct points
    ("points keys", {"points": {"1": 1, "2": 1, "3": -1, "5": -1}}, "points"),
    ("points not int", {"points": {"1": 1, "2": 1, "3": -1.0, "4": -1}}, "points.3"),
    (
        "points sitting out",
        {"points": {"1": 2, "2": 2, "3": -2, "4": -2, "5": 0}, "table_size": 5, "sitting_out": 1},
        "points",
    ),
    ("points sum", {"points": {"1": 3, "2": 3, "3": -3, "4": -2}}, "points"),
    ("points pattern", {"points": {"1": 4, "2": -4, "3": 2, "4": -2}}, "points"),
    ("points above 29", {"points": {"1": 30, "2": -30, "3": 30, "4": -30}}, "points"),
    ("points solo above 21", {"points": {"1": -22, "2": 66, "3": -22, "4": -22}}, "points"),
    ("points not an object", {"points": [1, 1, -1, -1]}, "points"),
    # penalties
    ("penalty not an object", {"kind": "normal", "penalty": "gelb"}, "penalty"),
    ("offender not a seat", pen(offender=5, severity="geringfuegig"), "penalty.offender"),
    (
        "offender sits out",
        with_(pen(offender=5, severity="geringfuegig"), table_size=5, sitting_out=5),
        "penalty.offender",
    ),
    ("unknown severity", pen(offender=1, severity="mittel"), "penalty.severity"),
    (
        "unknown penalty field",
        pen(offender=1, severity="geringfuegig", karte="rot"),
        "penalty.karte",
    ),
    (
        "solo_known missing",
        pen("stilles_solo", [1], offender=2, severity="geringfuegig"),
        "penalty.solo_known",
    ),
    (
        "solo_known on a normal game",
        pen(offender=2, severity="geringfuegig", solo_known=True),
        "penalty.solo_known",
    ),
    (
        "solo_known on an announced solo",
        pen("solo_buben", [1], offender=2, severity="geringfuegig", solo_known=True),
        "penalty.solo_known",
    ),
    (
        "harms_soloist not a boolean",
        pen("solo_buben", [1], offender=2, severity="geringfuegig", harms_soloist="ja"),
        "penalty.harms_soloist",
    ),
    (
        "harms_soloist outside a solo",
        pen(offender=2, severity="geringfuegig", harms_soloist=True),
        "penalty.harms_soloist",
    ),
    (
        "harms_soloist by the soloist",
        pen("solo_buben", [1], offender=1, severity="geringfuegig", harms_soloist=True),
        "penalty.harms_soloist",
    ),
    (
        "harms_soloist on a serious violation",
        pen("solo_buben", [1], offender=2, severity="schwerwiegend", harms_soloist=True),
        "penalty.harms_soloist",
    ),
    (
        "harms_soloist before the solo is known",
        pen(
            "stilles_solo",
            [1],
            offender=2,
            severity="geringfuegig",
            solo_known=False,
            harms_soloist=True,
        ),
        "penalty.harms_soloist",
    ),
    (
        "absagen on a minor violation",
        pen(offender=2, severity="geringfuegig", absagen=1),
        "penalty.absagen",
    ),
    ("absagen 5", pen(offender=2, severity="schwerwiegend", absagen=5), "penalty.absagen"),
    ("deduction missing", pen(offender=2, severity="unsportlich"), "penalty.points"),
    ("deduction 13", pen(offender=2, severity="unsportlich", points=13), "penalty.points"),
    ("deduction 0", pen(offender=2, severity="unsportlich", points=0), "penalty.points"),
    (
        "deduction on a minor violation",
        pen(offender=2, severity="geringfuegig", points=3),
        "penalty.points",
    ),
    (
        "soloist missing in the solo phase",
        pen("solo_herz", offender=2, severity="schwerwiegend"),
        "re",
    ),
    ("two soloists", pen("solo_herz", [1, 2], offender=2, severity="schwerwiegend"), "re"),
]


@pytest.mark.parametrize(
    ("record", "field"),
    [(record, field) for _name, record, field in RECORD_REFUSALS],
    ids=[name for name, _record, _field in RECORD_REFUSALS],
)
def test_a_bad_record_is_refused_naming_the_field(record, field) -> None:
    with pytest.raises(DdvRefused) as refused:
        score_game(record)
    assert refused.value.field == field
    german, english = refused.value.message("de"), refused.value.message("en")
    assert german and english and german != english
    assert refused.value.to_json("en") == {"field": field, "message": english}


def test_the_option_implies_a_missing_ansage() -> None:
    record = with_(N, augen_re=185, statements=st(("re", "keine_60")))
    assert score_game(record, imply_ansage=True).value == 7  # as T18 with "Re" entered


def test_direct_points_ignore_the_kind_in_a_single_record() -> None:
    record = {"kind": "solo_karo", "solo_mode": "frei", "points": {"1": 3, "2": 0, "3": 0, "4": -3}}
    assert score_game(record).points == {1: 3, 2: 0, 3: 0, 4: -3}

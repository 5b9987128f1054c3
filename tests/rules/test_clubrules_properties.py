"""Properties of the club options (CLUBRULES.md) over random option sets: every game sums to
zero, the breakdown sums to V, Bock multiplies exactly the calculator and quick entry, options
a record does not touch change nothing, the sheet's Bockrunden follow §5.3, and the defaults
score every record exactly as the engine did before the club options (a corpus of 500 records
scored by that engine)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.hausregeln import RecordError, ScoringOptions, score_game, score_sheet
from rules.hausregeln.options import BOCK_TRIGGERS, SCHMEISSEN_REASONS, SOLO_KINDS
from rules.hausregeln.parsing import played_kinds, solo_valued
from rules.hausregeln.vocabulary import ANNOUNCED_SOLOS
from tests.rules.strategies import calculator_records, quick_entries, revoke_records

CORPUS = json.loads(
    Path(__file__).with_name("seed-scoring-corpus.json").read_text(encoding="utf-8")
)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_defaults_score_every_record_as_the_engine_before_the_club_options() -> None:
    for item in CORPUS:
        options = ScoringOptions.from_dict(item["options"])
        answer = score_game(item["record"], options).to_json()
        assert answer.pop("bock") == 1
        assert answer == item["result"], item


def _subset(values: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(values), unique=True).map(
        lambda chosen: [v for v in values if v in chosen]
    )


club_options = st.builds(
    lambda **data: ScoringOptions.from_dict(data),
    deck=st.sampled_from([40, 48]),
    pre_lead_counts=st.booleans(),
    ddv_absage_bonus=st.booleans(),
    ansagen=st.sampled_from(["plus1", "plus2", "double"]),
    tie_120=st.sampled_from(["kontra", "kontra_full", "ddv", "nobody"]),
    sonderpunkte=st.fixed_dictionaries(
        {},
        optional={
            name: st.integers(0, 3)
            for name in (
                "gegen",
                "herzstich",
                "fuchs_gefangen",
                "fuchs_am_end_gefangen",
                "fuchs_am_end",
                "charlie_am_end",
                "charlie_am_end_gefangen",
                "doppelkopf",
            )
        },
    ),
    solo_kinds=_subset(SOLO_KINDS),
    solo_points=st.fixed_dictionaries({}, optional={k: st.integers(0, 6) for k in SOLO_KINDS}),
    solo_lost_point=st.booleans(),
    stilles_solo=st.sampled_from(["normal", "solo"]),
    hochzeit_allein=st.sampled_from(["normal", "solo"]),
    klaerungsstich_max=st.integers(1, 3),
    armut=st.booleans(),
    armut_point=st.booleans(),
    armut_untaken=st.sampled_from(["redeal", "normal"]),
    schmeissen=st.sampled_from(["not_entered", "redeal", "game"]),
    schmeissen_reasons=_subset(SCHMEISSEN_REASONS),
    bock=st.booleans(),
    bock_triggers=_subset(BOCK_TRIGGERS),
    bock_games=st.integers(0, 12),
    bock_multiplier=st.sampled_from([2, 3]),
    bock_overlap=st.sampled_from(["stack", "queue"]),
)


@st.composite
def club_games(draw: st.DrawFn) -> tuple[dict[str, Any], ScoringOptions]:
    """(a record valid under the options, the options): calculator, quick entry or revoke of
    a kind the club plays, without Sonderpunkte where the club values it like a solo."""
    options = draw(club_options)
    kinds = played_kinds(options)
    no_specials = {kind for kind in kinds if solo_valued(kind, options)}
    record = draw(
        st.one_of(
            calculator_records(options.deck, kinds, no_specials),
            quick_entries(kinds, options.max_value),
            revoke_records(kinds),
        )
    )
    return record, options


@FAST
@given(club_games())
def test_every_game_sums_to_zero_and_its_breakdown_to_v(game) -> None:
    record, options = game
    result = score_game(record, options)
    assert sum(result.points.values()) == 0
    if result.breakdown:
        assert sum(item.points for item in result.breakdown) == result.value
    assert result.plus == tuple(seat for seat, p in result.points.items() if p > 0)


@FAST
@given(club_games(), st.integers(0, 3))
def test_bock_multiplies_the_calculator_and_the_quick_entry_only(game, k) -> None:
    record, options = game
    options = ScoringOptions.from_dict({**options.to_dict(), "bock": True, "bock_games": 4})
    m = options.bock_multiplier**k
    if options.bock_overlap == "queue":
        m = min(m, options.bock_multiplier)
    plain, bocked = score_game(record, options), score_game({**record, "bock": m}, options)
    factor = 1 if "revoke" in record else m
    assert bocked.points == {seat: p * factor for seat, p in plain.points.items()}
    assert (bocked.value, bocked.breakdown, bocked.bock) == (plain.value, plain.breakdown, m)


def _untouched(options: ScoringOptions, record: dict[str, Any]) -> dict[str, Any]:
    """Options that a Bock-free, Schmeißen-free seed record does not read, set at random."""
    data = options.to_dict()
    return {
        **data,
        "bock_triggers": list(reversed(BOCK_TRIGGERS)),
        "bock_games": 7,
        "bock_multiplier": 3,
        "bock_overlap": "queue",
        "schmeissen": "game",
        "schmeissen_reasons": list(SCHMEISSEN_REASONS),
        "armut": True,
        "armut_untaken": "normal",
        "klaerungsstich_max": 1,
        "solo_kinds": list(SOLO_KINDS),
    }


@FAST
@given(club_games())
def test_options_a_record_does_not_read_change_nothing(game) -> None:
    record, options = game
    other = ScoringOptions.from_dict(_untouched(options, record))
    assert score_game(record, other).to_json() == score_game(record, options).to_json()


@FAST
@given(club_options, st.data())
def test_the_sheets_bock_follows_the_rows_before(options, data) -> None:
    """§5.3: m is f^(open Bockrunden) (stack) or f (queue); a Schmeißen under "redeal" uses no
    Bock game and keeps the dealer; the totals are the sum of the rows."""
    kinds = played_kinds(options)
    rows: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(1, 16))):
        if options.schmeissen != "not_entered" and data.draw(st.integers(0, 5)) == 0:
            allowed = set(options.schmeissen_reasons) - {"neunen", "neunen_koenige", "armut"}
            reasons = sorted(allowed)
            if reasons:
                rows.append(
                    {"schmeissen": {"seat": 1, "reason": data.draw(st.sampled_from(reasons))}}
                )
                continue
        no_specials = {kind for kind in kinds if solo_valued(kind, options)}
        rows.append(data.draw(calculator_records(options.deck, kinds, no_specials, (4,))))
    score = score_sheet(rows, table_size=4, cycles=4, options=options)
    assert not score.issues, score.issues
    f, open_rounds, seat = options.bock_multiplier, [], 1
    for game in score.games:
        redeal = game.number is None
        if not options.bock:
            assert game.bock == 1 and not game.ausloeser
        elif options.bock_overlap == "stack":
            assert game.bock == f ** len(open_rounds)
        else:
            assert game.bock == (f if open_rounds else 1)
        assert game.dealer == seat
        if not redeal:
            seat = seat % 4 + 1
            if options.bock_overlap == "stack":
                open_rounds = [left - 1 for left in open_rounds if left > 1]
            elif open_rounds:
                open_rounds = (
                    [open_rounds[0] - 1, *open_rounds[1:]]
                    if open_rounds[0] > 1
                    else open_rounds[1:]
                )
        if game.ausloeser:
            open_rounds.append(options.bock_round_games(4))
    assert list(score.bock_open) == open_rounds
    totals = {s: sum(g.result.points[s] for g in score.games) for s in range(1, 5)}
    assert score.totals == totals


def test_an_announced_solo_the_club_does_not_play_is_refused_whatever_else() -> None:
    for kind in SOLO_KINDS:
        options = ScoringOptions(solo_kinds=tuple(k for k in SOLO_KINDS if k != kind))
        try:
            score_game({"kind": kind, "re": [1], "augen_re": 130}, options)
        except RecordError as refused:
            assert refused.field == "kind"
        else:
            raise AssertionError(kind)
    assert all(kind.value in SOLO_KINDS for kind in ANNOUNCED_SOLOS)

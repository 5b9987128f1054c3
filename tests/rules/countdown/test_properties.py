"""Property tests: random Parties and rounds of all three games at 3, 4 and 5 seats keep the
contract's invariants (COUNTDOWN.md §4, §5, §8.2, §8.3)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.countdown import Refusal, parse_options, partie_points, play_partie, play_round
from rules.countdown.games import GAMES, UPPER_END_24
from rules.countdown.partie import PartiePlay
from rules.countdown.round import RoundPlay, round_dealer
from tests.examples import examples
from tests.rules.countdown.dealing import deal_record, options_json

SETTINGS = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAME_KEYS = ("24", "zwanzig", "20ab")


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, dict[str, Any], int]:
    game = draw(st.sampled_from(GAME_KEYS))
    return game, draw(options_json(game)), draw(st.sampled_from([3, 4, 5]))


def check_deal(game: str, size: int, before: dict[int, int], record: dict[str, Any], after) -> None:
    """Tricks per deal, unchanged seats that did not play, signs of the changes."""
    spec = GAMES[game]
    tricks = {int(seat): count for seat, count in record["tricks"].items()}
    assert sum(tricks.values()) == spec.tricks
    sitter = spec.sitter(record["dealer"], size)
    for seat in range(1, size + 1):
        change = after[seat] - before[seat]
        if seat not in tricks:
            assert change == 0
            assert seat == sitter or seat in record.get("out", [])
        elif tricks[seat]:
            assert change < 0
            assert change % tricks[seat] == 0
        else:
            assert change > 0


@SETTINGS
@given(setup=setups(), data=st.data(), length=st.integers(1, 60))
def test_a_random_partie_keeps_the_invariants(setup, data, length) -> None:
    game, raw, size = setup
    options = parse_options(game, raw)
    play = PartiePlay(game, options, size)
    records: list[dict[str, Any]] = []
    dealer = data.draw(st.integers(1, size))
    while len(records) < length and not play.finished:
        record = deal_record(data, options, play, dealer)
        before = dict(play.scores)
        play.add(record)
        check_deal(game, size, before, record, play.scores)
        records.append(record)
        dealer = GAMES[game].left(dealer, size)
    result = play_partie(game, raw, size, records)
    assert result.deals == len(records)
    assert result.scores == play.scores
    if result.finished:
        low = min(result.scores.values())
        assert result.winners == [s for s, v in sorted(result.scores.items()) if v == low]
        if game == "24":
            assert low <= 0 or max(result.scores.values()) >= UPPER_END_24
        else:
            assert low <= 0
            assert len(result.winners) == 1 or raw.get("tie") == "share"
        assert sum(partie_points(result.scores).values()) == 0
        # No deal after the Partie's end: the next record, valid as it may look, is refused.
        follow = deal_record(data, options, PartiePlay(game, options, size), dealer)
        follow["deal"] = len(records) + 1
        with pytest.raises(Refusal) as raised:
            play_partie(game, raw, size, [*records, follow])
        assert raised.value.field == f"records[{len(records)}]"
    else:
        assert result.winners == []


@SETTINGS
@given(
    setup=setups(),
    data=st.data(),
    cycles=st.integers(1, 5),
    stop=st.one_of(st.none(), st.integers(0, 30)),
)
def test_a_random_round_keeps_the_invariants(setup, data, cycles, stop) -> None:
    game, raw, size = setup
    options = parse_options(game, raw)
    play = RoundPlay(game, options, size, cycles)
    parties: list[list[dict[str, Any]]] = []
    while not play.over and (stop is None or play.deals < stop):
        current = play.current
        if current is None or current.finished:
            current = play.open_partie()
            parties.append([])
        record = deal_record(data, options, current, round_dealer(play.deals, size))
        play.add(current, record)
        parties[-1].append(record)
    stopped = stop is not None and not play.over
    result = play_round(game, raw, size, parties, cycles, stopped)
    dealt = [record for partie in parties for record in partie]
    # Round length and the dealer passing to the left across Parties.
    assert result.deals == len(dealt) <= cycles * size
    assert [record["dealer"] for record in dealt] == [
        round_dealer(index, size) for index in range(len(dealt))
    ]
    assert result.complete == (stopped or play.over)
    for index, partie in enumerate(result.parties):
        last = index == len(result.parties) - 1
        assert partie.deals == len(parties[index]) >= 1
        if not last:
            assert partie.finished and partie.counted
        if partie.counted:
            points = partie.partiepunkte
            assert points is not None and sum(points.values()) == 0
            assert all(abs(p) <= size - 1 for p in points.values())
        if partie.void:
            assert stopped and last and partie.deals < size
        if partie.aborted and not partie.void:
            assert partie.deals >= size
    # A new Partie only with at least n deals left.
    opened = 0
    for partie in parties:
        assert cycles * size - opened >= size
        opened += len(partie)
    totals = result.totals()
    assert sum(row["partiepunkte"] for row in totals.values()) == 0
    counted = sum(1 for partie in result.parties if partie.counted)
    assert all(row["parties"] == counted for row in totals.values())
    assert sum(row["siege"] for row in totals.values()) >= counted


@SETTINGS
@given(setup=setups(), data=st.data())
def test_the_flat_sheet_scores_like_the_round(setup, data) -> None:
    import rules

    game, raw, size = setup
    ruleset = rules.get(game)
    options = ruleset.options(raw)
    play = RoundPlay(game, options, size, 2)
    rows: list[dict[str, Any]] = []
    parties: list[list[dict[str, Any]]] = []
    while not play.over:
        current = play.current
        if current is None or current.finished:
            current = play.open_partie()
            parties.append([])
        record = deal_record(data, options, current, ruleset.dealer(len(rows) + 1, size))
        play.add(current, record)
        rows.append(record)
        parties[-1].append(record)
    sheet = ruleset.countdown_sheet(rows, size, 2, options)
    assert sheet.ok
    assert len(rows) <= ruleset.sheet_length(size, 2)
    assert sheet.round.to_json() == play_round(game, raw, size, parties, 2).to_json()
    for row in sheet.games:
        assert row.sitting_out == ruleset.sitter(row.game, size)
    # Through the interface: the row points are Partiepunkte, zero-sum, ending on the Partie ends.
    result = ruleset.score_sheet(rows, size, 2, options)
    assert result.ok and result.complete and result.totals == sheet.totals
    assert sum(result.totals.values()) == 0
    for row in result.rows:
        assert sum(row.points.values()) == 0
        assert bool(row.plus) == (row.winner in ("ende", "abbr"))

"""Round 2+: seating by placement (rule 3), lots for ties across table boundaries."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.seating.core import (
    RankedPlayer,
    SeatingError,
    TieLot,
    is_seatable,
    seat_by_placement,
    table_sizes,
)


def ranking(*keys, first_id=1):
    """Players first_id, first_id+1, ... in standings order with the given keys."""
    return [RankedPlayer(first_id + i, (k,)) for i, k in enumerate(keys)]


def distinct(n):
    return ranking(*range(n, 0, -1))


@pytest.mark.parametrize("n", [n for n in range(4, 41) if is_seatable(n)])
def test_places_fill_tables_in_order(n):
    result = seat_by_placement(distinct(n), seed=7)
    assert result.lots == ()
    assert result.order == tuple(range(1, n + 1))
    assert result.seating.sizes == table_sizes(n)
    assert result.seating.five_tables_last
    place = 1
    for table in result.seating.tables:
        assert set(table.seats) == set(range(place, place + table.size))
        place += table.size


def test_rule_three_example():
    seating = seat_by_placement(distinct(13), seed=1).seating
    assert set(seating.table(1).seats) == {1, 2, 3, 4}
    assert set(seating.table(2).seats) == {5, 6, 7, 8}
    assert set(seating.table(3).seats) == {9, 10, 11, 12, 13}  # the 5-table is last


def test_golden_placement_never_changes():
    result = seat_by_placement(ranking(10, 9, 8, 7, 7, 6, 5, 4, 3), seed=42)
    assert [t.seats for t in result.seating.tables] == [(4, 2, 1, 3), (8, 5, 6, 9, 7)]
    assert result.lots == (TieLot((4, 5), 4, 5, (4, 5), (1, 2)),)


def test_tie_across_boundary_is_decided_by_a_reported_lot():
    # places 3..6 share one key: two go to table 1, two to table 2
    players = ranking(10, 9, 5, 5, 5, 5, 4, 3)
    winners = set()
    for seed in range(1, 60):
        result = seat_by_placement(players, seed)
        assert result == seat_by_placement(players, seed)  # reproducible
        (lot,) = result.lots
        assert lot.participant_ids == (3, 4, 5, 6)
        assert (lot.first_place, lot.last_place) == (3, 6)
        assert sorted(lot.order) == [3, 4, 5, 6]
        assert lot.tables == (1, 1, 2, 2)
        assert result.order[2:6] == lot.order
        table1 = set(result.seating.table(1).seats)
        assert table1 == {1, 2, *lot.order[:2]}
        for pid in lot.order:
            assert result.seating.position_of(pid).table == lot.table_of(pid)
        winners.add(frozenset(lot.order[:2]))
    assert len(winners) == 6  # every pair of the four can win the lot


def test_lot_does_not_depend_on_input_order_within_the_tie():
    players = ranking(10, 9, 5, 5, 5, 5, 4, 3)
    reordered = players[:2] + players[2:6][::-1] + players[6:]
    for seed in range(1, 20):
        assert seat_by_placement(players, seed) == seat_by_placement(reordered, seed)


def test_tie_inside_one_table_needs_no_lot():
    players = ranking(9, 8, 8, 8, 5, 4, 3, 2)  # places 2..4 tied, all at table 1
    result = seat_by_placement(players, seed=3)
    assert result.lots == ()
    assert set(result.seating.table(1).seats) == {1, 2, 3, 4}


def test_tie_ending_exactly_at_boundary_needs_no_lot():
    players = ranking(9, 9, 9, 9, 5, 5, 5, 5)
    assert seat_by_placement(players, seed=3).lots == ()


def test_several_lots():
    # 4-4-5: ties at places 4-5 and 8-10
    players = ranking(20, 19, 18, 17, 17, 15, 14, 13, 13, 13, 9, 8, 7)
    result = seat_by_placement(players, seed=11)
    assert [(lot.first_place, lot.last_place) for lot in result.lots] == [(4, 5), (8, 10)]
    assert result.lots[0].tables == (1, 2)
    assert result.lots[1].tables == (2, 3, 3)


def test_everyone_tied():
    players = [RankedPlayer(pid, (0,)) for pid in range(1, 10)]
    result = seat_by_placement(players, seed=5)
    (lot,) = result.lots
    assert lot.tables == (1, 1, 1, 1, 2, 2, 2, 2, 2)
    assert sorted(result.seating.participants) == list(range(1, 10))


def test_seats_within_a_table_are_drawn():
    players = distinct(8)
    captains = {seat_by_placement(players, seed).seating.table(1).captain for seed in range(40)}
    assert captains == {1, 2, 3, 4}  # not always the leader


@given(
    n=st.integers(min_value=4, max_value=60).filter(is_seatable),
    seed=st.integers(min_value=1, max_value=999_999_999),
    data=st.data(),
)
def test_placement_properties(n, seed, data):
    scores = data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    keys = sorted(((s,) for s in scores), reverse=True)
    ids = data.draw(st.permutations(range(1, n + 1)))
    players = [RankedPlayer(pid, key) for pid, key in zip(ids, keys, strict=True)]
    result = seat_by_placement(players, seed)
    assert result == seat_by_placement(players, seed)
    seating = result.seating
    assert sorted(seating.participants) == list(range(1, n + 1))
    assert seating.sizes == table_sizes(n)
    key_of = {p.participant_id: p.key for p in players}
    # a better key never sits at a higher table than a worse key
    for a in seating.as_rows():
        for b in seating.as_rows():
            if key_of[a.participant_id] > key_of[b.participant_id]:
                assert a.table <= b.table
    # every lot spans more than one table, and only ties get lots
    for lot in result.lots:
        assert len(set(lot.tables)) > 1
        assert len({key_of[pid] for pid in lot.participant_ids}) == 1


def test_ranking_errors():
    with pytest.raises(SeatingError) as info:
        seat_by_placement(ranking(5, 4, 5, 3), seed=1)
    assert info.value.code == "tie_not_contiguous"
    with pytest.raises(SeatingError) as info:
        seat_by_placement([RankedPlayer(1, (1,))] * 4, seed=1)
    assert info.value.code == "duplicate_participant"
    with pytest.raises(SeatingError) as info:
        seat_by_placement(distinct(6), seed=1)
    assert info.value.code == "unseatable"


def test_different_seeds_draw_different_lots():
    players = ranking(*([1] * 8))
    orders = {seat_by_placement(players, seed).lots[0].order for seed in range(30)}
    assert len(orders) > 20

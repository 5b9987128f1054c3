"""Round 2 and later by a seating rule: by placement, by placement avoiding repeats, drawn
avoiding repeats; the account of the pairs who meet again; seats rotating over the evening."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.seating.core import (
    History,
    RankedPlayer,
    Seating,
    SeatingRule,
    TableSeating,
    draw_seating,
    evening_full_round,
    is_seatable,
    repeat_report,
    rotate_seats,
    seat_by_rule,
    table_sizes,
)
from tournament.seating.core.history import pair

SEATABLE = [n for n in range(4, 41) if is_seatable(n)]


def ranking_of(ids):
    return [RankedPlayer(pid, (-place,)) for place, pid in enumerate(ids)]


def random_ranking(n, rng):
    ids = list(range(1, n + 1))
    rng.shuffle(ids)
    return ranking_of(ids)


def earlier_rounds(n, rounds, seed):
    """``rounds`` earlier seatings of players 1..n, drawn."""
    return [draw_seating(range(1, n + 1), seed * 100 + r) for r in range(rounds)]


def evening(n, rounds, rule, seed):
    """Seat ``rounds`` rounds by ``rule`` along random standings; the seatings."""
    rng = random.Random(seed)
    seatings = [draw_seating(range(1, n + 1), seed)]
    for r in range(1, rounds):
        result = seat_by_rule(rule, random_ranking(n, rng), History.of(seatings), seed + r)
        seatings.append(result.seating)
    return seatings


def meetings(seatings):
    return History.of(seatings).met


def repeat_pairs_over(seatings):
    """Pairs meeting again, summed over the rounds after the first."""
    return sum(
        repeat_report(seating, History.of(seatings[:index])).pairs
        for index, seating in enumerate(seatings)
        if index
    )


rules = st.sampled_from(list(SeatingRule))


@settings(max_examples=60, deadline=None)
@given(rules, st.sampled_from(SEATABLE), st.integers(0, 4), st.integers(1, 10**9))
def test_every_player_sits_once_at_feasible_tables_and_a_seed_repeats_itself(rule, n, rounds, seed):
    history = History.of(earlier_rounds(n, rounds, seed % 1000))
    ranking = random_ranking(n, random.Random(seed))
    result = seat_by_rule(rule, ranking, history, seed)
    assert sorted(result.seating.participants) == list(range(1, n + 1))
    assert result.seating.sizes == table_sizes(n)
    assert seat_by_rule(rule, ranking, history, seed) == result
    assert result.report.round == rounds + 1


@settings(max_examples=60, deadline=None)
@given(rules, st.sampled_from(SEATABLE), st.integers(1, 5), st.integers(1, 10**9))
def test_no_rule_repeats_more_than_plain_placement(rule, n, rounds, seed):
    history = History.of(earlier_rounds(n, rounds, seed % 1000))
    ranking = random_ranking(n, random.Random(seed))
    plain = seat_by_rule(SeatingRule.PLACEMENT, ranking, history, seed).report
    report = seat_by_rule(rule, ranking, history, seed).report
    assert report.pairs <= plain.pairs
    assert report.unavoidable <= report.pairs


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SEATABLE), st.integers(1, 4), st.integers(1, 10**9))
def test_placement_avoiding_moves_nobody_beyond_the_neighbouring_table(n, rounds, seed):
    history = History.of(earlier_rounds(n, rounds, seed % 1000))
    ranking = random_ranking(n, random.Random(seed))
    plain = seat_by_rule(SeatingRule.PLACEMENT, ranking, history, seed).seating
    avoiding = seat_by_rule(SeatingRule.PLACEMENT_AVOID, ranking, history, seed).seating
    for pid in range(1, n + 1):
        assert abs(plain.position_of(pid).table - avoiding.position_of(pid).table) <= 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_four_rounds_of_37_by_placement_avoiding_repeats(seed):
    """No pair meets three times, and no more pairs meet again than under plain placement."""
    avoiding = evening(37, 4, SeatingRule.PLACEMENT_AVOID, seed)
    plain = evening(37, 4, SeatingRule.PLACEMENT, seed)
    assert max(meetings(avoiding).values()) <= 2
    assert repeat_pairs_over(avoiding) <= repeat_pairs_over(plain)


def test_plain_placement_of_that_evening_does_repeat():
    """The evening above is no empty test: plain placement seats pairs together again."""
    assert sum(repeat_pairs_over(evening(37, 4, SeatingRule.PLACEMENT, s)) for s in range(1, 9))


def partitions(players, sizes):
    """Every way to seat ``players`` at tables of ``sizes`` (as sets; order irrelevant)."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):  # the first player at a table of each size
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for tail in partitions(others, left):
                yield [(first, *mates), *tail]


def fewest_repeats(n, history):
    sizes = table_sizes(n)
    best = None
    for tables in partitions(list(range(1, n + 1)), list(sizes)):
        repeats = sum(history.repeat_pairs(table)[0] for table in tables)
        best = repeats if best is None else min(best, repeats)
    return best


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 5, 8, 9, 10, 12]), st.integers(1, 5), st.integers(1, 10**9))
def test_a_drawn_round_has_the_fewest_repeats_there_are(n, rounds, seed):
    history = History.of(earlier_rounds(n, rounds, seed % 10_000))
    ranking = random_ranking(n, random.Random(seed))
    report = seat_by_rule(SeatingRule.DRAWN_AVOID, ranking, history, seed).report
    assert report.pairs == fewest_repeats(n, history)


def test_a_drawn_round_spreads_the_five_tables():
    """Nine players: one 4-table and one 5-table; who sat at the 5-table goes to the 4-table
    as long as the repeats allow it (here: none met before)."""
    history = History(rounds=1, fives=Counter(dict.fromkeys([5, 6, 7, 8, 9], 1)))
    result = seat_by_rule(SeatingRule.DRAWN_AVOID, ranking_of(range(1, 10)), history, 3)
    assert set(result.seating.table(1).seats) <= {5, 6, 7, 8, 9}


def test_a_lot_names_the_table_its_player_sits_at_after_the_swaps():
    """Players 4 and 5 tie for place 4 (a lot at the boundary of tables 1 and 2); both met 1,
    2 and 3 before, so the winner of place 4 moves to table 2 and player 6 up to table 1."""
    ranking = [RankedPlayer(pid, (-pid,)) for pid in (1, 2, 3)]
    ranking += [RankedPlayer(4, (-4,)), RankedPlayer(5, (-4,))]
    ranking += [RankedPlayer(pid, (-pid,)) for pid in (6, 7, 8)]
    history = History(rounds=1, met=Counter({pair(a, b): 1 for a in (1, 2, 3) for b in (4, 5)}))
    result = seat_by_rule(SeatingRule.PLACEMENT_AVOID, ranking, history, 7)
    assert result.report.pairs == 0
    (lot,) = result.lots
    assert lot.participant_ids == (4, 5)
    assert lot.tables == (2, 2)  # both at table 2 now, whoever won place 4
    assert set(result.seating.table(1).seats) == {1, 2, 3, 6}


def test_the_report_of_a_single_table_explains_everything_as_unavoidable():
    seating = Seating((TableSeating(1, (1, 2, 3, 4)),))
    report = repeat_report(seating, History.of([seating]), SeatingRule.DRAWN_AVOID)
    assert (report.pairs, report.third, report.unavoidable) == (6, 0, 6)
    assert [(r.code, r.params) for r in report.reasons] == [
        ("unavoidable", {"pairs": 6}),
        ("evening_full", {"players": 4, "from_round": 2}),
    ]


def test_the_report_names_the_rule_for_the_avoidable_rest():
    """Eight players, the same two tables again: 12 pairs meet again; round 1 had two tables,
    so a table of four seats at least two pairs of one of them (4 in all), the other 8 are the
    rule's."""
    seating = Seating((TableSeating(1, (1, 2, 3, 4)), TableSeating(2, (5, 6, 7, 8))))
    history = History.of([seating])
    for rule, code in [
        (SeatingRule.PLACEMENT, "placement"),
        (SeatingRule.PLACEMENT_AVOID, "near_placement"),
        (SeatingRule.DRAWN_AVOID, "search"),
    ]:
        report = repeat_report(seating, history, rule)
        assert (report.pairs, report.unavoidable, report.from_round) == (12, 4, 3)
        assert [(r.code, r.params) for r in report.reasons] == [
            ("tables_too_few", {"pairs": 4, "round": 1, "tables": 2}),
            (code, {"pairs": 8}),
        ]
    third = repeat_report(seating, History.of([seating, seating]), SeatingRule.PLACEMENT)
    assert third.third == 12
    assert ("evening_full", {"players": 8, "from_round": 3}) in [
        (r.code, r.params) for r in third.reasons
    ]


def test_a_five_table_after_four_tables_must_seat_a_pair_again():
    """Nine players, round 1 at 4 + 5 (two tables): in round 2 the 5-table seats at least
    3 + 1 pairs of one of them, the 4-table 1 + 1: 6, as here."""
    first = Seating((TableSeating(1, (1, 2, 3, 4)), TableSeating(2, (5, 6, 7, 8, 9))))
    second = Seating((TableSeating(1, (1, 2, 5, 6)), TableSeating(2, (3, 4, 7, 8, 9))))
    report = repeat_report(second, History.of([first]), SeatingRule.DRAWN_AVOID)
    assert (report.pairs, report.unavoidable) == (6, 6)
    assert [(r.code, r.params) for r in report.reasons] == [
        ("tables_too_few", {"pairs": 6, "round": 1, "tables": 2}),
    ]


@pytest.mark.parametrize(
    ("players", "first"),
    [(4, 2), (8, 3), (16, 6), (22, 7), (37, 12), (200, 67)],
)
def test_from_which_round_repeats_cannot_be_avoided(players, first):
    """16 players: 120 pairs, 24 per round (five rounds, the affine plane, meet everyone);
    22: 231 pairs, 38 per round; 200: a player at 4-tables meets 3 a round, 199 others."""
    assert evening_full_round(players, table_sizes(players)) == first


# ---------------------------------------------------------------------------- seats


def keeps(seatings, keeper):
    return Counter(table.at_seat(keeper(table.size)) for s in seatings for table in s.tables)


@pytest.mark.parametrize("size", [4, 5])
@pytest.mark.parametrize(
    ("keeper", "dealer"), [(lambda n: 1, lambda n: 1), (lambda n: n, lambda n: 1)]
)
def test_the_same_table_round_after_round_gives_every_seat_to_everyone_once(size, keeper, dealer):
    players = tuple(range(1, size + 1))
    seatings = []
    for number in range(size):
        seating = Seating((TableSeating(1, players),))
        seatings.append(
            rotate_seats(seating, History.of(seatings), number, keeper=keeper, dealer=dealer)
        )
    assert keeps(seatings, keeper) == Counter(players)
    for pid in players:
        assert sorted(s.position_of(pid).seat for s in seatings) == list(players)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([n for n in SEATABLE if n >= 12]), st.integers(1, 10**9))
def test_nobody_keeps_the_list_twice_before_everyone_could_have(n, seed):
    """Over four rounds of any rule with a fixed list keeper's seat (DDV: the last seat), a
    player keeps the list a second time only if everyone at that table kept it already."""
    rng = random.Random(seed)
    seatings = [draw_seating(range(1, n + 1), seed)]
    for r in range(1, 4):
        rule = rng.choice(list(SeatingRule))
        history = History.of(seatings)
        seating = seat_by_rule(
            rule, random_ranking(n, rng), history, seed + r, keeper=lambda size: size
        ).seating
        for table in seating.tables:
            kept = Counter(t.at_seat(t.size) for s in seatings for t in s.tables)
            keeper = table.at_seat(table.size)
            assert kept[keeper] <= min(kept[pid] for pid in table.seats)
        seatings.append(seating)


def test_pairs_are_unordered():
    assert pair(3, 1) == pair(1, 3) == (1, 3)

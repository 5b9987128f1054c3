"""The prize list's pure core: a 37-player evening checked against amounts computed by hand,
and properties that hold for any standings and prize table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from output.prizes.core import Placed, PrizeLine, prize_list
from tests.examples import examples

# The evening: 37 players, 25 members at 10 € and 12 guests at 12 €: pot 250 + 144 = 394 €
# = 39 400 ct. 90 % is paid out: prize money 35 460 ct (354,60 €).
POT = 25 * 1000 + 12 * 1200
PAYOUT = 90
# Final places with ties: 1, 2 2, 4, 5 5 5, 8, 9, 10, ... 37 (one each from 8 on).
RANKS = [1, 2, 2, 4, 5, 5, 5, *range(8, 38)]

STAGGERED = (
    PrizeLine(1, basis_points=2500),  # 25 % of 35 460 = 8 865
    PrizeLine(2, basis_points=1500),  # 15 %          = 5 319
    PrizeLine(3, basis_points=1000),  # 10 %          = 3 546
    PrizeLine(4, amount_cents=5000),  # 50 €          = 5 000
    PrizeLine(5, amount_cents=3000),  # 30 €          = 3 000
    PrizeLine(6, amount_cents=2000, goods="Präsentkorb"),  # 20 € = 2 000
    PrizeLine(7, goods="Flasche Wein"),  # no cash
)
PERCENT_ONLY = STAGGERED[:3]


def evening() -> list[Placed]:
    return [Placed(i, f"Spieler {i:02d}", "", rank) for i, rank in enumerate(RANKS, start=1)]


# (case, prize table, tables for one prize per table,
#  expected per player index: (rank, shared by, cents, goods),
#  paid, remainder, unassigned, cut) — computed by hand:
CASES = [
    (
        "staggered shares, fixed amounts and goods",
        STAGGERED,
        None,
        {
            # place 1 alone: 8 865 → 88 € (rest 65)
            1: (1, 1, 8800, ()),
            # places 2+3 shared by two: 5 319 + 3 546 = 8 865; / 2 = 4 432,5 → 44 € each (rest 65)
            2: (2, 2, 4400, ()),
            3: (2, 2, 4400, ()),
            # place 4 alone: 50 € (rest 0)
            4: (4, 1, 5000, ()),
            # places 5+6+7 shared by three: 3 000 + 2 000 + 0 = 5 000; / 3 = 1 666 → 16 € each
            # (rest 200); they share the hamper and the wine
            5: (5, 3, 1600, ("Präsentkorb", "Flasche Wein")),
            6: (5, 3, 1600, ("Präsentkorb", "Flasche Wein")),
            7: (5, 3, 1600, ("Präsentkorb", "Flasche Wein")),
        },
        # paid 8 800 + 2 × 4 400 + 5 000 + 3 × 1 600 = 27 400; remainder 65 + 65 + 0 + 200 = 330;
        # the table gives out 27 730 of 35 460: 7 730 unassigned
        27400,
        330,
        7730,
        False,
    ),
    (
        "one prize per table: 9 tables, places 4 to 9 share what 1 to 3 leave",
        PERCENT_ONLY,
        9,
        {
            1: (1, 1, 8800, ()),  # 8 865 → 88 € (rest 65)
            2: (2, 2, 4400, ()),  # 5 319 + 3 546 = 8 865 / 2 → 44 € (rest 65)
            3: (2, 2, 4400, ()),
            # 35 460 − 17 730 = 17 730 left for places 4..9: 2 955 each
            4: (4, 1, 2900, ()),  # 2 955 → 29 € (rest 55)
            5: (5, 3, 2900, ()),  # 3 × 2 955 = 8 865 / 3 = 2 955 → 29 € (rest 165)
            6: (5, 3, 2900, ()),
            7: (5, 3, 2900, ()),
            8: (8, 1, 2900, ()),  # rest 55
            9: (9, 1, 2900, ()),  # rest 55
        },
        35000,  # 8 800 + 8 800 + 2 900 + 8 700 + 2 900 + 2 900
        460,  # 65 + 65 + 55 + 165 + 55 + 55
        0,
        False,
    ),
    (
        "fixed amounts beyond the prize money are cut",
        (
            PrizeLine(1, amount_cents=20000),
            PrizeLine(2, amount_cents=10000),
            PrizeLine(3, amount_cents=8000),  # 35 460 − 30 000 = 5 460 left: cut
            PrizeLine(4, amount_cents=5000),  # nothing left
        ),
        None,
        {
            1: (1, 1, 20000, ()),
            # places 2+3: 10 000 + 5 460 = 15 460 / 2 = 7 730 → 77 € each (rest 60)
            2: (2, 2, 7700, ()),
            3: (2, 2, 7700, ()),
        },
        35400,
        60,
        0,
        True,
    ),
]


@pytest.mark.parametrize(
    ("case", "lines", "tables", "expected", "paid", "remainder", "unassigned", "cut"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_prize_list_of_a_37_player_evening(
    case, lines, tables, expected, paid, remainder, unassigned, cut
):
    result = prize_list(evening(), lines, pot_cents=POT, payout_percent=PAYOUT, table_count=tables)
    assert result.prize_money_cents == 35460
    got = {
        award.participant_id: (award.rank, award.shared_by, award.cents, award.goods)
        for award in result.awards
    }
    assert got == expected
    assert result.paid_cents == paid
    assert result.remainder_cents == remainder
    assert result.unassigned_cents == unassigned
    assert result.cut is cut
    assert result.rest_cents == POT - paid
    assert paid + remainder + unassigned == result.prize_money_cents


def test_no_pot_gives_goods_only():
    result = prize_list(evening(), STAGGERED, pot_cents=0, payout_percent=90)
    assert result.paid_cents == 0
    assert {award.participant_id for award in result.awards} == {5, 6, 7}


def test_fewer_players_than_prizes_leave_the_money_unassigned():
    players = [Placed(1, "A", "", 1), Placed(2, "B", "", 2)]
    result = prize_list(players, STAGGERED, pot_cents=10000, payout_percent=100)
    assert [award.cents for award in result.awards] == [2500, 1500]
    assert result.unassigned_cents == 10000 - 2500 - 1500


# ---------------------------------------------------------------------------- properties


@st.composite
def standings(draw) -> list[Placed]:
    """Any final places: groups of equal players, the next place after a group of k is r + k."""
    sizes = draw(st.lists(st.integers(1, 4), min_size=0, max_size=40))
    placed, rank, pid = [], 1, 1
    for size in sizes:
        for _ in range(size):
            placed.append(Placed(pid, f"P{pid}", "", rank))
            pid += 1
        rank += size
    return placed


lines_strategy = st.lists(
    st.one_of(
        st.builds(lambda c: (c, None), st.integers(0, 50_000)),
        st.builds(lambda b: (None, b), st.integers(0, 10_000)),
        st.just((None, None)),
    ),
    max_size=30,
).map(
    lambda items: tuple(
        PrizeLine(rank, amount, share, "Pokal" if rank % 5 == 0 else "")
        for rank, (amount, share) in enumerate(items, start=1)
    )
)


@settings(max_examples=examples(300), deadline=None)
@given(
    placed=standings(),
    lines=lines_strategy,
    pot=st.integers(0, 2_000_000),
    percent=st.integers(0, 100),
    tables=st.one_of(st.none(), st.integers(1, 12)),
)
def test_cash_prizes_never_exceed_the_prize_money(placed, lines, pot, percent, tables):
    result = prize_list(placed, lines, pot_cents=pot, payout_percent=percent, table_count=tables)
    assert 0 <= result.paid_cents <= result.prize_money_cents <= pot
    assert sum(award.cents for award in result.awards) == result.paid_cents
    assert result.paid_cents + result.remainder_cents + result.unassigned_cents == (
        result.prize_money_cents
    )
    assert all(award.cents % 100 == 0 and award.cents >= 0 for award in result.awards)


@settings(max_examples=examples(300), deadline=None)
@given(
    placed=standings(),
    lines=lines_strategy,
    pot=st.integers(0, 2_000_000),
    tables=st.one_of(st.none(), st.integers(1, 12)),
)
def test_shared_places_win_the_same(placed, lines, pot, tables):
    result = prize_list(placed, lines, pot_cents=pot, payout_percent=100, table_count=tables)
    by_rank: dict[int, set] = {}
    for award in result.awards:
        by_rank.setdefault(award.rank, set()).add((award.cents, award.goods))
        assert award.shared_by == sum(1 for player in placed if player.rank == award.rank)
    assert all(len(prizes) == 1 for prizes in by_rank.values())


def test_one_prize_per_table_gives_a_place_with_only_a_non_cash_prize_its_share_too():
    players = [Placed(i, f"P{i}", "", i) for i in range(1, 5)]
    lines = (PrizeLine(1, basis_points=5000), PrizeLine(2, goods="Pokal"))
    result = prize_list(players, lines, pot_cents=10000, payout_percent=100, table_count=3)
    # place 1: 50 % = 50 €; places 2 and 3 share the other 50 €: 25 € each; place 4 nothing
    assert [(a.participant_id, a.cents, a.goods) for a in result.awards] == [
        (1, 5000, ()),
        (2, 2500, ("Pokal",)),
        (3, 2500, ()),
    ]

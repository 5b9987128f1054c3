"""The live board's words as plain data: a sheet's state, stuck tables, the attention order."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.board.state import (
    Board,
    BoardTable,
    TableState,
    by_attention,
    is_stuck,
    quiet_minutes,
    table_state,
)

S = TableState


@pytest.mark.parametrize(
    ("status", "returned", "confirmed_before", "state"),
    [
        ("open", False, False, S.PLAYING),
        ("open", True, False, S.RETURNED),
        ("submitted", False, False, S.SUBMITTED),
        ("confirmed", False, True, S.CONFIRMED),
        ("submitted", False, True, S.DISPUTED),  # reopened after a confirmation
        ("open", True, True, S.DISPUTED),  # reopened, then sent back to the table
    ],
)
def test_a_sheets_state_on_the_board(status, returned, confirmed_before, state):
    assert table_state(status, returned=returned, confirmed_before=confirmed_before) == state


NOON = datetime.datetime(2026, 11, 24, 12, 0, tzinfo=datetime.UTC)


@pytest.mark.parametrize(
    ("seconds", "minutes"), [(0, 0), (59, 0), (60, 1), (599, 9), (600, 10), (-30, 0)]
)
def test_quiet_minutes_are_whole_minutes_and_never_negative(seconds, minutes):
    assert quiet_minutes(NOON, NOON + datetime.timedelta(seconds=seconds)) == minutes


@pytest.mark.parametrize(
    ("state", "games", "quiet", "stuck"),
    [
        (S.PLAYING, 3, 9, False),  # below the threshold
        (S.PLAYING, 3, 10, True),  # at the threshold
        (S.PLAYING, 0, 25, True),  # nothing entered since the release
        (S.RETURNED, 16, 30, False),  # complete: nothing more to enter
        (S.RETURNED, 12, 30, True),
        (S.SUBMITTED, 12, 30, False),  # the desk has it
        (S.DISPUTED, 12, 30, False),
        (S.CONFIRMED, 16, 99, False),
    ],
)
def test_a_table_is_stuck_when_it_owes_games_and_was_quiet_long_enough(state, games, quiet, stuck):
    assert is_stuck(state, games, 16, quiet, threshold=10) is stuck


def table(number, state=S.PLAYING, games=4, quiet=0, stuck=False, length=16) -> BoardTable:
    return BoardTable(
        number=number,
        captain="",
        size=4,
        games=games,
        length=length,
        state=state,
        last_entry_at=None,
        quiet=quiet,
        stuck=stuck,
    )


def test_the_attention_order():
    tables = [
        table(1, S.CONFIRMED, games=16),
        table(2, S.PLAYING, games=10),
        table(3, S.PLAYING, games=2),
        table(4, S.SUBMITTED, games=16),
        table(5, S.PLAYING, games=1, quiet=12, stuck=True),
        table(6, S.RETURNED, games=16),
        table(7, S.DISPUTED, games=16),
        table(8, S.PLAYING, games=0, quiet=30, stuck=True),
        table(9, S.SUBMITTED, games=16),
    ]
    order = [t.number for t in by_attention(tables)]
    # reopened, handed in, stuck (longest quiet first), returned, playing (fewest games
    # first), confirmed
    assert order == [7, 4, 9, 8, 5, 6, 3, 2, 1]


@given(
    st.lists(
        st.tuples(st.sampled_from(list(S)), st.integers(0, 20), st.integers(0, 90), st.booleans()),
        max_size=30,
    )
)
def test_the_attention_order_keeps_every_table_once_and_puts_stuck_before_playing(specs):
    tables = [
        table(n, state, games=games, quiet=quiet, stuck=stuck and state == S.PLAYING)
        for n, (state, games, quiet, stuck) in enumerate(specs, start=1)
    ]
    order = by_attention(tables)
    assert sorted(t.number for t in order) == [t.number for t in tables]
    ranks = {t.number: i for i, t in enumerate(order)}
    for stuck in (t for t in tables if t.stuck):
        for other in tables:
            if other.state in (S.PLAYING, S.RETURNED, S.CONFIRMED) and not other.stuck:
                assert ranks[stuck.number] < ranks[other.number]


def test_what_is_left_before_the_next_round():
    board = Board(
        round_number=1,
        tables=(
            table(1, S.CONFIRMED, games=16),
            table(2, S.PLAYING, games=10),
            table(3, S.SUBMITTED, games=20, length=20),
            table(4, S.CONFIRMED, games=6, length=6),  # stopped early, confirmed
        ),
        stuck_after=10,
        earlier_unconfirmed=(),
    )
    assert board.unconfirmed == [2, 3]
    assert board.sheets_left == 2
    assert board.games_left == 6

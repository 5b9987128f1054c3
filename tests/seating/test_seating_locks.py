"""Seating edits hold the round's row lock, so two organisers cannot change one draft at once."""

from __future__ import annotations

import pytest

from scoring.evening.rounds import draw_round, release_round
from tournament.seating import services
from tournament.seating.services import set_withdrawn

pytestmark = pytest.mark.django_db


@pytest.fixture
def locked_rounds(monkeypatch):
    """The numbers of the rounds each seating service locked, in order."""
    calls: list[int] = []
    original = services.locked_round

    def recording(tournament, number):
        calls.append(number)
        return original(tournament, number)

    monkeypatch.setattr(services, "locked_round", recording)
    return calls


def test_withdrawal_from_a_draft_takes_the_round_lock(tournament, add_participants, locked_rounds):
    people = add_participants(tournament, 9)
    draw_round(tournament, 1, seed=7)
    set_withdrawn(people[0], True)
    assert locked_rounds == [1]


def test_withdrawal_leaves_a_released_round_alone(tournament, add_participants, locked_rounds):
    people = add_participants(tournament, 9)
    draw_round(tournament, 1, seed=7)
    release_round(tournament, 1)
    locked_rounds.clear()
    assert set_withdrawn(people[0], True) == []
    assert locked_rounds == []  # only draft seatings are edited

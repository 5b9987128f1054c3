"""Two sign-up changes at once give one consistent list on SQLite and PostgreSQL: two people
taking the last place (exactly one gets it, the other queues), and a cancellation racing the
move-up it causes."""

from __future__ import annotations

import pytest

import tournament.signup.services as services
from tests.concurrent import one_after_another
from tournament.models import Signup
from tournament.signup.services import cancel, sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def statuses(tournament) -> dict[str, str]:
    return dict(tournament.signups.values_list("name", "status"))


def test_two_people_taking_the_last_place_at_once_one_gets_it_the_other_queues(open_signup):
    tournament = open_signup(cap=2)
    sign_up(tournament, {"name": "Anna"})

    first, second = one_after_another(
        lambda: sign_up(tournament, {"name": "Bernd"}),
        lambda: sign_up(tournament, {"name": "Carla"}),
        pause_at=(services, "settings_of"),  # the tournament locked, the places not yet counted
    )

    assert isinstance(first, Signup), first
    assert isinstance(second, Signup), second
    assert (first.status, second.status) == (Signup.Status.CONFIRMED, Signup.Status.WAITING)
    assert statuses(tournament) == {"Anna": "confirmed", "Bernd": "confirmed", "Carla": "waiting"}


def test_the_same_name_sent_twice_at_once_is_stored_once(open_signup):
    tournament = open_signup(cap=2)
    first, second = one_after_another(
        lambda: sign_up(tournament, {"name": "Anna"}),
        lambda: sign_up(tournament, {"name": "anna"}),
        pause_at=(services, "settings_of"),
    )
    assert isinstance(first, Signup), first
    assert "steht schon auf der Liste" in str(second)
    assert tournament.signups.count() == 1


@pytest.mark.parametrize("first_side", ["place", "waiting"])
def test_a_cancellation_racing_the_move_up_ends_with_the_next_in_line_moved_up(
    open_signup, first_side
):
    """Anna (a place) and Bernd (first on the waiting list) cancel at the same moment: Anna's
    cancellation moves Bernd up unless he cancelled first; either way Carla, next in line, ends
    with the place and the Zusagen are exactly the cap."""
    tournament = open_signup(cap=1)
    anna, bernd, _carla = (sign_up(tournament, {"name": n}) for n in ("Anna", "Bernd", "Carla"))
    sides = {"place": lambda: cancel(anna), "waiting": lambda: cancel(bernd)}
    other = "waiting" if first_side == "place" else "place"

    first, second = one_after_another(
        sides[first_side], sides[other], pause_at=(services, "record")
    )

    assert not isinstance(first, Exception), first
    assert not isinstance(second, Exception), second
    assert statuses(tournament) == {"Anna": "cancelled", "Bernd": "cancelled", "Carla": "confirmed"}
    assert tournament.signups.confirmed().count() == 1

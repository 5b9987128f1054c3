"""Sign-up fixtures: a tournament whose online sign-up is open with a cap."""

from __future__ import annotations

import pytest

from tournament.signup.services import save_settings


@pytest.fixture
def open_signup(tournament, organiser):
    """``open_signup(cap=24, **settings)``: switch the tournament's sign-up on, now open."""

    def switch_on(cap: int | None = 24, **values):
        save_settings(tournament, {"enabled": True, "cap": cap, **values}, user=organiser)
        return tournament

    return switch_on

"""Two desks add announcements at once: both are kept, each in a place of its own (the service
locks the tournament, so the second waits and counts the first), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

import public.show.announcements as announcements
from public.show.announcements import add_announcement
from tests.concurrent import one_after_another

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_announcements_added_at_once_get_two_places(tournament):
    first, second = one_after_another(
        lambda: add_announcement(tournament, text="Pause bis 21:15"),
        lambda: add_announcement(tournament, text="Siegerehrung um 23 Uhr"),
        pause_at=(announcements, "_positions"),  # the places read, the new one not yet written
    )
    assert not isinstance(first, Exception) and not isinstance(second, Exception)
    assert list(tournament.announcements.values_list("text", "position")) == [
        ("Pause bis 21:15", 1),
        ("Siegerehrung um 23 Uhr", 2),
    ]

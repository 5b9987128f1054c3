"""A captain's link that opens costs the brake one look at the address's count, never a write
(issue 26): counting every page load and autosave and giving the count back took two atomic
writes of the shared counter per request, and with more than ``MAX_FAILURES`` captains' requests
in flight from one address valid links were refused with 429. Wrong links still count, and the
11th is refused whatever it names."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.sheets.captain_access import MAX_FAILURES
from tournament import throttle
from tournament.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def deltas(monkeypatch) -> list[int]:
    """Every change the brakes make to a counter (0 is a look)."""
    seen: list[int] = []
    real = throttle.count

    def recorded(key: str, delta: int, window_seconds: int) -> int:
        seen.append(delta)
        return real(key, delta, window_seconds)

    monkeypatch.setattr(throttle, "count", recorded)
    return seen


def link(evening, number: int) -> str:
    token = Table.objects.get(round__tournament=evening, round__number=1, number=number)
    return reverse("captain:sheet", args=[token.entry_token])


def test_a_link_that_opens_only_looks_at_the_count(evening, deltas):
    phone = Client(REMOTE_ADDR="10.9.0.1")
    assert phone.get(link(evening, 1)).status_code == 200
    data = {"revision": "0", "g1-winners": "14", "g1-value": "1", "g1-kind": "normal"}
    assert phone.post(link(evening, 1) + "sichern/", data).status_code == 200
    assert deltas == [0, 0]


def test_wrong_links_count_and_the_eleventh_is_refused_with_the_right_one(evening, deltas):
    phone = Client(REMOTE_ADDR="10.9.0.2")
    wrong = [phone.get(f"/e/{'x' * 23}{index:03d}/").status_code for index in range(MAX_FAILURES)]
    assert wrong == [404] * MAX_FAILURES
    assert deltas.count(1) == MAX_FAILURES
    assert phone.get(link(evening, 2)).status_code == 429
    assert Client(REMOTE_ADDR="10.9.0.3").get(link(evening, 2)).status_code == 200

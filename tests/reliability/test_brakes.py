"""The brakes on guessing hold under parallel attempts and tell a guesser nothing (issue 21,
items 9 and 14).

- Login: 60 wrong passwords sent at the same moment from one address: exactly ``MAX_FAILURES``
  passwords are checked, every other attempt gets 429 unseen (counted before checking).
- Captains' links and short codes: once an address is blocked, the right link and the right
  code get the same 429 as wrong ones (no oracle); parallel guesses are looked up at most
  ``MAX_FAILURES`` times.

Real threads with their own database connections (like gunicorn's processes), on the database
cache (SQLite or PostgreSQL, whichever the tests run on) and on Redis (``TEST_REDIS_URL``,
skipped without one).
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.db import connections
from django.test import Client
from django.urls import reverse

from config import login
from scoring.sheets import captain_access
from tests.reliability.test_throttle import database_cache, redis_cache  # noqa: F401 (fixtures)
from tournament.models import Table

PARALLEL = 60
CACHES = ["database_cache", "redis_cache"]


def at_once(count: int, send) -> list:
    """``send(index)`` from ``count`` threads released together; what each returned (or the
    exception it raised)."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def worker(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = send(index)
        except Exception as error:  # shown by the assertions
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    return results


@pytest.mark.parametrize("shared", CACHES)
def test_parallel_wrong_passwords_are_checked_only_up_to_the_limit(
    request, transactional_db, shared
):
    request.getfixturevalue(shared)
    get_user_model().objects.create_user("leitung", password="geheim-und-lang-42")
    checked: list[str] = []
    lock = threading.Lock()

    def count_check(sender, credentials, **kwargs):
        with lock:
            checked.append(credentials.get("username"))

    user_login_failed.connect(count_check, dispatch_uid="test-brakes-count")
    try:
        statuses = at_once(
            PARALLEL,
            lambda i: (
                Client(REMOTE_ADDR="10.8.0.1")
                .post(reverse("login"), {"username": "leitung", "password": f"falsch-{i}"})
                .status_code
            ),
        )
    finally:
        user_login_failed.disconnect(dispatch_uid="test-brakes-count")
    assert Counter(statuses) == {200: login.MAX_FAILURES, 429: PARALLEL - login.MAX_FAILURES}, (
        statuses
    )
    assert len(checked) == login.MAX_FAILURES
    # The right password from that address is refused too until the window has passed.
    right = Client(REMOTE_ADDR="10.8.0.1").post(
        reverse("login"), {"username": "leitung", "password": "geheim-und-lang-42"}
    )
    assert right.status_code == 429


def blocked_message(response) -> str:
    text = response.content.decode()
    return text[text.index("<main") : text.index("</main>")]


@pytest.mark.parametrize("shared", CACHES)
def test_once_blocked_the_right_link_and_code_answer_like_wrong_ones(
    request, transactional_db, shared, evening
):
    request.getfixturevalue(shared)
    table = Table.objects.filter(round__tournament=evening).first()
    guesser = Client(REMOTE_ADDR="10.8.0.2")
    for attempt in range(captain_access.MAX_FAILURES):
        assert guesser.get(reverse("captain:code"), {"code": f"ZZZZ-ZZ{attempt:02d}"}).status_code
    wrong_link = guesser.get(reverse("captain:sheet", args=["w" * 32]))
    right_link = guesser.get(reverse("captain:sheet", args=[table.entry_token]))
    wrong_code = guesser.get(reverse("captain:code"), {"code": "YYYY-YYYY"})
    right_code = guesser.get(reverse("captain:code"), {"code": table.short_code})
    right_save = guesser.post(reverse("captain:autosave", args=[table.entry_token]), {})
    for response in (wrong_link, right_link, wrong_code, right_code):
        assert response.status_code == 429
        assert response["Retry-After"] == str(captain_access.WINDOW_SECONDS)
        assert blocked_message(response) == blocked_message(wrong_link)
    assert right_save.status_code == 429
    # Another device is not blocked, and the right code opens there.
    assert (
        Client(REMOTE_ADDR="10.8.0.3")
        .get(reverse("captain:code"), {"code": table.short_code})
        .status_code
        == 302
    )


@pytest.mark.parametrize("shared", CACHES)
def test_parallel_guesses_are_looked_up_only_up_to_the_limit(
    request, transactional_db, shared, evening
):
    """40 codes at once, the right one among them: at most ``MAX_FAILURES`` wrong ones are
    looked up, the rest get 429 unseen; the right one opens only if it was looked up (a link
    that opens gives its count back, so it never uses up a guess)."""
    request.getfixturevalue(shared)
    table = Table.objects.filter(round__tournament=evening).first()
    codes = [f"ZZZZ-{index:04d}" for index in range(39)] + [table.short_code]
    statuses = at_once(
        len(codes),
        lambda i: (
            Client(REMOTE_ADDR="10.8.0.4")
            .get(reverse("captain:code"), {"code": codes[i]})
            .status_code
        ),
    )
    assert set(statuses) <= {404, 302, 429}, statuses
    assert statuses.count(404) <= captain_access.MAX_FAILURES, statuses
    assert statuses.count(429) >= len(codes) - captain_access.MAX_FAILURES - 1, statuses

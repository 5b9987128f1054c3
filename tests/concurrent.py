"""Two requests at once, in a chosen order: threads with their own database connections.

``one_after_another`` runs ``first`` in a thread until it reaches a named point of the code (a
function it calls inside its transaction), holds it there with its transaction and locks open,
and meanwhile starts ``second`` in another thread. So each order of a race happens every time,
on SQLite (where the second writer waits for the database lock) and on PostgreSQL (row locks),
instead of once in a while.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any
from unittest import mock

from django.db import connections

# How long ``first`` is held at its point: long enough for ``second`` to run into it.
HOLD_SECONDS = 0.6


def _in_thread(job: Callable[[], Any], results: list, index: int, before=None, after=None):
    def work() -> None:
        try:
            if before is not None:
                before()
            results[index] = job()
        except Exception as error:  # the test looks at what each side got
            results[index] = error
        finally:
            if after is not None:
                after()
            connections.close_all()

    return threading.Thread(target=work)


def one_after_another(
    first: Callable[[], Any],
    second: Callable[[], Any],
    *,
    pause_at: tuple[object, str],
    seconds: float = HOLD_SECONDS,
) -> tuple[Any, Any]:
    """Run ``first`` until it returns from ``pause_at`` (owner, attribute name), hold it there for
    ``seconds`` while ``second`` starts, and return what each returned or raised."""
    owner, name = pause_at
    original = getattr(owner, name)
    reached = threading.Event()
    results: list = [None, None]
    first_thread: list[threading.Thread] = []

    def held(*args: Any, **kwargs: Any) -> Any:
        result = original(*args, **kwargs)
        if threading.current_thread() is first_thread[0] and not reached.is_set():
            reached.set()
            time.sleep(seconds)
        return result

    with mock.patch.object(owner, name, held):
        one = _in_thread(first, results, 0, after=reached.set)
        two = _in_thread(second, results, 1, before=lambda: reached.wait(timeout=20))
        first_thread.append(one)
        one.start()
        two.start()
        one.join(timeout=60)
        two.join(timeout=60)
    return results[0], results[1]

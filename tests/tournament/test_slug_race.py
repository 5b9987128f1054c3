"""Two tournaments with the same name at the same moment: two slugs or a clear message, no 500.

The slug's unique constraint decides, not a look before the insert. The race is simulated (the
look misses the other tournament) on any database, and run for real with two threads: on
PostgreSQL both look before either inserts and the second insert meets the constraint; SQLite's
``BEGIN IMMEDIATE`` lets the second wait for the first, so the threads only meet there in turn.
"""

from __future__ import annotations

import contextlib
import datetime
import threading

import pytest
from django.db import connections
from django.urls import reverse

from tournament.errors import DomainError
from tournament.events import services
from tournament.events.services import create_tournament
from tournament.models import Tournament

DATE = datetime.date(2025, 10, 3)


@pytest.mark.django_db
def test_a_slug_taken_after_the_look_gets_the_next_suffix(monkeypatch):
    first = create_tournament(name="Herbstturnier", date=DATE)
    monkeypatch.setattr(services, "unique_slug", lambda name, date: first.slug)  # a stale look
    second = create_tournament(name="Herbstturnier", date=DATE)
    third = create_tournament(name="Herbstturnier", date=DATE)
    assert [first.slug, second.slug, third.slug] == [
        "herbstturnier-2025",
        "herbstturnier-2025-2",
        "herbstturnier-2025-3",
    ]
    assert Tournament.objects.count() == 3


@pytest.mark.django_db
def test_a_chosen_slug_taken_after_the_look_is_refused_with_a_message(monkeypatch):
    create_tournament(name="Herbstturnier", date=DATE, slug="herbst")
    answers = iter([False])  # the look before the insert misses it, later looks see it
    monkeypatch.setattr(services, "slug_taken", lambda slug: next(answers, True))
    with pytest.raises(DomainError, match="Es gibt schon ein Turnier mit dem Kurznamen „herbst“"):
        create_tournament(name="Anderes", date=DATE, slug="herbst")
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_retries_are_bounded(monkeypatch):
    create_tournament(name="Herbstturnier", date=DATE)
    monkeypatch.setattr(services, "unique_slug", lambda name, date: "herbstturnier-2025")
    monkeypatch.setattr(
        services, "slug_candidates", lambda name, date: iter(["herbstturnier-2025"] * 99)
    )
    with pytest.raises(DomainError, match="Bitte einen Moment warten"):
        create_tournament(name="Herbstturnier", date=DATE)
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_the_create_page_answers_with_the_new_tournament_not_a_500(organiser_client, monkeypatch):
    first = create_tournament(name="Herbstturnier", date=DATE)
    monkeypatch.setattr(services, "unique_slug", lambda name, date: first.slug)
    form = {"name": "Herbstturnier", "date": "2025-10-03", "rounds_count": 2, "cycles": 4}
    response = organiser_client.post(reverse("tournament:create"), form | {"deck": 40})
    assert response.status_code == 302
    assert "herbstturnier-2025-2" in response["Location"]


@pytest.mark.django_db(transaction=True)
def test_two_organisers_create_the_same_tournament_at_once(monkeypatch):
    barrier = threading.Barrier(2)
    look = services.unique_slug

    def look_then_wait(name, date):
        slug = look(name, date)
        # Both have looked before either inserts; on SQLite the other waits for our transaction.
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=3)
        return slug

    monkeypatch.setattr(services, "unique_slug", look_then_wait)
    results: list = [None, None]

    def organiser(index: int) -> None:
        try:
            results[index] = create_tournament(name="Herbstturnier", date=DATE).slug
        except Exception as error:  # reported by the assertion below
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=organiser, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(map(str, results)) == ["herbstturnier-2025", "herbstturnier-2025-2"], results
    assert Tournament.objects.count() == 2

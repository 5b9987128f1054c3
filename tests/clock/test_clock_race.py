"""Two organisers pausing or resuming the clock at once: one pause, one consistent clock, on
SQLite and PostgreSQL (``tests/concurrent.py`` holds the first inside its transaction)."""

from __future__ import annotations

import pytest

from tests.concurrent import one_after_another
from tournament.clock import services
from tournament.errors import DomainError
from tournament.models import AuditEntry, ClockExtension, RoundClock

pytestmark = pytest.mark.django_db(transaction=True)


def clock_entries() -> list[str]:
    return list(
        AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK)
        .order_by("pk")
        .values_list("summary", flat=True)
    )


def test_two_organisers_pausing_at_once_make_one_pause(evening):
    services.start_clock(evening, 1)

    first, second = one_after_another(
        lambda: services.pause_clock(evening, 1),
        lambda: services.pause_clock(evening, 1),
        pause_at=(services, "locked_clock"),  # the clock locked, the pause not yet written
    )

    assert isinstance(first, RoundClock), first
    assert isinstance(second, DomainError) and "schon angehalten" in second.message, second
    stored = RoundClock.objects.get()
    assert stored.paused_at == first.paused_at
    assert sum("angehalten" in text for text in clock_entries()) == 1


def test_a_resume_and_a_pause_at_once_end_in_the_state_of_the_later_one(evening):
    services.start_clock(evening, 1)
    services.pause_clock(evening, 1)

    resumed, paused = one_after_another(
        lambda: services.resume_clock(evening, 1),
        lambda: services.pause_clock(evening, 1),
        pause_at=(services, "locked_clock"),
    )

    assert isinstance(resumed, RoundClock), resumed
    assert isinstance(paused, RoundClock), paused  # it waited and paused the running clock
    stored = RoundClock.objects.get()
    assert stored.paused_at is not None and stored.paused_at == paused.paused_at
    assert [text.split(": ", 1)[1][:14] for text in clock_entries()] == [
        "Uhr gestartet ",
        "Uhr angehalten",
        "Uhr läuft weit",
        "Uhr angehalten",
    ]


def test_two_starts_at_once_make_one_clock(evening):
    first, second = one_after_another(
        lambda: services.start_clock(evening, 1),
        lambda: services.start_clock(evening, 1),
        pause_at=(services, "playing_minutes"),  # the round locked, the clock not yet made
    )

    assert isinstance(first, RoundClock), first
    assert isinstance(second, DomainError) and "läuft schon" in second.message, second
    assert RoundClock.objects.count() == 1


def test_nachspielzeit_while_the_clock_is_reset_is_refused_cleanly(evening):
    services.start_clock(evening, 1)

    reset, extended = one_after_another(
        lambda: services.reset_clock(evening, 1),
        lambda: services.extend_table(evening, 1, 1, minutes=5, reason="Spät"),
        pause_at=(services, "locked_clock"),
    )

    assert reset is None
    assert isinstance(extended, DomainError) and "läuft noch nicht" in extended.message
    assert not ClockExtension.objects.exists() and not RoundClock.objects.exists()


def test_two_organisers_taking_back_the_same_nachspielzeit_take_it_back_once(evening):
    services.start_clock(evening, 1)
    kept = services.extend_table(evening, 1, 2, minutes=5, reason="Streit")
    wrong = services.extend_table(evening, 1, 2, minutes=10, reason="Falscher Tisch")

    first, second = one_after_another(
        lambda: services.revoke_extension(evening, 1, wrong.pk),
        lambda: services.revoke_extension(evening, 1, wrong.pk),
        pause_at=(services, "locked_clock"),  # the clock locked, the extension not yet gone
    )

    assert isinstance(first, ClockExtension), first
    assert isinstance(second, DomainError) and "schon zurückgenommen" in second.message, second
    assert list(ClockExtension.objects.values_list("pk", flat=True)) == [kept.pk]
    assert sum("zurückgenommen" in text for text in clock_entries()) == 1


def test_taking_back_a_nachspielzeit_while_the_clock_is_reset_is_refused_cleanly(evening):
    services.start_clock(evening, 1)
    extension = services.extend_table(evening, 1, 1, minutes=5, reason="Spät")

    reset, revoked = one_after_another(
        lambda: services.reset_clock(evening, 1),
        lambda: services.revoke_extension(evening, 1, extension.pk),
        pause_at=(services, "locked_clock"),
    )

    assert reset is None
    assert isinstance(revoked, DomainError) and "läuft noch nicht" in revoked.message
    assert not ClockExtension.objects.exists() and not RoundClock.objects.exists()
    assert not any("zurückgenommen" in text for text in clock_entries())

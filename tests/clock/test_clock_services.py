"""The round's clock as services: start, pause, resume, Nachspielzeit, time up, restart-safe."""

from __future__ import annotations

import datetime
from unittest import mock

import pytest
from django.utils import timezone

from tournament.clock import services
from tournament.clock.reading import round_state
from tournament.clock.state import PAUSED, RUNNING
from tournament.errors import DomainError
from tournament.models import AuditEntry, ClockExtension, Round, RoundClock, Table

pytestmark = pytest.mark.django_db

START = datetime.datetime(2025, 4, 3, 19, 0, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    return START + datetime.timedelta(minutes=minutes)


def acting_at(minutes: float):
    """The server's clock set to ``minutes`` after the start, for the services that write."""
    return mock.patch.object(timezone, "now", return_value=at(minutes))


def fresh_round(evening) -> Round:
    """The round read again from the database only, as after a server restart."""
    return Round.objects.get(tournament=evening, number=1)


def test_a_started_clock_gives_every_table_the_playing_time_of_its_size(evening):
    with acting_at(0):
        services.start_clock(evening, 1)

    state = round_state(fresh_round(evening), now=at(10))

    assert state.status == RUNNING
    sizes = {time.number: (time.size, time.remaining) for time in state.tables}
    # The house rules' default four cycles: 16 rows at four (70 minutes), 20 at five (85).
    assert sizes == {1: (4, 60 * 60), 2: (4, 60 * 60), 3: (5, 75 * 60), 4: (5, 75 * 60)}
    assert state.table(1).deadline == at(70)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).count() == 1


def test_the_tournaments_own_playing_time_replaces_the_rulesets(evening):
    services.save_clock_settings(evening, minutes={4: "100", 5: ""}, warning_minutes=3, sound=False)
    with acting_at(0):
        services.start_clock(evening, 1)

    state = round_state(fresh_round(evening), now=at(97))

    assert state.table(1).remaining == 3 * 60 and state.table(1).warning
    assert state.table(3).time_up  # five seats keep the ruleset's 85 minutes
    assert state.sound is False


def test_a_pause_stops_every_table_and_the_resume_adds_it_to_the_deadline(evening):
    with acting_at(0):
        services.start_clock(evening, 1)
    with acting_at(5):
        services.pause_clock(evening, 1, reason="Feueralarm")

    paused = round_state(fresh_round(evening), now=at(30))
    assert paused.status == PAUSED
    assert paused.table(1).remaining == 65 * 60 and paused.table(1).deadline is None
    assert not paused.table(1).time_up

    with acting_at(35):
        services.resume_clock(evening, 1)

    running = round_state(fresh_round(evening), now=at(36))
    assert running.status == RUNNING
    assert running.table(1).remaining == 64 * 60
    assert running.table(1).deadline == at(100)
    entry = AuditEntry.objects.filter(message__contains="angehalten").get()
    assert entry.reason == "Feueralarm"


def test_nachspielzeit_moves_only_its_own_tables_deadline(evening):
    with acting_at(0):
        services.start_clock(evening, 1)
    services.extend_table(evening, 1, 2, minutes="7", reason="Streit um eine Absage")

    state = round_state(fresh_round(evening), now=at(71))

    assert state.table(1).time_up and state.table(1).shown_seconds == 0
    assert not state.table(2).time_up and state.table(2).remaining == 6 * 60
    assert state.table(2).reasons == ("Streit um eine Absage",)
    entry = AuditEntry.objects.filter(message__contains="Nachspielzeit").get()
    assert "Tisch 2: 7 Minuten Nachspielzeit" in entry.summary


def test_the_warning_comes_the_set_minutes_before_the_end_and_not_after_it(evening):
    with acting_at(0):
        services.start_clock(evening, 1)
    round_ = fresh_round(evening)

    assert not round_state(round_, now=at(64)).table(1).warning
    assert round_state(round_, now=at(65)).table(1).warning
    assert not round_state(round_, now=at(70)).table(1).warning  # time up instead
    assert round_state(round_, now=at(70)).table(1).time_up


def test_the_clock_comes_from_the_database_alone(evening):
    """A restart or another app server: nothing but the stored clock, the same answer."""
    with acting_at(0):
        services.start_clock(evening, 1)
    with acting_at(2):
        services.pause_clock(evening, 1)
    with acting_at(4):
        services.resume_clock(evening, 1)
    services.extend_table(evening, 1, 3, minutes=5, reason="Karten neu gemischt")

    stored = RoundClock.objects.get(round__tournament=evening)
    assert (stored.started_at, stored.paused_seconds, stored.paused_at) == (START, 120, None)
    first = round_state(fresh_round(evening), now=at(12))
    second = round_state(fresh_round(evening), now=at(12))
    assert first == second
    assert [t.remaining for t in first.tables] == [60 * 60, 60 * 60, 80 * 60, 75 * 60]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda t: services.pause_clock(t, 1), "läuft noch nicht"),
        (lambda t: services.extend_table(t, 1, 1, minutes=5, reason="x"), "läuft noch nicht"),
        (lambda t: services.start_clock(t, 9), "gibt es nicht"),
    ],
)
def test_a_clock_not_started_refuses_what_needs_it(evening, call, message):
    with pytest.raises(DomainError, match=message):
        call(evening)


def test_refusals_name_what_is_wrong_and_store_nothing(evening):
    services.start_clock(evening, 1)
    with pytest.raises(DomainError, match="schon"):
        services.start_clock(evening, 1)
    with pytest.raises(DomainError, match="läuft schon"):
        services.resume_clock(evening, 1)
    with pytest.raises(DomainError, match="Tisch 9 gibt es"):
        services.extend_table(evening, 1, 9, minutes=5, reason="x")
    with pytest.raises(DomainError, match="zwischen 1 und 120 Minuten"):
        services.extend_table(evening, 1, 1, minutes="999", reason="x")
    with pytest.raises(DomainError, match="Begründung"):
        services.extend_table(evening, 1, 1, minutes=5, reason="   ")
    with pytest.raises(DomainError, match="zwischen 5 und 600 Minuten"):
        services.save_clock_settings(evening, minutes={4: "abc"}, warning_minutes=5, sound=True)
    assert not ClockExtension.objects.exists()


def test_a_draft_round_has_no_clock(evening):
    from scoring.evening.rounds import unrelease_round

    unrelease_round(evening, 1)
    with pytest.raises(DomainError, match="freigegebenen Durchgang"):
        services.start_clock(evening, 1)


def test_reset_takes_the_clock_back_and_keeps_it_in_the_log(evening):
    services.start_clock(evening, 1)
    services.extend_table(evening, 1, 1, minutes=5, reason="Spät gekommen")
    services.reset_clock(evening, 1)

    assert not RoundClock.objects.exists() and not ClockExtension.objects.exists()
    assert not round_state(fresh_round(evening)).started
    texts = [entry.summary for entry in AuditEntry.objects.filter(message__contains="Uhr")]
    assert any("zurückgesetzt" in text for text in texts)


def test_taking_back_the_release_takes_the_clock_with_it(evening):
    from scoring.evening.rounds import release_round, unrelease_round

    services.start_clock(evening, 1)
    services.extend_table(evening, 1, 1, minutes=5, reason="Spät")
    unrelease_round(evening, 1)
    release_round(evening, 1)

    assert not RoundClock.objects.exists() and not ClockExtension.objects.exists()
    assert not round_state(fresh_round(evening)).started


def test_the_deadline_is_the_same_whenever_and_wherever_it_is_asked(evening):
    with acting_at(0):
        services.start_clock(evening, 1)
    round_ = fresh_round(evening)

    asked = {round_state(round_, now=at(minutes)).table(1).deadline for minutes in (1, 1.01, 30.7)}

    assert asked == {at(70)}


def test_the_ddv_hook_says_when_a_tables_time_is_up(evening):
    from tournament.clock.reading import table_time_up

    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    assert not table_time_up(table, now=at(500))  # no clock, no time up
    with acting_at(0):
        services.start_clock(evening, 1)
    services.extend_table(evening, 1, 1, minutes=3, reason="Spät")

    assert not table_time_up(table, now=at(72))
    assert table_time_up(table, now=at(73))


def test_one_nachspielzeit_is_taken_back_and_the_rest_stays(evening):
    with acting_at(0):
        services.start_clock(evening, 1)
    kept = services.extend_table(evening, 1, 2, minutes=5, reason="Streit um eine Absage")
    wrong = services.extend_table(evening, 1, 2, minutes=10, reason="Falscher Tisch")
    other = services.extend_table(evening, 1, 3, minutes=7, reason="Karten neu gemischt")

    revoked = services.revoke_extension(evening, 1, wrong.pk, reason="Tisch 3 war gemeint")

    assert (revoked.table.number, revoked.minutes) == (2, 10)
    assert set(ClockExtension.objects.values_list("pk", flat=True)) == {kept.pk, other.pk}
    state = round_state(fresh_round(evening), now=at(1))
    assert state.table(2).extension_minutes == 5 and state.table(2).deadline == at(75)
    assert state.table(3).extension_minutes == 7 and state.table(1).extension_minutes == 0
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).latest("pk")
    assert entry.summary == "Durchgang 1, Tisch 2: 10 Minuten Nachspielzeit zurückgenommen"
    assert entry.reason == "Tisch 3 war gemeint"


def test_taking_back_the_nachspielzeit_can_make_the_tables_time_up(evening):
    from tournament.clock.reading import table_time_up

    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    with acting_at(0):
        services.start_clock(evening, 1)
    extension = services.extend_table(evening, 1, 1, minutes=5, reason="Spät")
    assert not table_time_up(table, now=at(72))

    services.revoke_extension(evening, 1, extension.pk)

    assert table_time_up(table, now=at(72))


def test_taking_back_a_nachspielzeit_is_refused_when_there_is_none(evening):
    with pytest.raises(DomainError, match="läuft noch nicht"):
        services.revoke_extension(evening, 1, 1)
    services.start_clock(evening, 1)
    extension = services.extend_table(evening, 1, 1, minutes=5, reason="Spät")
    services.revoke_extension(evening, 1, extension.pk)
    with pytest.raises(DomainError, match="schon zurückgenommen") as refused:
        services.revoke_extension(evening, 1, extension.pk)
    assert refused.value.field == "extension"
    entries = AuditEntry.objects.filter(summary__contains="zurückgenommen")
    assert entries.count() == 1


def test_a_nachspielzeit_of_another_round_is_not_taken_back_here(evening):
    services.start_clock(evening, 1)
    extension = services.extend_table(evening, 1, 1, minutes=5, reason="Spät")

    with pytest.raises(DomainError):
        services.revoke_extension(evening, 2, extension.pk)

    assert ClockExtension.objects.filter(pk=extension.pk).exists()

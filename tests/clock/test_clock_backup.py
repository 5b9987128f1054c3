"""The round's clock in a backup: carried, restored as it was, checked by place; old backups
(without a clock) still restore."""

from __future__ import annotations

import copy
import datetime
from unittest import mock

import pytest
from django.utils import timezone

from output.backup.document import BackupError, dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from tournament.clock import services
from tournament.clock.reading import round_state
from tournament.models import ClockExtension, ClockSettings, Round, RoundClock

pytestmark = pytest.mark.django_db

START = datetime.datetime(2025, 4, 3, 19, 0, tzinfo=datetime.UTC)


def with_clock(evening):
    services.save_clock_settings(evening, minutes={4: 60}, warning_minutes=3, sound=False)
    with mock.patch.object(timezone, "now", return_value=START):
        services.start_clock(evening, 1)
    with mock.patch.object(timezone, "now", return_value=START + datetime.timedelta(minutes=10)):
        services.pause_clock(evening, 1)
    services.extend_table(evening, 1, 3, minutes=4, reason="Kartenfehler")
    return loads(dumps(export_tournament(evening)))


def test_the_clock_survives_a_backup_and_shows_the_same_time(evening):
    data = with_clock(evening)

    copy_ = import_tournament(data, slug="kopie")

    settings = ClockSettings.objects.get(tournament=copy_)
    assert (settings.playing_minutes, settings.warning_minutes, settings.sound) == (
        {"4": 60},
        3,
        False,
    )
    original = round_state(Round.objects.get(tournament=evening, number=1), now=START)
    restored = round_state(Round.objects.get(tournament=copy_, number=1), now=START)
    assert restored.tables == original.tables and restored.status == "paused"
    extension = ClockExtension.objects.get(clock__round__tournament=copy_)
    assert (extension.table.number, extension.minutes, extension.reason) == (3, 4, "Kartenfehler")


def test_a_backup_from_before_the_clock_restores_without_one(evening):
    data = with_clock(evening)
    del data["clock"]

    copy_ = import_tournament(data, slug="alt")

    assert not RoundClock.objects.filter(round__tournament=copy_).exists()
    assert not ClockSettings.objects.filter(tournament=copy_).exists()


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda c: c["rounds"][0].update(round=2), "clock.rounds[0].round"),
        (
            lambda c: c["rounds"][0]["extensions"][0].update(table=9),
            "clock.rounds[0].extensions[0].table",
        ),
        (
            lambda c: c["rounds"][0]["extensions"][0].update(minutes=0),
            "clock.rounds[0].extensions[0].minutes",
        ),
        (
            lambda c: c["rounds"][0]["extensions"][0].update(reason=" "),
            "clock.rounds[0].extensions[0].reason",
        ),
        (
            lambda c: c["rounds"][0]["playing_minutes"].update({"7": 20}),
            "clock.rounds[0].playing_minutes.7",
        ),
        (lambda c: c["rounds"][0].update(paused_seconds=-1), "clock.rounds[0].paused_seconds"),
        (lambda c: c["rounds"][0].update(started_at="gestern"), "clock.rounds[0].started_at"),
        (lambda c: c["settings"].update(warning_minutes=99), "clock.settings.warning_minutes"),
        (lambda c: c["rounds"].append(copy.deepcopy(c["rounds"][0])), "clock.rounds[1].round"),
    ],
)
def test_a_wrong_clock_is_refused_by_place_and_nothing_is_written(evening, change, place):
    data = with_clock(evening)
    change(data["clock"])
    before = RoundClock.objects.count()

    with pytest.raises(BackupError) as refused:
        import_tournament(data, slug="kaputt")

    assert place in str(refused.value)
    assert RoundClock.objects.count() == before


def test_a_nachspielzeit_taken_back_is_not_in_the_backup_and_the_rest_is(evening):
    with mock.patch.object(timezone, "now", return_value=START):
        services.start_clock(evening, 1)
    kept = services.extend_table(evening, 1, 2, minutes=5, reason="Streit")
    wrong = services.extend_table(evening, 1, 2, minutes=9, reason="Vertippt")
    services.revoke_extension(evening, 1, wrong.pk)
    data = loads(dumps(export_tournament(evening)))

    copy_ = import_tournament(data, slug="kopie")

    restored = ClockExtension.objects.filter(clock__round__tournament=copy_)
    assert [(e.table.number, e.minutes, e.reason) for e in restored] == [(2, 5, kept.reason)]
    original = round_state(Round.objects.get(tournament=evening, number=1), now=START)
    assert round_state(Round.objects.get(tournament=copy_, number=1), now=START).tables == (
        original.tables
    )

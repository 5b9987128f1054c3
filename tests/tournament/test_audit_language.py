"""The Protokoll shows each entry in the reader's language, whoever wrote it in which."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_noop

from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from tournament.audit import nested, record
from tournament.models import AuditEntry


def _protokoll(client, tournament, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(reverse("tournament:audit", args=[tournament.slug])).content.decode()


def _write(tournament, organiser, language: str) -> AuditEntry:
    with translation.override(language):
        return record(
            tournament,
            AuditEntry.Action.ROUND_CHANGED,
            user=organiser,
            message=gettext_noop("Durchgang %(number)d: %(change)s"),
            params={
                "number": 2,
                "change": nested(gettext_noop("%(name)s ist Listenführer"), {"name": "Anna"}),
            },
        )


def test_an_entry_written_in_german_reads_in_english(tournament, organiser, organiser_client):
    entry = _write(tournament, organiser, "de")
    assert entry.summary == "Durchgang 2: Anna ist Listenführer"
    assert "Round 2: Anna is table captain" in _protokoll(organiser_client, tournament, "en")
    assert "Durchgang 2: Anna ist Listenführer" in _protokoll(organiser_client, tournament, "de")


def test_an_entry_written_in_english_reads_in_german(tournament, organiser, organiser_client):
    entry = _write(tournament, organiser, "en")
    assert entry.summary == "Durchgang 2: Anna ist Listenführer"  # always German
    assert "Durchgang 2: Anna ist Listenführer" in _protokoll(organiser_client, tournament, "de")
    assert "Round 2: Anna is table captain" in _protokoll(organiser_client, tournament, "en")


def test_plural_messages_pick_their_form_in_the_reader_s_language(tournament, organiser):
    entry = record(
        tournament,
        AuditEntry.Action.SHEET_SAVED,
        message=gettext_noop(
            "Durchgang %(round)d, Tisch %(table)d: Version %(version)d, %(games)d Spiel"
        ),
        plural=gettext_noop(
            "Durchgang %(round)d, Tisch %(table)d: Version %(version)d, %(games)d Spiele"
        ),
        params={"round": 1, "table": 3, "version": 2, "games": 1, "count": 1},
    )
    assert entry.summary.endswith("1 Spiel")
    with translation.override("en"):
        assert entry.text == "Round 1, table 3: version 2, 1 game"


def test_old_entries_without_a_message_show_their_summary(tournament, organiser, organiser_client):
    AuditEntry.objects.create(
        tournament=tournament, action=AuditEntry.Action.ROUND_RELEASED, summary="Durchgang 7"
    )
    assert "Durchgang 7" in _protokoll(organiser_client, tournament, "en")


def test_a_broken_message_falls_back_to_the_summary(tournament):
    entry = AuditEntry(
        tournament=tournament,
        action=AuditEntry.Action.ROUND_RELEASED,
        summary="Durchgang 7",
        message="Durchgang %(number)d",
        params={},
    )
    assert entry.text == "Durchgang 7"


def test_a_backup_keeps_message_and_params_and_old_backups_restore(tournament, organiser):
    _write(tournament, organiser, "de")
    data = export_tournament(tournament)
    written = next(item for item in data["audit"] if item["action"] == "round.changed")
    assert written["message"] == "Durchgang %(number)d: %(change)s"
    restored = import_tournament(data, slug="kopie", user=organiser)
    entry = restored.audit_entries.get(action="round.changed")
    with translation.override("en"):
        assert entry.text == "Round 2: Anna is table captain"

    for item in data["audit"]:  # a backup from before messages were stored
        for key in ("message", "message_plural", "params"):
            item.pop(key)
    old = import_tournament(data, slug="alt", user=organiser)
    entry = old.audit_entries.get(action="round.changed")
    assert entry.message == "" and entry.params == {}
    with translation.override("en"):
        assert entry.text == "Durchgang 2: Anna ist Listenführer"

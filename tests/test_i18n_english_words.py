"""English, read by an English reader: one word for "Gegen" in both catalogues, the captain's
label in the audit log in the reader's language, and dates nobody can misread."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from output.printouts.pdf_base import long_date, short_date
from tournament.audit import record
from tournament.models import AuditEntry, Table

CATALOGUES = [
    Path(settings.LOCALE_PATHS[0]) / "en" / "LC_MESSAGES" / "django.po",
    Path(settings.BASE_DIR) / "rules" / "hausregeln" / "locale" / "en" / "LC_MESSAGES" / "rules.po",
]
GEGEN = re.compile(r"(?<!\w)Gegen(?!\w)")  # the point for beating the Queens, not "Gegenspieler"


def english(client: Client) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def test_gegen_is_against_the_queens_in_every_catalogue():
    entries = [
        entry
        for path in CATALOGUES
        for entry in polib.pofile(str(path))
        if GEGEN.search(entry.msgid)
    ]
    assert len(entries) >= 3  # the label, the rule sheet's line, the calculator's refusal
    for entry in entries:
        assert "Against the Queens" in entry.msgstr, (entry.msgid, entry.msgstr)


@pytest.mark.django_db
def test_a_captains_entry_is_stored_neutral_and_shown_in_the_readers_language(
    evening, organiser_client
):
    table = Table.objects.get(round__tournament=evening, number=2)
    data = {"revision": "0", "save": "1", "g1-winners": "14", "g1-value": "2", "g1-kind": "normal"}
    english(Client()).post(reverse("captain:sheet", args=[table.entry_token]), data)
    entry = AuditEntry.objects.get(action="sheet.saved")
    assert entry.actor == "Listenführer Tisch 2"  # the msgid, whatever the phone's language
    # an entry an English phone wrote before this change
    record(evening, AuditEntry.Action.SHEET_SAVED, actor="Table captain, table 4", summary="x")
    url = reverse("tournament:audit", args=[evening.slug])
    english_log = english(organiser_client).get(url).content.decode()
    assert "Table captain, table 2" in english_log and "Table captain, table 4" in english_log
    assert "Listenführer" not in english_log
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    german_log = organiser_client.get(url).content.decode()
    assert "Listenführer Tisch 2" in german_log and "Listenführer Tisch 4" in german_log
    assert "Table captain" not in german_log


def test_english_dates_are_spelled_out_and_german_ones_stay():
    class Evening:
        date = datetime.date(2027, 12, 3)

    with translation.override("en"):
        assert (short_date(Evening), long_date(Evening)) == ("3 Dec 2027", "3 December 2027")
    with translation.override("de"):
        assert (short_date(Evening), long_date(Evening)) == ("03.12.2027", "3. Dezember 2027")


@pytest.mark.django_db
def test_english_pages_show_dates_that_cannot_be_misread(evening, organiser_client):
    evening.date = datetime.date(2027, 12, 3)
    evening.save(update_fields=["date"])
    listing = english(organiser_client).get(reverse("tournament:list")).content.decode()
    assert "3 Dec 2027" in listing and "03.12.2027" not in listing
    public = english(Client()).get(f"/t/{evening.slug}/").content.decode()
    assert "3 December 2027" in public
    for html in (listing, public):
        assert not re.search(r"\b(12/03|03/12)/2027\b", html)
    log = english(organiser_client).get(reverse("tournament:audit", args=[evening.slug]))
    assert not re.search(r"\d\d\.\d\d\.\s", log.content.decode())  # no German "03.12. 19:05"

"""An organiser takes back a release and later reopens a closed round for a dispute."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.evening.rounds import close_round
from scoring.models import Sheet
from tests.browser.conftest import login
from tournament.models import AuditEntry, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_take_back_a_release_and_reopen_a_closed_round(
    desk, live_server, evening, organiser, confirm_round
):
    page = desk
    login(page, live_server)
    round_url = live_server.url + reverse("tournament:round", args=[evening.slug, 1])
    page.goto(round_url)

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('Freigabe zurücknehmen')")
    page.wait_for_selector("text=Die Freigabe von Durchgang 1 ist zurückgenommen")
    assert Round.objects.get(tournament=evening, number=1).is_draft
    assert not Sheet.objects.filter(round__tournament=evening).exists()

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('Freigeben')")
    page.wait_for_selector("text=Durchgang 1 ist freigegeben.")

    confirm_round(evening, 1, organiser)
    close_round(evening, 1, user=organiser)
    page.goto(round_url)
    page.fill("#reopen-round-reason", "Einspruch an Tisch 2")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reopen-round button:has-text('Durchgang wieder öffnen')")
    page.wait_for_selector("text=Durchgang 1 ist wieder offen.")
    assert Round.objects.get(tournament=evening, number=1).is_released
    entry = AuditEntry.objects.get(tournament=evening, action=AuditEntry.Action.ROUND_REOPENED)
    assert entry.reason == "Einspruch an Tisch 2" and entry.user == organiser

"""The DDV sheet page says where the round stands: the next game, its dealer by name (the same
one again after a Pflichtsolo) and who still owes a Pflichtsolo — from the ruleset's status
lines, on the desk's page, in the live preview and nowhere for the house rules."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Sheet
from scoring.sheets.page import build_page
from tests.scoring.test_ddv_desk import RD1, ddv_evening, desk_form  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_desk_page_names_the_next_dealer_after_a_pflichtsolo_and_who_owes_one(
    ddv_evening,  # noqa: F811
    organiser_client,
):
    tournament = ddv_evening
    sheet = Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)
    args = [tournament.slug, 1, 1]
    # Three games, the third a Pflichtsolo of seat 2 dealt by seat 3: seat 3 deals game 4.
    saved = organiser_client.post(
        reverse("scoring:sheet_autosave", args=args), desk_form(RD1[:3], 0)
    ).json()
    assert saved["stored_games"] == 3, saved
    names = {seat.number: seat.name for seat in build_page(sheet).seats}

    html = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert "Spiel 4 von 24" in html
    assert f"Geber: {names[3]} (Sitz 3) – gibt nach dem Pflichtsolo noch einmal" in html
    owing = ", ".join(f"{names[seat]} (Sitz {seat})" for seat in (1, 3, 4))
    assert f"Pflichtsolo offen: {owing}" in html

    # The live preview gives the lines again for the rows as typed.
    answer = organiser_client.post(
        reverse("scoring:sheet_preview", args=args), desk_form(RD1[:4], sheet.revision)
    ).json()
    assert answer["status"][0] == "Spiel 5 von 24"


def test_a_house_rules_sheet_shows_no_status_lines(evening, organiser_client):
    tournament = evening
    args = [tournament.slug, 1, 1]
    html = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert "sheet-rules-status" not in html

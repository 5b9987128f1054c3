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
    assert f"Geber: {names[3]} (Platz 3) – gibt nach dem Pflichtsolo noch einmal" in html
    owing = ", ".join(f"{names[seat]} (Platz {seat})" for seat in (1, 3, 4))
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


def typed(rows: list[dict[str, str]], revision: int) -> dict[str, str]:
    """The sheet form as a captain types it: each row's inputs by name."""
    data = {"revision": str(revision)}
    for number, row in enumerate(rows, start=1):
        data.update({f"g{number}-{name}": value for name, value in row.items()})
    return data


def test_the_ddv_page_offers_pflicht_lust_and_a_penalty_line_but_no_verworfen(
    ddv_evening,  # noqa: F811
    organiser_client,
    evening,
):
    html = organiser_client.get(
        reverse("scoring:sheet", args=[ddv_evening.slug, 1, 1])
    ).content.decode()
    assert 'name="g1-solo_mode"' in html and ">Vorführung</option>" in html
    assert 'name="g1-penalty_offender"' in html and 'name="g1-penalty_referee"' in html
    assert ">geringfügig (−3)</option>" in html
    assert "Verworfen von" not in html and 'name="g1-offender"' not in html
    assert "Verwerfen" not in html and "Pflicht/Lust, Strafe, Punkte direkt (Alt+W)" in html
    house = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 1]))
    assert "Verworfen von" in house.content.decode()
    assert "solo_mode" not in house.content.decode()


def test_typed_ddv_rows_fill_in_the_solo_mode_and_store_a_penalty_line(
    ddv_evening,  # noqa: F811
    organiser_client,
):
    tournament = ddv_evening
    sheet = Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)
    args = [tournament.slug, 1, 1]
    rows = [
        {"kind": "normal", "winners": "12", "value": "1"},
        # Seat 2's Damensolo typed without Pflicht/Lust: it owes one, so it is its Pflichtsolo.
        {"kind": "solo_damen", "winners": "2", "value": "3"},
        # The penalty line: seat 3, minor, the referee's name; no winners, no value.
        {
            "kind": "normal",
            "penalty_offender": "3",
            "penalty_severity": "geringfuegig",
            "penalty_referee": "KM",
        },
        # Seat 2 again: its Pflichtsolo is played, so this one is a Lustsolo.
        {"kind": "solo_pik", "winners": "134", "value": "2"},
    ]
    saved = organiser_client.post(
        reverse("scoring:sheet_autosave", args=args), typed(rows, 0)
    ).json()
    assert saved["stored_games"] == 4, saved
    page = build_page(sheet)
    records = page.records
    assert records[1]["solo_mode"] == "pflicht" and records[1]["re"] == [2]
    assert records[2]["penalty"] == {"offender": 3, "severity": "geringfuegig", "referee": "KM"}
    assert "winners" not in records[2]
    assert records[3]["solo_mode"] == "lust" and records[3]["re"] == [2]
    # Seat 2 deals again after its Pflichtsolo; the penalty line deals nothing.
    assert [row.dealer for row in page.rows[:5]] == [1, 2, 2, 2, 3]
    assert [row.label for row in page.rows[:4]] == ["Spiel 1", "Spiel 2", "Strafe", "Spiel 3"]
    assert page.rows[2].points == {1: 1, 2: 1, 3: -3, 4: 1}
    # The stored penalty line comes back in its own inputs, not as a calculator record.
    assert page.rows[2].values["penalty_offender"] == "3"
    assert page.rows[2].values["record"] == ""
    assert page.rows[1].values["solo_mode"] == "pflicht"
    # The notes say it in words, the same on the form and the read-only sheet.
    names = {seat.number: seat.name for seat in page.seats}
    assert page.rows[1].note == f"Solospieler 2 {names[2]} · Pflichtsolo"
    assert page.rows[2].note == f"Strafe: 3 {names[3]}, geringfügig (−3), Schiedsrichter KM"
    assert "Spiel 4 von 24" in page.status


def test_a_refused_solo_mode_is_said_at_its_input_naming_the_game(
    ddv_evening,  # noqa: F811
    organiser_client,
):
    args = [ddv_evening.slug, 1, 1]
    answer = organiser_client.post(
        reverse("scoring:sheet_preview", args=args),
        typed([{"kind": "solo_damen", "winners": "2", "value": "3", "solo_mode": "lust"}], 0),
    ).json()
    problems = answer["rows"][0]["problems"]
    assert list(problems) == ["solo_mode"]
    assert "Pflichtsolo" in problems["solo_mode"][0]
    html = organiser_client.post(
        reverse("scoring:sheet", args=args),
        {
            **typed([{"kind": "solo_damen", "winners": "2", "value": "3", "solo_mode": "x"}], 0),
            "save": "1",
        },
    ).content.decode()
    assert "Spiel 1:" in html and "Pflicht/Lust/Vorführung: „x“ gibt es nicht." in html


def test_rows_given_as_json_are_not_prefilled_a_missing_solo_mode_is_refused(
    ddv_evening,  # noqa: F811
    organiser,
):
    from scoring.sheets.services import submit_sheet
    from scoring.sheets.validation import SheetRefused

    sheet = Sheet.objects.get(round__tournament=ddv_evening, round__number=1, table__number=1)
    solo = {"kind": "solo_damen", "re": [2], "winners": [2], "value": 3}
    with pytest.raises(SheetRefused) as refused:
        submit_sheet(sheet, [solo], expected_revision=sheet.revision, user=organiser)
    assert "Pflicht" in " ".join(refused.value.problems)

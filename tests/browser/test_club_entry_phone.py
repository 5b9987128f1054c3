"""A captain on the phone (and the desk) under a club's rule sheet with Bock, Armut and
Schmeißen: the Spielart offers the Armut and only the solos the club plays (the calculator too),
a Schmeißen is a line of its own under "mehr"; the standings equal ``score_round`` on the stored
rows."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tests.browser.conftest import screenshot
from tests.browser.test_ddv_captain import stored_records
from tests.browser.test_entry_matrix_doppelkopf import (
    calculate,
    enter_game,
    open_sheet,
    page_totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB = {
    "bock": True,
    "bock_triggers": ["tie_120"],
    "armut": True,
    "schmeissen": "redeal",
    "schmeissen_reasons": ["koenige", "augen"],
    "solo_kinds": ["solo_damen", "solo_kreuz"],
}


@pytest.fixture
def club_evening(make_tournament, organiser):
    from scoring.evening.rounds import release_round
    from tests.conftest import EXAMPLES
    from tournament.participants.services import import_participants
    from tournament.seating.services import enter_slips

    tournament = make_tournament(ruleset="hausregeln", ruleset_options=CLUB)
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_an_armut_and_a_schmeissen_on_the_phone_score_as_score_round(
    device, request, live_server, club_evening, settings, organiser, tmp_path
):
    from scoring.models import Sheet
    from scoring.sheets.reading import latest_version
    from scoring.sheets.services import close_sheet_early, confirm_sheet
    from scoring.standings.ranking import compute_standings

    settings.PUBLIC_BASE_URL = live_server.url
    page = request.getfixturevalue(device)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = open_sheet(device, page, live_server, club_evening)
    kinds = page.locator("select[name='g1-kind'] option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    expected = ["normal", "hochzeit", "stilles_solo", "hochzeit_allein"]
    assert kinds == [*expected, "solo_damen", "solo_kreuz", "armut"]
    calc_kinds = page.locator("#calculator .calc-kind option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    assert calc_kinds == kinds

    # 1: 120 : 120 in the calculator (a Bock-Auslöser); 2: a Schmeißen (no game, same dealer);
    # 3: an Armut, a Bock game; 4: a Kreuzsolo, Bock.
    calculate(page, 1, "normal", [1, 3], "120")
    page.locator("tr.game-row[data-game='2'] .more-toggle").click()
    extra = page.locator("tr.row-extra[data-game='2']")
    extra.locator("select[name='g2-schmeissen_seat']").select_option("2")
    extra.locator("select[name='g2-schmeissen_reason']").select_option("koenige")
    screenshot(page, f"club-entry-schmeissen-{device}", full_page=False)
    enter_game(page, 3, "24", "2", kind="armut")
    enter_game(page, 4, "3", "1", kind="solo_kreuz")
    page.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    records = stored_records(table, 4)
    assert len(records) == 4, records
    assert records[1]["schmeissen"] == {"seat": 2, "reason": "koenige"}
    assert records[2]["kind"] == "armut" and records[3]["kind"] == "solo_kreuz"
    screenshot(page, f"club-entry-sheet-{device}")

    sheet_file = tmp_path / "sheet.json"
    options_file = tmp_path / "options.json"
    version = latest_version(Sheet.objects.get(table=table))
    stored = [game.record for game in version.games.order_by("number")]
    sheet_file.write_text(json.dumps({"table_size": 4, "cycles": 4, "rows": stored}))
    options_file.write_text(json.dumps(club_evening.ruleset_options))
    out = tmp_path / "out.json"
    with out.open("w") as handle:
        call_command(
            "score_round",
            "--ruleset",
            "hausregeln",
            "--options",
            str(options_file),
            str(sheet_file),
            stdout=handle,
        )
    answer = json.loads(out.read_text())
    totals = {int(seat): points for seat, points in answer["totals"].items()}
    assert [row["bock"] for row in answer["rows"]] == [1, 2, 2, 2]
    assert page_totals(page) == totals
    assert errors == []

    sheet = Sheet.objects.get(table=table)
    close_sheet_early(sheet, after_game=3, note="Test", user=organiser)
    confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser)
    names = {seat.number: seat.participant.name for seat in table.seats.all()}
    standings = {row.name: row for row in compute_standings(club_evening, 1).rows}
    for seat, name in names.items():
        assert standings[name].total == totals[seat]

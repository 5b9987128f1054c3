"""Every entry path of the two Doppelkopf rulesets, on the phone (390×844) and at the desk: the
house rules with their default options and with others (48 cards, a call before the first lead
counts), and the DDV's Spielliste. Each sheet gets a game by quick entry, one by the calculator,
one as direct points, the DDV a penalty line, and the phone one more typed offline; the page
saves them, opens again without a false alarm, and then the page's totals, the standings (also
games played and won), the live board's count, the games workbook and the printed sheet agree
with the ruleset's scoring of the stored rows (``Ruleset.score_sheet``)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.sheets.links import captain_url
from tests.browser.conftest import login, screenshot
from tests.browser.test_ddv_captain import stored_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_sheet(device: str, page, live_server, tournament, table_number: int = 1) -> Table:
    """The sheet of ``table_number`` in round 1: the captain's link on the phone, the
    organiser's sheet page at the desk."""
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=table_number)
    if device == "phone":
        page.goto(captain_url(table.entry_token))
    else:
        login(page, live_server)
        page.goto(
            live_server.url + reverse("scoring:sheet", args=[tournament.slug, 1, table_number])
        )
    return table


def enter_game(page, number: int, winners: str, value: str, kind: str = "") -> None:
    """The quick entry of row ``number``: Spielart (if not the first), Sieger, Wert, Enter."""
    if kind:
        page.get_by_label(f"Spiel {number}: Spielart").select_option(kind)
    page.get_by_label(f"Spiel {number}: Sieger").click()
    page.keyboard.type(winners)
    page.get_by_label(f"Spiel {number}: Wert").click()
    page.keyboard.type(value)
    page.keyboard.press("Enter")


def calculate(
    page, number: int, kind: str, re: list[int], augen: str, calls: tuple[str, ...] = ()
) -> None:
    """The calculator of row ``number``: kind, the Re seats, Re's Augen, the parties whose
    first call was said ("re", "kontra"), "Übernehmen"."""
    page.locator(f"tr.game-row[data-game='{number}'] .calc-open").click()
    dialog = page.locator("#calculator")
    dialog.locator(".calc-kind").select_option(kind)
    for seat in re:
        dialog.locator(f".calc-seat[data-seat='{seat}'] input").check()
    dialog.locator(".calc-augen").fill(augen)
    for party in calls:
        dialog.locator(f".calc-party[data-party='{party}'] .calc-call").check()
    dialog.locator(".calc-result strong").wait_for()
    dialog.locator(".calc-apply").click()
    dialog.wait_for(state="hidden")


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_the_ddv_calculator_fills_the_row_and_closes(
    device,
    request,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    page = request.getfixturevalue(device)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = open_sheet(device, page, live_server, ddv_evening)
    # The DDV's calculator: one Ansage per party, no house-rule calls, every box labelled.
    page.locator("tr.game-row[data-game='1'] .calc-open").click()
    dialog = page.locator("#calculator")
    words = dialog.inner_text()
    assert "vor dem ersten Ausspielen" not in words and "nach dem 1. Stich" not in words
    for box in dialog.locator("input[type=checkbox]").all():
        assert box.evaluate("box => box.closest('label').textContent.trim()") != ""
    screenshot(page, f"ddv-calculator-{device}", full_page=False)
    dialog.locator(".calc-cancel").click()
    calculate(page, 1, "normal", [1, 2], "150", calls=("re",))
    assert page.locator("input[name='g1-winners']").input_value() == "12"
    assert page.locator("input[name='g1-value']").input_value() == "3"
    records = stored_records(table, 1)
    assert records and records[0]["re"] == [1, 2] and records[0]["augen_re"] == 150
    assert records[0]["statements"] == [{"party": "re", "call": "re"}]
    assert errors == []
    screenshot(page, f"ddv-calculator-applied-{device}", full_page=False)


def penalty_line(page, number: int, offender: str = "3") -> None:
    """Row ``number`` as a penalty line under "more": offender, severity "geringfügig"."""
    page.locator(f"tr.game-row[data-game='{number}'] .more-toggle").click()
    extra = page.locator(f"tr.row-extra[data-game='{number}']")
    extra.locator(f"select[name='g{number}-penalty_offender']").select_option(offender)
    extra.locator(f"select[name='g{number}-penalty_severity']").select_option("geringfuegig")


def shown_numbers(page, rows: int) -> list[str]:
    """The number each of the first ``rows`` rows shows beside it ("" for none)."""
    return [
        page.locator(f"tr.game-row[data-game='{row}'] .game-count").inner_text().strip()
        for row in range(1, rows + 1)
    ]


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_after_a_penalty_line_the_games_keep_the_papers_numbers(
    device,
    request,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    page = request.getfixturevalue(device)
    table = open_sheet(device, page, live_server, ddv_evening)
    enter_game(page, 1, "12", "1")
    penalty_line(page, 2)
    enter_game(page, 3, "34", "2")
    assert len(stored_records(table, 3)) == 3
    expect(page.locator("tr.game-row[data-game='2']")).to_have_attribute("data-row-kind", "penalty")
    expect(page.locator("tr.game-row[data-game='4'] .game-count")).to_have_text("3")
    assert shown_numbers(page, 5) == ["1", "", "2", "3", "4"]
    penalty_row = page.locator("tr.game-row[data-game='2']")
    assert penalty_row.locator(".badge.row-kind").inner_text() == "Strafe"
    # The penalty line offers no Sieger, Wert or Spielart to fill.
    assert not penalty_row.locator("input[name='g2-winners']").is_visible()
    assert not penalty_row.locator("select[name='g2-kind']").is_visible()
    screenshot(page, f"ddv-penalty-numbering-{device}", full_page=False)
    page.reload()
    assert shown_numbers(page, 5) == ["1", "", "2", "3", "4"]
    # Game 24 is the sheet's last row, one after the penalty line.
    last = page.locator("tr.game-row").last
    assert last.get_attribute("data-game") == "25"
    assert last.locator(".game-count").inner_text() == "24"


# ---------------------------------------------------------------------------- the matrix

RULESETS = {
    "hausregeln": {"ruleset": "hausregeln"},
    "hausregeln-48": {
        "ruleset": "hausregeln",
        "ruleset_options": {"deck": 48, "pre_lead_counts": True},
    },
    "ddv": {"ruleset": "ddv"},
}


@pytest.fixture
def matrix_evening(request, make_tournament, organiser):
    """Round 1 released with the example participants (table 1 of four) under the ruleset of
    the test's ``ruleset`` parameter."""
    from scoring.evening.rounds import release_round
    from tests.conftest import EXAMPLES
    from tournament.participants.services import import_participants
    from tournament.seating.services import enter_slips

    tournament = make_tournament(**RULESETS[request.param])
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def direct_points(page, number: int, points: tuple[str, ...]) -> None:
    page.locator(f"tr.game-row[data-game='{number}'] .more-toggle").click()
    for seat, value in enumerate(points, start=1):
        page.fill(f"input[name=g{number}-p{seat}]", value)
    page.locator(f"input[name=g{number}-p{len(points)}]").press("Enter")


def quiet(page) -> None:
    """No "restored", no "changed meanwhile", no conflict panel."""
    banner = page.locator("#sync-banner")
    assert banner.is_hidden() or (
        "wiederhergestellt" not in banner.inner_text() and "inzwischen" not in banner.inner_text()
    ), banner.inner_text()
    assert page.locator("#conflict-panel").is_hidden()


def page_totals(page) -> dict[int, int]:
    totals = {}
    for cell in page.locator(".bar-total").all():
        seat = int(cell.get_attribute("data-seat"))
        totals[seat] = int(cell.locator("strong").inner_text().replace("−", "-").replace("+", ""))
    return totals


def enter_every_path(page, device: str, ruleset: str) -> int:
    """Quick entry, calculator, direct points, the DDV's penalty line and, on the phone, a
    game typed offline; returns the rows entered."""
    enter_game(page, 1, "12", "1")
    calls = ("re",)
    calculate(page, 2, "normal", [1, 3], "150", calls=calls)
    if ruleset == "hausregeln-48":
        # 48 cards: Augen 1..7 are possible; a call only before the first lead counts.
        page.locator("tr.game-row[data-game='3'] .calc-open").click()
        dialog = page.locator("#calculator")
        dialog.locator(".calc-seat[data-seat='2'] input").check()
        dialog.locator(".calc-seat[data-seat='4'] input").check()
        dialog.locator(".calc-augen").fill("5")
        dialog.locator(".calc-party[data-party='kontra'] .calc-call-before").check()
        dialog.locator(".calc-result strong").wait_for()
        dialog.locator(".calc-apply").click()
        dialog.wait_for(state="hidden")
    else:
        enter_game(page, 3, "24", "2", kind="normal")
    direct_points(page, 4, ("2", "-2", "2", "-2"))
    rows = 4
    if ruleset == "ddv":
        penalty_line(page, 5)
        rows = 5
    if device == "phone":
        page.context.set_offline(True)
        enter_game(page, rows + 1, "34", "1")
        page.wait_for_selector("#sync-status:has-text('offline')")
        page.context.set_offline(False)
        rows += 1
    return rows


@pytest.mark.parametrize("matrix_evening", list(RULESETS), indirect=True)
@pytest.mark.parametrize("device", ["phone", "desk"])
def test_every_entry_path_agrees_with_the_rulesets_scoring_everywhere(
    device, matrix_evening, request, live_server, settings, organiser
):
    from output.printouts.sheet_data import table_sheets
    from output.reports import games_rows
    from rules.rows import PENALTY
    from scoring.board.reading import read_board
    from scoring.models import Sheet
    from scoring.sheets.reading import latest_version
    from scoring.sheets.services import close_sheet_early, confirm_sheet
    from scoring.standings.ranking import compute_standings
    from tournament.seating.reading import round_with_seating

    settings.PUBLIC_BASE_URL = live_server.url
    tournament = matrix_evening
    ruleset = tournament.rules
    key = request.node.callspec.params["matrix_evening"]
    page = request.getfixturevalue(device)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = open_sheet(device, page, live_server, tournament)
    rows = enter_every_path(page, device, key)
    page.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    records = stored_records(table, rows)
    assert len(records) == rows, records

    # Opened again: every row saved, no false alarm, the same rows.
    page.reload()
    page.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    quiet(page)
    assert errors == []
    sheet = Sheet.objects.get(table=table)
    version = latest_version(sheet)
    stored = [game.record for game in version.games.order_by("number")]
    played = ruleset.played_rows(stored)
    assert played == rows - (1 if key == "ddv" else 0)
    scored = ruleset.score_sheet(stored, 4, tournament.cycles, tournament.scoring_options)
    assert scored.ok, scored.issues
    totals = {int(seat): points for seat, points in scored.totals.items()}
    assert page_totals(page) == totals
    screenshot(page, f"matrix-{key}-{device}", full_page=False)

    # The board counts games, not rows.
    board = {t.number: t for t in read_board(sheet.round, stuck_after=10).tables}
    assert board[1].games == played

    # Confirmed after the games played: standings, workbook and printed sheet agree.
    close_sheet_early(sheet, after_game=played, note="Matrix", user=organiser)
    confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser)
    names = {seat.number: seat.participant.name for seat in table.seats.all()}
    standings = {row.name: row for row in compute_standings(tournament, 1).rows}
    game_rows = [result for result in scored.rows if result.kind != PENALTY]
    for seat, name in names.items():
        assert standings[name].total == totals[seat]
        assert standings[name].games_played == played
        assert standings[name].games_won == sum(1 for r in game_rows if seat in r.plus)
    report = games_rows(tournament)
    at = {column.label: index for index, column in enumerate(report.columns)}
    lines = [line for line in report.rows if (line[0], line[1]) == (1, 1)]
    assert len(lines) == rows
    assert [line[at["Spiel"]] for line in lines if line[at["Spiel"]] is not None] == list(
        range(1, played + 1)
    )
    for seat in names:
        assert sum(line[at[f"Platz {seat} Punkte"]] for line in lines) == totals[seat]
    printed = table_sheets(round_with_seating(tournament, 1), live_server.url, with_games=True)[0]
    assert printed.rows[printed.final_row].totals == totals


def test_offline_the_phone_names_the_dealer_after_a_pflichtsolo_as_the_server(
    phone,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    from scoring.sheets.page import seat_columns

    settings.PUBLIC_BASE_URL = live_server.url
    table = open_sheet("phone", phone, live_server, ddv_evening)
    names = {seat.number: seat.name for seat in seat_columns(table.sheet)}
    enter_game(phone, 1, "12", "1")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    phone.context.set_offline(True)
    # Seat 2 deals game 2 and plays its Pflichtsolo: seat 2 deals game 3 again.
    enter_game(phone, 2, "2", "3", kind="solo_damen")
    phone.wait_for_selector("#sync-status:has-text('offline')")
    dealer = phone.locator("tr.game-row[data-game='3'] .dealer-name")
    expect(dealer).to_have_text(names[2])
    expect(phone.locator("tr.game-row[data-game='4'] .dealer-name")).to_have_text(names[3])
    screenshot(phone, "ddv-offline-dealer-after-pflichtsolo", full_page=False)
    phone.context.set_offline(False)
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    expect(dealer).to_have_text(names[2])


def test_a_time_up_at_the_desk_reaches_the_open_phone_and_only_a_vorfuehrung_follows(
    phone,
    desk,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
    organiser,
):
    """The captain's phone holds the page (14 games, seat 3 owing its Pflichtsolo) while the
    desk records "Zeit abgelaufen nach Spiel 14": the phone's next game learns it, a
    Normalspiel is refused, seat 3's Vorführung is taken, and the standings are the ruleset's
    score of the stored rows."""
    import datetime

    from django.utils import timezone

    from rules.ddv.sheet import score_round
    from scoring.models import Sheet
    from scoring.sheets.page import seat_columns
    from scoring.sheets.services import confirm_sheet, submit_sheet
    from scoring.standings.ranking import compute_standings
    from tests.scoring.test_ddv_desk import RD1
    from tournament.clock import services
    from tournament.models import RoundClock

    settings.PUBLIC_BASE_URL = live_server.url
    before = 14
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    sheet = Sheet.objects.get(table=table)
    names = {seat.number: seat.name for seat in seat_columns(sheet)}
    submit_sheet(sheet, RD1[:before], expected_revision=0, source="captain")
    services.start_clock(ddv_evening, 1)
    RoundClock.objects.update(started_at=timezone.now() - datetime.timedelta(minutes=101))
    phone.goto(captain_url(table.entry_token))
    status = phone.locator("#sheet-rules-status")
    expect(status).to_contain_text(f"Spiel {before + 1} von 24")

    open_sheet("desk", desk, live_server, ddv_evening)
    expect(desk.get_by_label("Zeit abgelaufen nach Spiel")).to_have_value(str(before))
    desk.get_by_role("button", name="Zeitablauf vermerken").click()
    expect(desk.locator("main")).to_contain_text("Der Zeitablauf ist vermerkt.")

    # The phone, not reloaded: its next game learns of the time called.
    enter_game(phone, before + 1, "12", "1")
    expect(status).to_contain_text(f"Zeit abgelaufen nach Spiel {before}: nur noch Vorführungen")
    expect(status).to_contain_text(f"Vorführung: {names[3]} (Platz 3) muss jetzt spielen")
    screenshot(phone, "matrix-ddv-time-up-at-desk-phone", full_page=False)
    row = before + 1
    phone.get_by_label(f"Spiel {row}: Spielart").select_option("solo_herz")
    phone.get_by_label(f"Spiel {row}: Sieger").fill("3")
    phone.get_by_label(f"Spiel {row}: Wert").fill("3")
    phone.get_by_label(f"Spiel {row}: Wert").press("Enter")
    expect(status).to_contain_text("Alle Pflichtsoli gespielt")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    records = stored_records(table, row)
    assert len(records) == row and records[-1].get("solo_mode") == "vorfuehrung"
    assert records[-1]["re"] == [3]

    sheet.refresh_from_db()
    assert sheet.time_up_after == before
    confirm_sheet(sheet, user=organiser)
    engine = score_round(
        {
            "table_size": 4,
            "games_per_round": 24,
            "time_up_after": before,
            "finished": True,
            "rows": records,
        }
    )
    standings = {line.name: line.total for line in compute_standings(ddv_evening, 1).rows}
    assert {seat: standings[name] for seat, name in names.items()} == {
        seat: engine["totals"][str(seat)] for seat in names
    }

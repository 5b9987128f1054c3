"""A whole DDV round (24 games at a table of four) kept on the captain's phone at 390×844:
Normalspiele, a Pflichtsolo of seats 2 and 1 (the dealer deals again after each), a Lustsolo of
seat 2 (its Pflichtsolo played), a penalty line
that is no game, four rows typed while the phone is offline and sent when it is back; then the
round's time runs out, the page offers "Zeit abgelaufen" by itself, the captain records it, a
Normalspiel is refused and only the Vorführungen of the seats still owing their Pflichtsolo
follow; the list is handed in, the desk confirms it, and the standings are the engine's totals
(``rules.ddv.sheet.score_round``) for the same rows."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from rules.ddv.round import score_rows
from rules.ddv.sheet import score_round
from scoring.models import ScoreLine, Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.page import seat_columns
from scoring.standings.ranking import compute_standings
from tests.browser.conftest import login, screenshot
from tests.browser.test_captain_autosave import enter_game
from tests.browser.test_ddv_captain import stored_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.clock import services
from tournament.models import RoundClock, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Rows 1–19 (row 4 the penalty line): 18 games before the time is called. A solo is
# (kind, winners, value): won by the soloist alone, or lost (the three others win).
NORMAL = [("14", "2"), ("23", "1"), ("12", "3"), ("34", "1"), ("13", "2"), ("24", "1")]
ROWS: dict[int, tuple[str, ...]] = {
    1: ("normal", "14", "2"),
    2: ("solo_damen", "2", "3"),  # seat 2's Pflichtsolo, won: seat 2 deals again
    3: ("normal", "23", "1"),
    4: ("penalty",),
    5: ("normal", "12", "2"),  # rows 5–8 typed offline
    6: ("solo_buben", "234", "2"),  # seat 1's Pflichtsolo, lost: the same dealer again
    7: ("normal", "34", "3"),
    8: ("normal", "13", "1"),
    **{row: ("normal", *NORMAL[row % len(NORMAL)]) for row in range(9, 20)},
    12: ("solo_damen", "2", "2"),  # seat 2 again, its Pflichtsolo played: a Lustsolo
}
OFFLINE = range(5, 9)
ONE_HUNDRED = datetime.timedelta(minutes=100)  # the playing time at four
GAMES_BEFORE_TIME = 18


def type_row(phone, row: int, entry: tuple[str, ...]) -> None:
    if entry[0] == "penalty":
        phone.get_by_label(f"Weitere Angaben zu Spiel {row}").tap()
        extra = phone.locator(f"tr.row-extra[data-game='{row}']")
        extra.locator(f"select[name='g{row}-penalty_offender']").select_option("3")
        extra.locator(f"select[name='g{row}-penalty_severity']").select_option("geringfuegig")
        extra.locator(f"input[name='g{row}-penalty_referee']").fill("KM")
        return
    kind, winners, value = entry
    if kind != "normal":
        phone.get_by_label(f"Spiel {row}: Spielart").select_option(kind)
    enter_game(phone, row, winners, value)


def test_a_whole_ddv_round_with_time_called_is_kept_on_the_phone_and_scored_as_the_engine(
    phone,
    desk,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    names = {seat.number: seat.name for seat in seat_columns(Sheet.objects.get(table=table))}
    services.start_clock(ddv_evening, 1)
    phone.goto(captain_url(table.entry_token))
    status = phone.locator("#sheet-rules-status")
    sync = phone.locator("#sync-status")
    expect(status).to_contain_text("Spiel 1 von 24")
    expect(phone.locator("#time-up")).to_be_hidden()  # the time still runs

    for row in range(1, 5):
        type_row(phone, row, ROWS[row])
    expect(sync).to_contain_text("alles gespeichert")
    records = stored_records(table, 4)
    assert records[1]["solo_mode"] == "pflicht" and records[3]["penalty"]["offender"] == 3
    # Seat 2 dealt its own Pflichtsolo (game 2) and deals game 3 again; the penalty line is
    # no game, seat 3 deals game 4.
    expect(status).to_contain_text("Spiel 4 von 24")
    expect(status).to_contain_text(f"Geber: {names[3]} (Platz 3)")
    dealers = phone.locator("tr.game-row .dealer-name")
    assert [names[2] in dealers.nth(index).inner_text() for index in (1, 2)] == [True, True]

    phone.context.set_offline(True)
    for row in OFFLINE:
        type_row(phone, row, ROWS[row])
    expect(sync).to_contain_text("offline")
    screenshot(phone, "ddv-round-offline-phone", full_page=False)
    assert len(stored_records(table, 5, timeout=1.5)) == 4  # really offline
    phone.context.set_offline(False)
    expect(sync).to_contain_text("alles gespeichert", timeout=20_000)
    records = stored_records(table, 8)
    assert records[5]["solo_mode"] == "pflicht" and len(records) == 8
    # Offline the page could not know that seat 4 deals again after seat 1's Pflichtsolo (the
    # server derives the deal); once back it says so.
    row_7_dealer = phone.locator("tr.game-row[data-game='7'] .dealer-name")
    expect(row_7_dealer).to_contain_text(names[4])

    for row in range(9, 20):
        type_row(phone, row, ROWS[row])
    expect(sync).to_contain_text("alles gespeichert")
    records = stored_records(table, 19)
    assert len(records) == 19
    assert records[11]["solo_mode"] == "lust"  # filled in: the only one possible for seat 2
    state = score_rows(records, 4, 24).state
    assert state.games == GAMES_BEFORE_TIME and state.owing == [3, 4]
    expect(status).to_contain_text(f"Spiel {GAMES_BEFORE_TIME + 1} von 24")

    # The round's time runs out: the clock's start moves back by its 100 minutes. Nobody
    # reloads the page; its clock learns it at its next question to the server.
    RoundClock.objects.update(started_at=RoundClock.objects.get().started_at - ONE_HUNDRED)
    control = phone.locator("#time-up")
    expect(control).to_be_visible(timeout=25_000)
    expect(phone.get_by_label("Zeit abgelaufen nach Spiel")).to_have_value(str(GAMES_BEFORE_TIME))
    control.scroll_into_view_if_needed()
    screenshot(phone, "ddv-round-time-up-phone", full_page=False)
    phone.get_by_role("button", name="Zeitablauf vermerken").tap()
    expect(status).to_contain_text(
        f"Zeit abgelaufen nach Spiel {GAMES_BEFORE_TIME}: nur noch Vorführungen"
    )
    timed = score_rows(records, 4, 24, GAMES_BEFORE_TIME).state
    first = timed.designated
    assert first in (3, 4)
    expect(status).to_contain_text(f"Vorführung: {names[first]} (Platz {first}) muss jetzt spielen")

    # A Normalspiel is no longer allowed; the Vorführung of the designated seat is.
    enter_game(phone, 20, "12", "1")
    # Row 20 is game 19 on paper (the penalty line in row 4 is no game).
    # The refusal comes with the server's answer to the autosave: slow on a busy machine.
    expect(phone.locator("tr.row-info[data-game='20']")).to_contain_text(
        "Spiel 19:", timeout=20_000
    )
    phone.get_by_label("Spiel 20: Spielart").select_option("solo_herz")
    phone.get_by_label("Spiel 20: Sieger").fill(str(first))
    phone.get_by_label("Spiel 20: Wert").fill("3")
    phone.get_by_label("Spiel 20: Wert").press("Enter")
    second = 7 - first  # the other of seats 3 and 4
    expect(status).to_contain_text(f"Vorführung: {names[second]} (Platz {second}) muss jetzt")
    phone.get_by_label("Spiel 21: Spielart").select_option("solo_fleischlos")
    losers = "".join(str(seat) for seat in range(1, 5) if seat != second)
    enter_game(phone, 21, losers, "2")
    expect(status).to_contain_text("Alle Pflichtsoli gespielt")
    expect(sync).to_contain_text("alles gespeichert")
    records = stored_records(table, 21)
    assert [row.get("solo_mode") for row in records[19:]] == ["vorfuehrung", "vorfuehrung"]
    assert [row["re"] for row in records[19:]] == [[first], [second]]
    phone.locator("#sheet-rules-status").scroll_into_view_if_needed()
    screenshot(phone, "ddv-round-vorfuehrungen-phone", full_page=False)

    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Liste abgeben").tap()
    expect(phone.locator("main")).to_contain_text("Die Liste ist abgegeben")
    sheet = Sheet.objects.get(table=table)
    assert sheet.status == Sheet.Status.SUBMITTED and sheet.time_up_after == GAMES_BEFORE_TIME

    login(desk, live_server)
    desk.goto(live_server.url + reverse("scoring:sheet", args=[ddv_evening.slug, 1, 1]))
    desk.locator(".sheet-admin").get_by_role("button", name="Bestätigen", exact=True).click()
    expect(desk.locator("main")).to_contain_text(
        "Die Liste ist bestätigt und zählt in der Tabelle."
    )
    screenshot(desk, "ddv-round-confirmed-desk")
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED

    engine = score_round(
        {
            "table_size": 4,
            "games_per_round": 24,
            "time_up_after": GAMES_BEFORE_TIME,
            "finished": True,
            "rows": records,
        }
    )
    assert engine["games"] == GAMES_BEFORE_TIME + 2
    # Seat 2 in game 2, seat 1 in game 5 (row 6: the penalty line is no game), then the two
    # Vorführungen.
    assert engine["pflichtsolo"] == {"1": 5, "2": 2, str(first): 19, str(second): 20}
    lines = ScoreLine.objects.filter(sheet=sheet)
    sums = {seat: sum(line.points for line in lines if line.seat == seat) for seat in names}
    assert {str(seat): total for seat, total in sums.items()} == engine["totals"]
    standings = {row.name: row.total for row in compute_standings(ddv_evening, 1).rows}
    assert {names[seat]: standings[names[seat]] for seat in names} == {
        names[seat]: engine["totals"][str(seat)] for seat in names
    }

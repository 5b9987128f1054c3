"""The captain's phone at 390×844 for a count-down ("24") round, COUNTDOWN.md §8.6: one short
form per deal — dealer and caller prefilled by name, trump as buttons, "aus" disabled with the
rule's reason, a trick stepper per active seat with the last one filled in, the new scores as a
live preview, the end of a Partie announced with its winners and Partiepunkte, "Spiel n von N";
autosave surviving a reload, typing offline and syncing; the desk confirms and the standings
show the Partiepunkte. A three-player table checks its own rotation and locks."""

from __future__ import annotations

import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from playwright.sync_api import expect

from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.reading import latest_version
from scoring.sheets.services import submit_sheet
from scoring.sheets.time_up import record_time_up
from tests.browser.conftest import login, screenshot
from tests.browser.test_accessibility import blocking_violations
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def countdown_evening(make_tournament, add_participants, organiser):
    """A "24" evening of 7 (a four- and a three-table), variant b (dropping out), two cycles
    of dealing per round: 8 deals at the four-table, 6 at the three-table."""
    tournament = make_tournament(ruleset="24", cycles=2, ruleset_options={"aussteigen": True})
    add_participants(tournament, 7)
    draw_round(tournament, 1, seed=5, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def table_of(tournament, size: int) -> tuple[Table, dict[int, str], str]:
    table = next(
        table
        for table in Table.objects.filter(round__tournament=tournament, round__number=1)
        if table.size == size
    )
    names = {
        seat.number: seat.participant.name for seat in table.seats.select_related("participant")
    }
    return table, names, captain_url(table.entry_token)


def stored(table: Table, count: int, timeout: float = 10.0) -> list[dict]:
    """The deal records the server holds once it holds ``count`` (autosave runs by itself)."""
    deadline = time.monotonic() + timeout
    while True:
        version = latest_version(Sheet.objects.get(table=table))
        records = [game.record for game in version.games.order_by("number")] if version else []
        if len(records) >= count or time.monotonic() > deadline:
            return records
        time.sleep(0.1)


def tap(page, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.locator(f"#deal-entry [data-key='{key}']").tap()


def after(page, seat: int):
    return page.locator(f"#deal-entry .cd-seat[data-seat='{seat}'] .cd-after")


def blind_slam(page, seat: int, size: int = 4) -> None:
    """Gelb blind, ``seat`` takes all six tricks (the caller: his score −24); the last seat
    needs no tap: it is filled with the tricks the others leave."""
    tap(page, "blind")
    if seat == size:
        expect(page.locator(f"#deal-entry .cd-seat[data-seat='{seat}'] output")).to_have_text("6")
        all_to_last(page, seat)
    else:
        tap(page, f"more-{seat}", 6)


def all_to_last(page, seat: int) -> None:
    """The last seat, which holds the tricks the others leave, takes them all: said with a
    tap on its stepper (an untouched form enters nothing)."""
    expect(page.locator("#deal-entry [data-key='enter']")).to_be_disabled()
    tap(page, f"less-{seat}")
    tap(page, f"more-{seat}")


def test_a_24_round_on_the_captains_phone_to_the_standings(
    phone, desk, live_server, countdown_evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    tournament = countdown_evening
    table, names, link = table_of(tournament, 4)
    phone.goto(link)
    entry = phone.locator("#deal-entry")
    expect(entry.locator("h2")).to_have_text("Spiel 1 von 8")
    expect(entry.locator(".cd-partie")).to_have_text("Partie 1 · Nr. 1")
    # Seat 1 deals the round's first deal; "24": the Startspieler left of him calls trump.
    expect(entry.locator(".cd-dealer")).to_have_text(f"Geber: {names[1]}")
    expect(entry.locator(".cd-caller")).to_have_text(f"{names[2]} sagt Trumpf an")
    # The caller may not drop out: the toggle says why.
    expect(entry.locator("[data-key='out-2']")).to_be_disabled()
    expect(entry.locator("#cd-reason-out-2")).to_have_text(
        f"{names[2]} bestimmt Trumpf und darf nicht aussteigen."
    )
    expect(entry.locator("[data-key='enter']")).to_be_disabled()  # no trump yet
    for colour in ("Gelb", "Rot", "Blau", "Grün"):
        expect(entry.get_by_role("button", name=colour, exact=True)).to_be_visible()

    # Deal 1: Rot; 2, 1, 0 tricks typed, the last seat filled with the 3 left.
    tap(phone, "trump-rot")
    expect(entry.locator("[data-key='trump-rot']")).to_have_attribute("aria-pressed", "true")
    tap(phone, "more-1", 2)
    tap(phone, "more-2")
    expect(entry.locator(".cd-seat[data-seat='4'] output")).to_have_text("3")
    expect(after(phone, 1)).to_have_text("→ 22 (−2)")
    expect(after(phone, 3)).to_have_text("→ 30 (+6)")  # no trick: +6
    # Seat 3 drops out and plays again: his stepper goes and comes back.
    tap(phone, "out-3")
    expect(entry.locator(".cd-seat[data-seat='3'] .cd-stepper")).to_have_count(0)
    expect(after(phone, 3)).to_have_text("→ 24 (±0)")
    tap(phone, "out-3")
    expect(after(phone, 3)).to_have_text("→ 30 (+6)")
    screenshot(phone, "countdown-captain-deal", full_page=True)
    assert not blocking_violations(Axe(), phone)
    tap(phone, "enter")
    expect(entry.locator("h2")).to_have_text("Spiel 2 von 8")
    expect(entry.locator(".cd-dealer")).to_have_text(f"Geber: {names[2]}")
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    assert stored(table, 1) == [
        {"deal": 1, "dealer": 1, "trump": "rot", "tricks": {"1": 2, "2": 1, "3": 0, "4": 3}}
    ]

    # Autosave survives a reload: the deal is in the table, the form at deal 2.
    phone.reload()
    expect(entry.locator("h2")).to_have_text("Spiel 2 von 8")
    row = phone.locator("tr.game-row[data-game='1']")
    expect(row.locator("td.cd-cell[data-seat='3'] .cd-stand")).to_have_text("30")
    expect(row.locator(".row-state")).to_have_attribute("data-state", "saved")

    # Deal 2 typed offline: Gelb blind, seat 1 takes all six: 22 − 24 = −2 ends the Partie.
    phone.context.set_offline(True)
    blind_slam(phone, 1)
    expect(after(phone, 1)).to_have_text("→ −2 (−24)")
    expect(after(phone, 3)).to_have_text("→ 78 (+48)")
    expect(phone.locator("#deal-entry .cd-seat[data-seat='3'] .cd-why")).to_have_text(
        "Eigentrumpf ohne Stich, Gelb blind"
    )
    ends = entry.locator(".cd-ends")
    expect(ends).to_contain_text(f"Partie 1 zu Ende. Sieger: {names[1]}")
    expect(ends).to_contain_text(
        f"Partiepunkte: {names[1]} +3, {names[2]} −1, {names[3]} −3, {names[4]} +1"
    )
    entry.locator(".cd-ends").scroll_into_view_if_needed()
    screenshot(phone, "countdown-captain-partie-end", full_page=False)
    tap(phone, "enter")
    expect(phone.locator("#sync-status")).to_contain_text("offline", timeout=15_000)
    expect(entry.locator(".cd-ended")).to_contain_text(f"Sieger: {names[1]}")
    expect(entry.locator("h2")).to_have_text("Spiel 3 von 8")
    expect(entry.locator(".cd-partie")).to_have_text("Partie 2 · Nr. 1")
    expect(entry.locator(".cd-seat[data-seat='1'] .cd-before")).to_have_text("Stand 24")
    screenshot(phone, "countdown-captain-offline", full_page=False)
    # The phone scored the offline deal itself: nothing says "wird berechnet" under it.
    expect(phone.locator("#sheet-form")).not_to_contain_text("wird berechnet", use_inner_text=True)
    time.sleep(1.5)
    assert len(stored(table, 1, timeout=0)) == 1  # really offline
    phone.context.set_offline(False)
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=20_000)
    assert len(stored(table, 2)) == 2

    # Three short Parties: each caller Gelb blind with all six tricks; the third ends with three
    # deals left, fewer than the four seats: the round is over at this table.
    for caller in (4, 1, 2):
        blind_slam(phone, caller)
        tap(phone, "enter")
    expect(entry.locator(".cd-round-over")).to_be_visible()
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=20_000)
    screenshot(phone, "countdown-captain-round-over", full_page=True)
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Liste abgeben").tap()
    expect(phone.locator("body")).to_contain_text("Die Liste ist abgegeben")
    # Handed in: the deals and scores as stored, nothing to type.
    ended = phone.locator("tr.game-row[data-game='2']")
    expect(ended.locator("td.cd-cell[data-seat='1'] .cd-stand")).to_have_text("−2")
    expect(ended).to_have_class(re.compile(r"\bpartie-end\b"))
    expect(phone.locator("#deal-entry")).to_have_count(0)
    expect(phone.locator("tr.game-row:visible")).to_have_count(5)

    # The desk confirms; the standings count Partiepunkte.
    login(desk, live_server)
    desk.goto(live_server.url + reverse("scoring:sheet", args=[tournament.slug, 1, table.number]))
    expect(desk.locator("#deal-entry .cd-round-over")).to_be_visible()
    screenshot(desk, "countdown-desk", full_page=True)
    desk.get_by_role("button", name="Speichern und bestätigen").click()
    expect(desk.locator("body")).to_contain_text("Die Liste ist bestätigt")
    assert Sheet.objects.get(table=table).status == Sheet.Status.CONFIRMED
    confirmed = desk.locator("tr.game-row[data-game='5']")
    expect(confirmed.locator("td.cd-cell[data-seat='2'] .cd-stand")).to_have_text("0")
    screenshot(desk, "countdown-desk-confirmed", full_page=True)
    desk.goto(live_server.url + reverse("scoring:standings", args=[tournament.slug]))
    expect(desk.locator("main")).to_contain_text("Partiepunkte")
    # Partien: +3 −1 −3 +1, then each caller wins alone (+3, the others −1): 4, 0, −6, 2.
    points = {names[1]: "4", names[2]: "0", names[3]: "−6", names[4]: "2"}
    for name, value in points.items():
        expect(desk.locator("tr", has_text=name).first.locator("strong")).to_have_text(value)
    screenshot(desk, "countdown-standings", full_page=True)


def test_a_three_player_table_in_english_rotates_keeps_two_in_and_refuses_in_words(
    phone, live_server, countdown_evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, names, link = table_of(countdown_evening, 3)
    phone.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    phone.goto(link)
    entry = phone.locator("#deal-entry")
    expect(entry.locator("h2")).to_have_text("Deal 1 of 6")
    # One word for a deal on the English page: the round's counter, the Partie's no., the bar.
    expect(entry.locator(".cd-partie")).to_have_text("Partie 1 · no. 1")
    expect(phone.locator("#cd-counter")).to_have_text("0 of 6 deals")
    expect(phone.locator(".page-head .lead")).to_contain_text("6 deals")
    expect(entry.locator(".cd-dealer")).to_have_text(f"Dealer: {names[1]}")
    expect(entry.locator(".cd-caller")).to_have_text(f"{names[2]} calls trump")
    tap(phone, "trump-blau")
    expect(entry.locator("[data-key='trump-blau']")).to_have_text("Blue")
    tap(phone, "out-3")
    # Two must play: seat 1 may not drop out now, and says why.
    expect(entry.locator("[data-key='out-1']")).to_be_disabled()
    expect(entry.locator("#cd-reason-out-1")).to_have_text("At least two players must play.")
    tap(phone, "more-1", 4)
    expect(entry.locator(".cd-seat[data-seat='2'] output")).to_have_text("2")
    # One trick too many: the form refuses, naming the deal and the field, and says why.
    tap(phone, "more-2")
    expect(entry.locator(".cd-problem")).to_have_text(
        "Deal 1: Tricks: The tricks add up to 7, not 6."
    )
    expect(entry.locator("[data-key='enter']")).to_be_disabled()
    screenshot(phone, "countdown-captain-three-english", full_page=False)
    tap(phone, "less-2")
    expect(entry.locator(".cd-problem")).to_have_count(0)
    expect(after(phone, 1)).to_have_text("→ 20 (−4)")
    expect(after(phone, 2)).to_have_text("→ 22 (−2)")
    tap(phone, "enter")
    expect(entry.locator(".cd-dealer")).to_have_text(f"Dealer: {names[2]}")
    expect(entry.locator(".cd-caller")).to_have_text(f"{names[3]} calls trump")
    expect(phone.locator("#sync-status")).to_contain_text("everything saved", timeout=15_000)
    assert stored(table, 1) == [
        {"deal": 1, "dealer": 1, "trump": "blau", "out": [3], "tricks": {"1": 4, "2": 2}}
    ]


def test_a_deal_changed_at_the_desk_meanwhile_is_shown_beside_the_captains(
    phone, live_server, countdown_evening, settings, organiser
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, names, link = table_of(countdown_evening, 4)
    phone.goto(link)
    tap(phone, "trump-rot")
    tap(phone, "more-1", 2)
    tap(phone, "more-2")
    tap(phone, "enter")
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    sheet = Sheet.objects.get(table=table)
    desk_deal = {**stored(table, 1)[0], "trump": "blau"}
    submit_sheet(sheet, [desk_deal], expected_revision=sheet.revision, user=organiser)

    # The captain changes the same deal: both versions are shown, in words.
    phone.locator("tr.game-row[data-game='1'] .cd-edit").tap()
    expect(phone.locator("#deal-entry [data-key='trump-rot']")).to_have_attribute(
        "aria-pressed", "true"
    )
    tap(phone, "trump-gruen")
    expect(phone.locator("#deal-entry [data-key='enter']")).to_have_text(
        "Änderung an Spiel 1 übernehmen"
    )
    tap(phone, "enter")
    panel = phone.locator("#conflict-panel")
    expect(panel).to_be_visible(timeout=15_000)
    expect(panel.locator("td.server-version")).to_have_text(
        f"Geber {names[1]} · Blau · Stiche 2-1-0-3"
    )
    expect(panel.locator("td.device-version")).to_have_text(
        f"Geber {names[1]} · Grün · Stiche 2-1-0-3"
    )
    screenshot(phone, "countdown-captain-conflict", full_page=False)
    panel.get_by_role("button", name="Meine Eingaben senden").tap()
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    deadline = time.monotonic() + 10
    while stored(table, 1)[0]["trump"] != "gruen" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert stored(table, 1)[0]["trump"] == "gruen"
    expect(phone.locator("tr.game-row[data-game='1'] .trump-col")).to_have_text("Grün")


@pytest.fixture
def zwanzig_evening(make_tournament, add_participants, organiser):
    """A Zwanzig evening of 9: a four- and a five-table."""
    tournament = make_tournament(ruleset="zwanzig")
    add_participants(tournament, 9)
    draw_round(tournament, 1, seed=7, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def test_a_zwanzig_round_with_drop_outs_karo_and_the_herz_phase_partly_offline(
    phone, live_server, zwanzig_evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, names, link = table_of(zwanzig_evening, 4)
    phone.goto(link)
    entry = phone.locator("#deal-entry")
    expect(entry.locator("h2")).to_have_text("Spiel 1 von 24")
    expect(entry.get_by_role("button", name="Herz", exact=True)).to_be_visible()
    # Karo: nobody drops out; the Ansager never.
    tap(phone, "trump-karo")
    expect(entry.locator("[data-key='out-3']")).to_be_disabled()
    expect(entry.locator("#cd-reason-out-3")).to_have_text(
        "Bei Karo als Trumpf darf niemand aussteigen."
    )
    # Pik: seat 3 drops out; the Ansager (seat 2) takes all five tricks.
    tap(phone, "trump-pik")
    expect(entry.locator("#cd-reason-out-2")).to_have_text(
        f"{names[2]} bestimmt Trumpf und darf nicht aussteigen."
    )
    tap(phone, "out-3")
    tap(phone, "more-2", 5)
    expect(after(phone, 2)).to_have_text("→ 15 (−5)")
    expect(after(phone, 3)).to_have_text("→ 20 (±0)")
    expect(after(phone, 4)).to_have_text("→ 25 (+5)")
    tap(phone, "enter")
    # Deals 2–8: each Ansager takes all five; 5 and 6 typed offline.
    for number in range(2, 9):
        if number == 5:
            phone.context.set_offline(True)
        if number == 7:
            phone.context.set_offline(False)
        caller = number % 4 + 1
        expect(entry.locator("h2")).to_have_text(f"Spiel {number} von 24")
        tap(phone, "trump-kreuz")
        if caller != 4:
            tap(phone, f"more-{caller}", 5)
        else:
            all_to_last(phone, 4)
        tap(phone, "enter")
    # Deal 9 (2n + 1): the Herz phase — Herz locked in, nobody drops out.
    expect(entry.locator("h2")).to_have_text("Spiel 9 von 24")
    expect(entry.locator("[data-key='trump-herz']")).to_have_attribute("aria-pressed", "true")
    for colour in ("karo", "pik", "kreuz"):
        expect(entry.locator(f"[data-key='trump-{colour}']")).to_be_disabled()
    # Untouched (trump preset, the last seat holding the rest): no preview, nothing to enter.
    expect(entry.locator(".cd-ends")).to_have_count(0)
    expect(entry.locator(".cd-after")).to_have_count(0)
    expect(entry.locator("[data-key='enter']")).to_be_disabled()
    expect(entry.locator(".cd-untouched")).to_be_visible()
    expect(entry.locator(".cd-hint").first).to_have_text(
        "Ab Nr. 9 der Partie ist immer Herz Trumpf; niemand steigt aus."
    )
    expect(entry.locator("#cd-reason-out-3")).to_have_text(
        "Ab Nr. 9 der Partie darf niemand mehr aussteigen."
    )
    expect(entry.locator(".cd-caller")).to_have_text(f"{names[2]} ist Ansager (Herz ist Trumpf)")
    screenshot(phone, "countdown-zwanzig-herz", full_page=False)
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=20_000)
    records = stored(table, 8)
    assert len(records) == 8 and records[0]["out"] == [3]
    assert [record["dealer"] for record in records] == [1, 2, 3, 4, 1, 2, 3, 4]

    # At the five-table the dealer sits out and the Ansager is left of him.
    _five, five_names, five_link = table_of(zwanzig_evening, 5)
    phone.goto(five_link)
    expect(entry.locator("h2")).to_have_text("Spiel 1 von 30")
    expect(entry.locator(".cd-seat[data-seat='1'] .cd-out-note")).to_have_text("setzt aus")
    expect(entry.locator(".cd-caller")).to_have_text(f"{five_names[2]} sagt Trumpf an")
    expect(entry.locator("[data-key='out-1']")).to_have_count(0)


def test_the_deal_form_opens_offline_once_it_was_opened(
    phone, live_server, countdown_evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, _names, link = table_of(countdown_evening, 4)
    phone.goto(link)
    assert phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now under the worker's control; the page and its modules are kept
    deadline = time.monotonic() + 10
    while not phone.evaluate("navigator.serviceWorker.controller !== null"):
        assert time.monotonic() < deadline, "no service worker"
        time.sleep(0.1)
    tap(phone, "trump-gruen")
    all_to_last(phone, 4)
    tap(phone, "enter")
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    phone.context.set_offline(True)
    phone.reload()
    entry = phone.locator("#deal-entry")
    expect(entry.locator("h2")).to_have_text("Spiel 2 von 8")
    expect(phone.locator("tr.game-row[data-game='1'] .trump-col")).to_have_text("Grün")
    tap(phone, "trump-blau")
    tap(phone, "more-3", 6)
    expect(after(phone, 3)).to_have_text("→ 24 (−6)")  # 30 after deal 1: no trick, +6
    tap(phone, "enter")
    expect(entry.locator("h2")).to_have_text("Spiel 3 von 8")
    phone.context.set_offline(False)
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=20_000)
    assert [record["trump"] for record in stored(table, 2)] == ["gruen", "blau"]


def test_a_deal_sent_after_the_organisers_stop_is_said_not_to_count_not_to_be_corrected(
    phone, live_server, countdown_evening, settings, organiser
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, _names, link = table_of(countdown_evening, 4)
    phone.goto(link)
    tap(phone, "trump-rot")
    tap(phone, "more-1", 2)
    tap(phone, "enter")
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    # Offline, the captain types deal 2; meanwhile the desk stops the round after deal 1.
    phone.context.set_offline(True)
    tap(phone, "trump-blau")
    tap(phone, "more-2", 3)
    tap(phone, "enter")
    sheet = Sheet.objects.get(table=table)
    record_time_up(sheet, after_game=1, user=organiser)
    phone.context.set_offline(False)
    # The phone's save is answered with the stop: the page anew, deal 2 kept and marked.
    entry = phone.locator("#deal-entry")
    expect(entry.locator(".cd-stopped-rows")).to_have_text(
        "Spiel 2 und die folgenden zählen nicht: die Turnierleitung hat den Durchgang nach "
        "Spiel 1 beendet. Bitte mit „Letztes Spiel löschen“ entfernen.",
        timeout=20_000,
    )
    row = phone.locator("tr.game-row[data-game='2']")
    expect(row.locator(".row-state")).to_have_attribute("data-state", "void")
    expect(row.locator(".row-state")).to_have_attribute(
        "title", "zählt nicht – der Durchgang ist an diesem Tisch beendet"
    )
    expect(phone.locator("body")).not_to_contain_text("bitte korrigieren")
    expect(entry.locator("[data-key='enter']")).to_have_count(0)
    screenshot(phone, "countdown-captain-after-stop", full_page=True)
    tap(phone, "remove")
    expect(entry.locator(".cd-round-over")).to_contain_text("nach Spiel 1 beendet")
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    assert len(stored(table, 1)) == 1

"""Every count-down game ("24", Zwanzig, 20 ab) at a three-player table through every entry
path its deal form offers: a deal on the captain's phone online, one typed offline and synced,
one on the desk's sheet page, and the organiser's stop recorded at the desk while the phone is
open (the phone learns of it through its poll, offers no further deal, and after a reload shows
no false banner). Then the standings, the live board, the desk's version history, the games
workbook and the printed sheet agree with the ruleset's own scoring of the stored rows
(``countdown_sheet``, the engine's ``score_round``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from output.printouts.sheet_data import table_sheets
from output.reports import games_rows
from rules.countdown.games import GAMES
from rules.countdown.rows import printed_number
from scoring.board.present import summary
from scoring.board.reading import read_board
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.reading import latest_version
from scoring.standings.ranking import compute_standings
from tests.browser.conftest import login, screenshot
from tests.browser.test_countdown_captain import stored
from tournament.models import Round
from tournament.ruleset_texts import say
from tournament.seating.reading import round_with_seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZE = 3
CYCLES = 2  # six deals a round at three seats


@dataclass(frozen=True)
class Deal:
    """A deal as the captain taps it: the trump button, who drops out, each seat's tricks."""

    trump: str
    tricks: dict[int, int]
    out: tuple[int, ...] = ()
    blind: bool = False

    def record(self, number: int) -> dict[str, Any]:
        row: dict[str, Any] = {"deal": number, "dealer": (number - 1) % SIZE + 1}
        row["trump"] = self.trump
        if self.blind:
            row["blind"] = True
        if self.out:
            row["out"] = list(self.out)
        row["tricks"] = {str(seat): count for seat, count in sorted(self.tricks.items())}
        return row


@dataclass(frozen=True)
class Game:
    key: str
    # Deal 1 on the phone online, deal 2 offline, deal 3 at the desk; then the stop after 3.
    deals: tuple[Deal, Deal, Deal]
    options: dict[str, Any] = field(default_factory=dict)


GAMES_UNDER_TEST = (
    Game(
        "24",
        options={"aussteigen": True},
        deals=(
            Deal("rot", {1: 2, 2: 3, 3: 1}),
            Deal("gelb", {1: 0, 2: 4, 3: 2}),
            # Dealer 3, the Startspieler (seat 1) calls; seat 2 drops out (variant b).
            Deal("blau", {1: 4, 3: 2}, out=(2,)),
        ),
    ),
    Game(
        "zwanzig",
        deals=(
            Deal("pik", {1: 1, 2: 3, 3: 1}),
            Deal("herz", {1: 2, 2: 0, 3: 3}),
            # Dealer 3, the Ansager is seat 1; both others out: he takes the five, −5.
            Deal("kreuz", {1: 5}, out=(2, 3)),
        ),
    ),
    Game(
        "20ab",
        deals=(
            Deal("karo", {1: 2, 2: 2, 3: 1}),
            # Dealer 2, the caller is on his right (seat 1); seat 3 drops out, Herz is plain.
            Deal("herz", {1: 3, 2: 2}, out=(3,)),
            Deal("pik", {1: 0, 2: 5, 3: 0}),
        ),
    ),
)


def tap(page, key: str, times: int = 1) -> None:
    """A tap on the phone, a click at the desk."""
    button = page.locator(f"#deal-entry [data-key='{key}']")
    for _ in range(times):
        if page.viewport_size["width"] < 600:
            button.tap()
        else:
            button.click()


def enter(page, deal: Deal) -> None:
    """Tap the deal into the open form: trump, drop-outs, tricks (the last active seat is
    filled with the rest; touched so that the untouched form's guard lets it in), Enter."""
    tap(page, "blind" if deal.blind else f"trump-{deal.trump}")
    for seat in deal.out:
        tap(page, f"out-{seat}")
    active = sorted(deal.tricks)
    for seat in active[:-1]:
        if deal.tricks[seat]:
            tap(page, f"more-{seat}", deal.tricks[seat])
    last = active[-1]
    expect(page.locator(f"#deal-entry .cd-seat[data-seat='{last}'] output")).to_have_text(
        str(deal.tricks[last])
    )
    if not any(deal.tricks[seat] for seat in active[:-1]) and not deal.out:
        tap(page, f"less-{last}")
        tap(page, f"more-{last}")
    tap(page, "enter")


@pytest.fixture(params=GAMES_UNDER_TEST, ids=[game.key for game in GAMES_UNDER_TEST])
def evening(request, make_tournament, add_participants, organiser):
    game: Game = request.param
    tournament = make_tournament(
        ruleset=game.key, cycles=CYCLES, rounds_count=1, ruleset_options=game.options
    )
    add_participants(tournament, SIZE)
    draw_round(tournament, 1, seed=11, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament, game


def test_every_entry_path_of_a_countdown_game_agrees_with_its_scoring(
    evening, phone, desk, live_server, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    tournament, game = evening
    sheet = Sheet.objects.select_related("table").get(round__tournament=tournament)
    table = sheet.table
    expected = [deal.record(number) for number, deal in enumerate(game.deals, start=1)]
    entry = phone.locator("#deal-entry")

    # The phone, online: deal 1. Its clock is the browser's own, run fast later for the poll.
    phone.clock.install()
    phone.goto(captain_url(table.entry_token))
    expect(entry.locator("h2")).to_have_text("Spiel 1 von 6")
    enter(phone, game.deals[0])
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    # Offline: deal 2 stays on the phone and is sent once the connection is back.
    phone.context.set_offline(True)
    enter(phone, game.deals[1])
    expect(entry.locator("h2")).to_have_text("Spiel 3 von 6")
    phone.context.set_offline(False)
    phone.clock.fast_forward(5_000)
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=20_000)
    assert stored(table, 2) == expected[:2]

    # The desk: deal 3 on its own sheet page, then the stop after it while the phone is open.
    login(desk, live_server)
    sheet_url = reverse("scoring:sheet", args=[tournament.slug, 1, table.number])
    desk.goto(live_server.url + sheet_url)
    expect(desk.locator("#deal-entry h2")).to_have_text("Spiel 3 von 6")
    enter(desk, game.deals[2])
    expect(desk.locator("#sync-status")).to_contain_text("alles gespeichert", timeout=15_000)
    assert stored(table, 3) == expected
    desk.reload()
    expect(desk.locator("#time-up-after")).to_have_value("3")
    desk.locator("#time-up").get_by_role("button").first.click()
    expect(desk.locator("#deal-entry .cd-round-over")).to_contain_text("nach Spiel 3 beendet")
    expect(desk.locator("#deal-entry [data-key='enter']")).to_have_count(0)
    expect(desk.locator("#sheet-badge")).to_have_text("beendet nach Spiel 3")

    # The open phone hears of the stop at its next poll: the page anew, no deal 4 offered.
    phone.clock.fast_forward(16_000)
    expect(entry.locator(".cd-round-over")).to_contain_text(
        "Die Turnierleitung hat den Durchgang an diesem Tisch nach Spiel 3 beendet", timeout=15_000
    )
    expect(entry.locator("[data-key='enter']")).to_have_count(0)
    expect(phone.locator("#sheet-badge")).to_have_text("beendet nach Spiel 3")
    expect(phone.locator("tr.game-row[data-game='3'] .row-state")).to_have_attribute(
        "data-state", "saved"
    )
    # Opened again: the same, and no banner or conflict that is not one.
    phone.reload()
    expect(entry.locator(".cd-round-over")).to_be_visible()
    expect(phone.locator("#conflict-panel")).to_be_hidden()
    expect(phone.locator("#sync-banner")).to_be_hidden()
    for number in (1, 2, 3):
        expect(phone.locator(f"tr.game-row[data-game='{number}'] .row-state")).to_have_attribute(
            "data-state", "saved"
        )
    screenshot(phone, f"countdown-matrix-{game.key}-stopped", full_page=True)

    # Handed in on the phone, confirmed at the desk.
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Liste abgeben").tap()
    expect(phone.locator("body")).to_contain_text("Die Liste ist abgegeben")
    desk.goto(live_server.url + sheet_url)
    desk.get_by_role("button", name="Bestätigen", exact=True).click()
    expect(desk.locator(".badge.confirmed").first).to_be_visible()
    screenshot(desk, f"countdown-matrix-{game.key}-desk", full_page=True)
    history = desk.locator("#version-diffs").inner_text()

    # What the ruleset says of the stored rows …
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED and sheet.time_up_after == 3
    rules = tournament.rules
    options = tournament.scoring_options
    version = latest_version(sheet)
    games = list(version.games.order_by("number"))
    rows = [stored_game.record for stored_game in games]
    assert rows == expected
    scored = rules.countdown_sheet(rows, SIZE, CYCLES, options, stop_after=3)
    assert scored.ok and scored.round.complete
    totals = scored.round.totals()
    seats = {seat.number: seat.participant_id for seat in table.seats.all()}

    # … the standings say: Partiepunkte, Partien gewonnen, Restpunkte per player.
    standings = {row.participant_id: row for row in compute_standings(tournament, 1).rows}
    for seat, participant in seats.items():
        row = standings[participant]
        assert (row.total, row.games_won, row.rest) == (
            totals[seat]["partiepunkte"],
            totals[seat]["siege"],
            totals[seat]["restpunkte"],
        ), seat
    assert sum(totals[seat]["partiepunkte"] for seat in seats) == 0

    # … the live board: three deals, nothing left, the evening's standings final.
    round_ = Round.objects.select_related("tournament").get(tournament=tournament, number=1)
    board = read_board(round_, stuck_after=10)
    (on_board,) = board.tables
    assert (on_board.games, on_board.games_left, board.games_left) == (3, 0, 0)
    assert summary(board)["left"] == "Letzter Durchgang: alle Listen bestätigt, der Endstand steht."

    # … the desk's version history: each deal in the ruleset's words, points only where a
    # Partie scored and then labelled.
    assert "Punkte je Platz:" in history and "1: +0" not in history
    for stored_game in games:
        result = {"plus": stored_game.plus, "winner": stored_game.winner}
        result["breakdown"] = stored_game.breakdown
        line = say(rules, rules.describe_row(stored_game.record, result))
        assert line in history, line

    # … the games workbook: one row per deal; the seats' points sum to the Partiepunkte.
    report = games_rows(tournament)
    names = [column.label for column in report.columns]
    workbook = [row for row in report.rows if row[names.index("Tisch")] == table.number]
    assert [row[names.index("Spiel")] for row in workbook] == [1, 2, 3]
    for seat in seats:
        column = names.index(f"Platz {seat} Punkte")
        assert sum(row[column] for row in workbook) == totals[seat]["partiepunkte"]

    # … and the printed sheet: each deal's Stand per seat, the Partie's Nr., the trump caller.
    printed = table_sheets(round_with_seating(tournament, 1), live_server.url, with_games=True)
    (paper,) = printed
    facts = GAMES[game.key]
    for deal in scored.games:
        cells = paper.rows[deal.game].cells
        assert cells["deal"] == str(deal.deal)
        for seat, score in deal.totals.items():
            assert cells[f"stand.{seat}"] == printed_number(score)
    callers = [row.caller for row in rules.printed_sheet(SIZE, 6, options).rows[:3]]
    assert callers == [facts.caller(dealer, SIZE) for dealer in (1, 2, 3)]

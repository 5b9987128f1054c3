"""A second ruleset, defined only here, runs an evening through the same services and pages.

"Toy" differs from the house rules where the Django layers must ask the ruleset: three rows a
sheet at any table size; the dealer is derived from the rows before (a row with ``"again":
true`` is dealt again by the same seat, like DDV after a Pflichtsolo); nobody sits out at five;
seat 2 keeps the list (on the sheet page); the standings rank by rows won first; one option
with its own label. A row
``{"winner": seat}`` gives the winner +(size − 1) and everyone else −1.

It borrows the house rules' result types (GameResult, SheetScore): they are what the sheets and
standings store today (see the report of issue 22 for what is left to make them generic).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from django.urls import reverse

import rules
from rules.base import JsonRow, OptionSpec, RowRefused, Ruleset
from rules.hausregeln.result import GameResult
from rules.hausregeln.sheet import SheetGame, SheetIssue, SheetScore
from rules.hausregeln.vocabulary import EntryMethod
from scoring.demo.play import play_round
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Game, ScoreLine, Sheet
from scoring.sheets.page import build_page
from scoring.standings.ranking import compute_standings, tie_breakers
from tests.conftest import EXAMPLES
from tournament.errors import DomainError
from tournament.events.services import update_tournament
from tournament.models import Round
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db


class ToyRefused(RowRefused):
    field = "winner"


class Toy(Ruleset):
    key = "toy"
    label = "Spielzeug"
    table_sizes = (4, 5)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (OptionSpec("bonus", "Sieger bekommt einen Extrapunkt", "bool", False),)

    def options(self, data: Mapping[str, Any] | None = None) -> dict[str, Any]:
        data = dict(data or {})
        if set(data) - {"bonus"}:
            raise ValueError(f"unknown toy options: {sorted(set(data) - {'bonus'})}")
        return {"bonus": bool(data.get("bonus", False))}

    def options_json(self, options: dict[str, Any]) -> dict[str, Any]:
        return dict(options)

    def describe_options(self, options: dict[str, Any], lang: str = "de") -> list[str]:
        return ["Mit Extrapunkt." if options["bonus"] else "Ohne Extrapunkt."]

    def list_keeper_seat(self, table_size: int) -> int:
        return 2

    def standings_order(self) -> tuple[str, ...]:
        return ("games_won", "total", "latest_round")

    def sheet_length(self, table_size: int, cycles: int) -> int:
        return 3

    def dealer(self, row: int, table_size: int, rows_before: Sequence[JsonRow] = ()) -> int:
        seat = 1
        for before in rows_before:
            if not (isinstance(before, Mapping) and before.get("again")):
                seat = seat % table_size + 1
        return seat

    def score_row(self, row: JsonRow, options: dict[str, Any], lang: str = "de") -> GameResult:
        size = row.get("table_size", 4)
        winner = row.get("winner")
        if winner not in range(1, size + 1):
            raise ToyRefused("Sieger fehlt")
        gain = size - 1 + (1 if options["bonus"] else 0)
        others = -gain // (size - 1) if options["bonus"] else -1
        points = {seat: gain if seat == winner else others for seat in range(1, size + 1)}
        if sum(points.values()) != 0:  # the bonus point is paid by the seat after the winner
            points[winner % size + 1] -= sum(points.values())
        return GameResult(
            points=points,
            plus=(winner,),
            value=None,
            winner=None,
            breakdown=(),
            warnings=(),
            method=EntryMethod.DIRECT_POINTS,
            kind=None,
            table_size=size,
            sitting_out=None,
        )

    def score_sheet(
        self, rows: Sequence[JsonRow], table_size: int, cycles: int, options: Any
    ) -> SheetScore:
        totals = dict.fromkeys(range(1, table_size + 1), 0)
        games, issues = [], []
        for number, row in enumerate(rows, start=1):
            dealer = self.dealer(number, table_size, rows[: number - 1])
            try:
                result = self.score_row(row, options)
            except RowRefused:
                issue = SheetIssue(number, "winner", "invalid_value")
                issues.append(issue)
                games.append(SheetGame(number, dealer, None, False, dict(totals), (issue,)))
                continue
            for seat, points in result.points.items():
                totals[seat] += points
            games.append(SheetGame(number, dealer, result, True, dict(totals), ()))
        return SheetScore(games=tuple(games), totals=dict(totals), issues=tuple(issues))

    def score_document(self, text: str, options: Any, lang: str = "de") -> tuple[str, bool]:
        return text, False


@pytest.fixture
def toy():
    rules.register(Toy())
    yield rules.get("toy")
    rules.unregister("toy")


def toy_records(sheet: Sheet) -> list[dict[str, Any]]:
    """Seat 1 wins row 1 and deals again; seat 2 wins rows 2 and 3."""
    return [{"winner": 1, "again": True}, {"winner": 2}, {"winner": 2}]


def test_a_toy_ruleset_runs_an_evening_through_services_and_pages(
    toy, make_tournament, organiser, organiser_client
):
    tournament = make_tournament(ruleset="toy", ruleset_options={"bonus": False})
    assert tournament.rules is toy
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)

    # The sheet's length and dealers come from the ruleset: 3 rows, the dealer repeated.
    page = organiser_client.get(reverse("scoring:sheet", args=[tournament.slug, 1, 1]))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="game-row') == 3
    assert 'data-game="3"' in html and 'data-game="4"' not in html
    # The live scoring of one row (the calculator's endpoint) asks the ruleset too.
    score_url = reverse("scoring:sheet_score", args=[tournament.slug, 1, 1])
    scored = organiser_client.post(score_url, '{"winner": 3}', content_type="application/json")
    assert scored.json()["points"] == {"1": -1, "2": -1, "3": 3, "4": -1}
    refused = organiser_client.post(score_url, '{"winner": 9}', content_type="application/json")
    assert refused.json() == {"error": {"field": "winner", "message": "Sieger fehlt"}}

    round_ = Round.objects.get(tournament=tournament, number=1)
    play_round(round_, toy_records, user=organiser)
    assert Sheet.objects.filter(round=round_, status=Sheet.Status.CONFIRMED).count() == 4
    assert Game.objects.filter(version__sheet__round=round_).count() == 4 * 3
    played = build_page(Sheet.objects.get(round=round_, table__number=1))
    assert [row.dealer for row in played.rows] == [1, 1, 2]  # seat 1 dealt row 1 again
    assert [row.sitting_out for row in played.rows] == [None, None, None]
    assert [seat.captain for seat in played.seats] == [False, True, False, False]
    five = build_page(Sheet.objects.get(round=round_, table__number=4))
    assert five.table_size == 5 and [row.sitting_out for row in five.rows] == [None] * 3

    # Standings sum the toy's points: at a four-table seat 1 won once (+3 −1 −1), seat 2 twice.
    standings = compute_standings(tournament, 1)
    assert sum(row.total for row in standings.rows) == 0
    assert [b.key for b in tie_breakers(tournament)] == ["games_won", "total", "latest_round"]
    order = [(row.games_won, row.total) for row in standings.rows]
    assert order == sorted(order, reverse=True)
    lines = ScoreLine.objects.filter(sheet__round=round_, seat=2, sheet__table__number=1)
    assert sum(line.points for line in lines) == -1 + 3 + 3

    # Round two is drawn by placement from those standings, then played the same way.
    draw_round(tournament, 2, seed=7, user=organiser)
    release_round(tournament, 2, user=organiser)
    play_round(Round.objects.get(tournament=tournament, number=2), toy_records, user=organiser)
    assert compute_standings(tournament, 2).rows

    # The settings page shows the toy's option, the rules page its text.
    settings = organiser_client.get(reverse("tournament:settings", args=[tournament.slug]))
    assert "Sieger bekommt einen Extrapunkt" in settings.content.decode()
    with pytest.raises(DomainError, match="nicht mehr ändern"):
        update_tournament(tournament, user=organiser, ruleset_options={"bonus": True})

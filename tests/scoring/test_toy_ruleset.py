"""A second ruleset, defined only here, runs an evening through the same services and pages.

"Toy" differs from the house rules where the Django layers must ask the ruleset: three games a
sheet at any table size; the dealer is derived from the rows before (a row with ``"again":
true`` is dealt again by the same seat, like DDV after a Pflichtsolo); nobody sits out at five;
seat 2 keeps the list (on the sheet page); the standings rank by rows won first; one option
with its own label. A game row ``{"winner": seat}`` gives the winner +(size − 1) and everyone
else −1. A penalty row ``{"penalty": seat}`` is no game (like a DDV penalty line): the seat pays
size − 1, everyone else gets 1, nobody deals it, so the next game has the same dealer, and it
does not count towards the sheet's three games; the page names it "Strafe". Its only entry form
is the calculator's JSON row.

It answers with the interface's own result types (``rules.rows``) and entry forms
(``rules.entry``): nothing of the house rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from django.urls import reverse

import rules
from demo.play import play_round
from rules.base import JsonRow, OptionSpec, RowRefused, Ruleset
from rules.entry import EntryField, EntryForm, EntrySpec
from rules.rows import GAME, PENALTY, RowRefusal, RowResult, SheetResult
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


def _seat(row: Any, key: str, size: int) -> int | None:
    seat = row.get(key) if isinstance(row, Mapping) else None
    return seat if type(seat) is int and 1 <= seat <= size else None


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

    def sheet_length(self, table_size: int, cycles: int, options: Any = None) -> int:
        return 3

    def dealer(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int:
        seat = 1
        for before in rows_before:
            if self.row_kind(before) == GAME and not before.get("again"):
                seat = seat % table_size + 1
        return seat

    def row_kind(self, row: JsonRow) -> str:
        return PENALTY if isinstance(row, Mapping) and "penalty" in row else GAME

    def row_label(
        self, number: int, row: JsonRow | None, rows_before: Sequence[JsonRow], lang: str = "de"
    ) -> str:
        if row is not None and self.row_kind(row) == PENALTY:
            return "Strafe"
        games = sum(1 for before in rows_before if self.row_kind(before) == GAME)
        return f"Runde {games + 1}"

    def entry_spec(self, table_size: int, lang: str = "de", options: Any = None) -> EntrySpec:
        row = EntryField("record", "Zeile als JSON", "json")
        return EntrySpec(table_size, (EntryForm("calculator", "Zeile", (row,)),))

    def _points(self, row: JsonRow, size: int, options: dict[str, Any]) -> dict[int, int]:
        if self.row_kind(row) == PENALTY:
            payer = _seat(row, "penalty", size)
            if payer is None:
                raise ToyRefused("Wer zahlt die Strafe?")
            return {seat: -(size - 1) if seat == payer else 1 for seat in range(1, size + 1)}
        winner = _seat(row, "winner", size)
        if winner is None:
            raise ToyRefused("Sieger fehlt")
        gain = size - 1 + (1 if options["bonus"] else 0)
        points = {seat: gain if seat == winner else -1 for seat in range(1, size + 1)}
        points[winner % size + 1] -= sum(points.values())  # the bonus is paid by the next seat
        return points

    def score_row(self, row: JsonRow, options: dict[str, Any], lang: str = "de") -> RowResult:
        size = row.get("table_size", 4)
        points = self._points(row, size, options)
        return RowResult(
            number=0,
            kind=self.row_kind(row),
            label="",
            dealer=None,
            sitter=None,
            points=points,
            totals=points,
            counted=True,
            plus=tuple(seat for seat, value in points.items() if value > 0),
            method="direct_points",
        )

    def score_sheet(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        cycles: int,
        options: Any,
        lang: str = "de",
        *,
        time_up_after: int | None = None,
    ) -> SheetResult:
        totals = dict.fromkeys(range(1, table_size + 1), 0)
        results, issues = [], []
        for number, row in enumerate(rows, start=1):
            before = rows[: number - 1]
            head = {
                "number": number,
                "kind": self.row_kind(row),
                "label": self.row_label(number, row, before, lang),
                "dealer": None
                if self.row_kind(row) == PENALTY
                else self.dealer(number, table_size, before),
                "sitter": None,
            }
            try:
                points = self._points(row, table_size, options)
            except RowRefused as error:
                refusal = RowRefusal(number, error.field, str(error))
                issues.append(refusal)
                results.append(
                    RowResult(
                        **head, points={}, totals=dict(totals), counted=False, refusals=(refusal,)
                    )
                )
                continue
            for seat, value in points.items():
                totals[seat] += value
            results.append(
                RowResult(
                    **head,
                    points=points,
                    totals=dict(totals),
                    counted=True,
                    plus=tuple(seat for seat, value in points.items() if value > 0),
                    method="direct_points",
                )
            )
        full = self.played_rows(rows) >= self.sheet_length(table_size, cycles)
        following = None if full else self.dealer(len(rows) + 1, table_size, rows)
        return SheetResult(
            rows=tuple(results),
            totals=dict(totals),
            issues=tuple(issues),
            complete=full,
            next_dealer=following,
            next_sitter=None,
        )

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


def toy_form(rows: dict[int, dict[str, Any]], revision: int) -> dict[str, str]:
    """The sheet form with ``rows`` typed in the toy's only entry form (the row as JSON)."""
    data = {"revision": str(revision)}
    for number, row in rows.items():
        data[f"g{number}-record"] = json.dumps(row)
    return data


def test_a_toy_penalty_row_goes_through_autosave_the_desk_and_the_standings(
    toy, make_tournament, organiser, organiser_client
):
    tournament = make_tournament(ruleset="toy", ruleset_options={"bonus": False})
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    sheet = Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)
    args = [tournament.slug, 1, 1]

    # The page renders the toy's entry form: no kinds of game, no Sonderpunkte.
    page = organiser_client.get(reverse("scoring:sheet", args=args))
    assert page.context["entry"] == toy.entry_spec(4)
    assert page.context["kinds"] == [] and page.context["specials"] == []
    assert page.context["server_state"]["solo_kinds"] == []

    # Autosave stores a game, then a penalty line typed after it (rows are sequential).
    autosave = reverse("scoring:sheet_autosave", args=args)
    first = organiser_client.post(autosave, toy_form({1: {"winner": 3}}, 0)).json()
    assert first["stored_games"] == 1, first
    rows = {1: {"winner": 3}, 2: {"penalty": 4}}
    second = organiser_client.post(autosave, toy_form(rows, first["revision"])).json()
    assert second["stored_games"] == 2, second
    sheet.refresh_from_db()
    assert [
        game.record
        for game in Game.objects.filter(version__sheet=sheet)
        .filter(version__number=2)
        .order_by("number")
    ] == [
        {"winner": 3, "table_size": 4},
        {"penalty": 4, "table_size": 4},
    ]

    # The stored page: the penalty line is named so, deals nothing, and the next game has the
    # dealer the game before handed on (seat 2), not the positional one (seat 3); it is no game
    # of the sheet's three, so two blank game rows follow.
    stored = build_page(sheet)
    assert [row.kind for row in stored.rows] == ["game", "penalty", "game", "game"]
    assert [row.label for row in stored.rows] == ["Runde 1", "Strafe", "Runde 2", "Runde 3"]
    assert [row.dealer for row in stored.rows] == [1, 2, 2, 3]
    assert stored.filled_count == 1 and stored.expected == 3
    assert stored.rows[1].points == {1: 1, 2: 1, 3: 1, 4: -3}
    html = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert 'data-row-kind="penalty"' in html and 'data-label="Strafe"' in html

    # A refused row is shown with the toy's message at its field; nothing is stored.
    preview = reverse("scoring:sheet_preview", args=args)
    bad = organiser_client.post(preview, toy_form({**rows, 3: {"winner": 7}}, sheet.revision))
    answer = bad.json()
    assert answer["rows"][2]["problems"] == {"record": ["Sieger fehlt"]}
    assert [row["dealer"] for row in answer["rows"]] == [1, 2, 2, 3]
    assert [row["label"] for row in answer["rows"]] == ["Runde 1", "Strafe", "Runde 2", "Runde 3"]

    # Two games and the penalty line are not the sheet's three games: handing in is refused.
    two = {**rows, 3: {"winner": 1}}
    early = organiser_client.post(
        reverse("scoring:sheet", args=args), {**toy_form(two, sheet.revision), "confirm": "1"}
    )
    assert early.status_code == 400 and "2 von 3 Spielen" in early.content.decode()

    # The desk saves and confirms game, penalty, game, game; the score lines count the penalty.
    sheet.refresh_from_db()
    done = organiser_client.post(
        reverse("scoring:sheet", args=args),
        {**toy_form({**two, 4: {"winner": 2}}, sheet.revision), "confirm": "1"},
    )
    assert done.status_code == 302, done.content.decode()[:2000]
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    lines = ScoreLine.objects.filter(sheet=sheet)
    assert {
        seat: sum(line.points for line in lines if line.seat == seat) for seat in range(1, 5)
    } == {
        1: -1 + 1 + 3 - 1,
        2: -1 + 1 - 1 + 3,
        3: 3 + 1 - 1 - 1,
        4: -1 - 3 - 1 - 1,
    }
    assert sorted(line.game_number for line in lines if line.won) == [1, 2, 2, 2, 3, 4]
    assert build_page(sheet).filled_count == 3

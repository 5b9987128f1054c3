"""A DDV tournament's sheet at the desk, through the same services and pages as the house rules:
rows typed as the calculator's JSON records, a penalty line that is no game, a Pflichtsolo after
which the same seat deals again, the round handed in and confirmed, and the standings' sums equal
to ``score_round``'s totals for the same rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from rules.ddv.sheet import score_round
from scoring.evening.rounds import release_round
from scoring.models import ScoreLine, Sheet
from scoring.sheets.page import build_page
from scoring.standings.ranking import compute_standings
from tests.conftest import EXAMPLES
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

DDV_EXAMPLES = Path(__file__).parents[1] / "rules" / "ddv-examples.json"
RD1 = json.loads(DDV_EXAMPLES.read_text(encoding="utf-8"))["rounds"][0]["sheet"]["rows"]
MINOR = {"kind": "normal", "penalty": {"offender": 3, "severity": "geringfuegig", "referee": "KM"}}


def desk_form(rows: list[dict[str, Any]], revision: int) -> dict[str, str]:
    """The sheet form with every row typed as the calculator's record (the row as JSON)."""
    data = {"revision": str(revision)}
    for number, row in enumerate(rows, start=1):
        data[f"g{number}-kind"] = row["kind"]
        data[f"g{number}-record"] = json.dumps(row)
    return data


@pytest.fixture
def ddv_evening(make_tournament, organiser):
    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def test_a_ddv_round_goes_through_the_desk_with_a_penalty_line_and_a_pflichtsolo(
    ddv_evening, organiser_client
):
    tournament = ddv_evening
    sheet = Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)
    args = [tournament.slug, 1, 1]
    page = organiser_client.get(reverse("scoring:sheet", args=args))
    assert page.status_code == 200
    assert page.context["entry"] == tournament.rules.entry_spec(4)
    assert "solo_fleischlos" in [kind for kind, _label in page.context["kinds"]]
    assert page.content.decode().count('class="game-row') == 24

    # Three games (the third a Pflichtsolo of seat 2, dealt by seat 3) and a penalty line.
    rows = [*RD1[:3], MINOR]
    autosave = reverse("scoring:sheet_autosave", args=args)
    saved = organiser_client.post(autosave, desk_form(rows, 0)).json()
    assert saved["stored_games"] == 4, saved
    stored = build_page(sheet)
    assert [row.kind for row in stored.rows[:6]] == ["game"] * 3 + ["penalty", "game", "game"]
    assert [row.label for row in stored.rows[:6]] == [
        "Spiel 1",
        "Spiel 2",
        "Spiel 3",
        "Strafe",
        "Spiel 4",
        "Spiel 5",
    ]
    # Seat 3 dealt the Pflichtsolo and deals game 4 again; the penalty line is no game.
    assert [row.dealer for row in stored.rows[:5]] == [1, 2, 3, 3, 3]
    assert stored.rows[3].points == {1: 1, 2: 1, 3: -3, 4: 1}
    assert stored.expected == 24 and len(stored.rows) == 25

    # A wrong row is shown at its place in the DDV's words; nothing is stored.
    preview = reverse("scoring:sheet_preview", args=args)
    lust = {**RD1[3], "kind": "solo_pik", "re": [1], "winners": [1], "value": 2}
    answer = organiser_client.post(
        preview, desk_form([*rows, {**lust, "solo_mode": "lust"}], saved["revision"])
    ).json()
    problems = answer["rows"][4]["problems"]
    # Shown at the Pflicht/Lust/Vorführung input the page renders from the entry spec.
    assert any("Pflichtsolo" in message for message in problems.get("solo_mode", [])), problems

    # The whole round with the penalty line: handed in and confirmed at the desk.
    full = [*RD1[:3], MINOR, *RD1[3:]]
    sheet.refresh_from_db()
    done = organiser_client.post(
        reverse("scoring:sheet", args=args), {**desk_form(full, sheet.revision), "confirm": "1"}
    )
    assert done.status_code == 302, done.content.decode()[:3000]
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    expected = score_round({"table_size": 4, "rows": full})
    lines = ScoreLine.objects.filter(sheet=sheet)
    sums = {seat: sum(line.points for line in lines if line.seat == seat) for seat in range(1, 5)}
    assert {str(seat): total for seat, total in sums.items()} == expected["totals"]
    assert expected["totals"] == {"1": 9, "2": 17, "3": -19, "4": -7}
    standings = {row.name: row.total for row in compute_standings(tournament, 1).rows}
    seats = build_page(sheet).seats
    assert {seat.name: standings[seat.name] for seat in seats} == {
        seat.name: sums[seat.number] for seat in seats
    }
    # The penalty line is no game: 24 games each, and its +1s are no games won (the first
    # tie-break) — its points count all the same.
    ranked = {row.name: row for row in compute_standings(tournament, 1).rows}
    won = {seat: sum(1 for row in RD1 if seat in row["winners"]) for seat in range(1, 5)}
    assert {seat.name: ranked[seat.name].games_played for seat in seats} == dict.fromkeys(
        (seat.name for seat in seats), 24
    )
    assert {seat.name: ranked[seat.name].games_won for seat in seats} == {
        seat.name: won[seat.number] for seat in seats
    }

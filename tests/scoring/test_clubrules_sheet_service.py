"""Every sheet of clubrules-examples.json (CLUBRULES.md §7.2) through the sheet service of a
tournament playing those club options: the stored rows' points and the totals are the
contract's, and a refused sheet names the row and field as the contract does, nothing stored.
Every single case (§7.1) through the ruleset's row scoring, the calculator's live result."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

import rules
from rules.base import RowRefused
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Game, Sheet
from scoring.sheets.services import submit_sheet
from scoring.sheets.validation import SheetRefused
from tournament.events.services import update_tournament

pytestmark = pytest.mark.django_db

EXAMPLES = json.loads(
    (Path(__file__).resolve().parents[1] / "rules" / "clubrules-examples.json").read_text(
        encoding="utf-8"
    )
)
ROUNDS = EXAMPLES["rounds"]
CASES = EXAMPLES["cases"]


def _sheet(make_tournament, add_participants, organiser, example) -> Sheet:
    size = example["sheet"].get("table_size", 4)
    tournament = make_tournament(cycles=example["sheet"].get("cycles", 4))
    update_tournament(tournament, ruleset_options=example["options"], user=organiser)
    add_participants(tournament, size)
    draw_round(tournament, 1, seed=1, user=organiser)
    release_round(tournament, 1, user=organiser)
    return Sheet.objects.get(round__tournament=tournament)


@pytest.mark.parametrize("example", ROUNDS, ids=[r["id"] for r in ROUNDS])
def test_each_sheet_through_the_sheet_service(
    make_tournament, add_participants, organiser, example
) -> None:
    sheet = _sheet(make_tournament, add_participants, organiser, example)
    rows = example["sheet"]["rows"]
    expected = example["expected"]
    if "refused" in expected:
        with pytest.raises(SheetRefused) as refused:
            submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser)
        index, field = re.fullmatch(r"rows\[(\d+)\](?:\.(.+))?", expected["refused"]).groups()
        problems = {(problem.game, problem.field) for problem in refused.value.rows}
        assert (int(index) + 1, field) in problems, problems
        assert not Game.objects.filter(version__sheet=sheet).exists()
        return
    version = submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser)
    stored = list(Game.objects.filter(version=version).order_by("number"))
    assert len(stored) == len(rows)
    totals = dict.fromkeys(expected["totals"], 0)
    for game in stored:
        for seat, points in game.points.items():
            totals[seat] += points
    assert totals == expected["totals"]
    tournament = sheet.round.tournament
    scored = tournament.rules.score_sheet(
        [game.record for game in stored],
        sheet.table.size,
        tournament.cycles,
        tournament.scoring_options,
    )
    assert {str(s): t for s, t in scored.totals.items()} == expected["totals"]
    assert [row.dealer for row in scored.rows] == expected["dealers"]
    assert scored.next_dealer == expected["next_dealer"]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_each_case_through_the_rulesets_row_scoring(case) -> None:
    house = rules.get("hausregeln")
    options = house.options(case["options"])
    expected = case["expected"]
    try:
        row = house.score_row(case["record"], options)
    except RowRefused as refused:
        assert refused.field == expected.get("refused"), case["id"]
        return
    assert "refused" not in expected, case["id"]
    assert {str(s): p for s, p in row.points.items()} == expected["points"]
    assert (list(row.plus), row.value, row.winner or None) == (
        expected["plus"],
        expected["value"],
        expected["winner"],
    )


def test_a_schmeissen_row_that_is_no_game_leaves_the_sheet_its_sixteen_games(
    make_tournament, add_participants, organiser
) -> None:
    """Under ``schmeissen: "redeal"`` the sheet holds 16 games besides a Schmeißen row, is
    complete with them and is handed in; the same dealer deals after the Schmeißen."""
    example = {"sheet": {"table_size": 4}, "options": {"schmeissen": "redeal", "bock": True}}
    sheet = _sheet(make_tournament, add_participants, organiser, example)
    game = {"kind": "normal", "re": [1, 2], "winners": [1, 2], "value": 1}
    rows = [game, {"schmeissen": {"seat": 3, "reason": "koenige"}}] + [game] * 15
    version = submit_sheet(sheet, rows, expected_revision=sheet.revision, final=True)
    assert version.submitted and version.games.count() == 17
    tournament = sheet.round.tournament
    assert tournament.rules.played_rows(rows, tournament.scoring_options) == 16
    scored = tournament.rules.score_sheet(rows, 4, 4, tournament.scoring_options)
    assert scored.complete and [row.dealer for row in scored.rows][:4] == [1, 2, 2, 3]
    with pytest.raises(SheetRefused):
        submit_sheet(sheet, [*rows, game], expected_revision=version.sheet.revision)


def test_the_sheet_page_says_the_next_games_bock(
    make_tournament, add_participants, organiser, organiser_client
) -> None:
    """Bock games are derived, never typed: the desk's sheet page and its live preview say the
    next game's factor and how many games it still holds ("Bock ×2 · noch 3 Spiele")."""
    options = {"bock": True, "bock_triggers": ["tie_120", "solo_lost"]}
    sheet = _sheet(make_tournament, add_participants, organiser, {"sheet": {}, "options": options})
    tie = {"kind": "normal", "re": [1, 2], "augen_re": 120}
    submit_sheet(sheet, [tie, {**tie, "augen_re": 130}], expected_revision=sheet.revision)
    args = [sheet.round.tournament.slug, 1, sheet.table.number]
    page = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert "Bock ×2 · noch 3 Spiele" in page
    lost = {"kind": "solo_buben", "re": [3], "winners": [1, 2, 4], "value": 4,
            "bock_ausloeser": True}  # fmt: skip
    sheet.refresh_from_db()
    submit_sheet(sheet, [tie, {**tie, "augen_re": 130}, lost], expected_revision=sheet.revision)
    page = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert "Doppelbock ×4 · noch 2 Spiele" in page

"""A count-down ("24") evening of 7 players (a four- and a three-table) through the same
services and pages as Doppelkopf: round 1 typed at the desk as deal records (the calculator's
JSON) and imported as ``{"parties": [...]}``, confirmed; the standings count Partiepunkte,
Partien gewonnen/gespielt and Restpunkte equal to ``play_round``; round 2 seated by placement."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from demo.play import play_round as play_sheets
from rules.countdown.round import RoundPlay, play_round
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Game, ScoreLine, Sheet
from scoring.sheets.page import build_page
from scoring.standings.columns import api_record
from scoring.standings.ranking import compute_standings
from tournament.models import Round, Seat

pytestmark = pytest.mark.django_db

TRICKS = ((3, 2, 1, 0), (2, 2, 2, 0), (4, 1, 1, 0), (1, 1, 1, 3))


def parties_of(size: int, cycles: int, salt: int = 0) -> list[list[dict[str, Any]]]:
    """A whole valid "24" round at ``size`` seats (default options), grouped by Partie."""
    play = RoundPlay("24", __import__("rules").get("24").options(), size, cycles)
    parties: list[list[dict[str, Any]]] = []
    while not play.over:
        current = play.current
        if current is None or current.finished:
            current = play.open_partie()
            parties.append([])
        index = play.deals
        dealer = index % size + 1
        pattern = TRICKS[(index + salt) % len(TRICKS)]
        tricks = list(pattern[:size])
        tricks[0] += 6 - sum(tricks)
        shift = (index * 3 + salt) % size
        tricks = tricks[shift:] + tricks[:shift]
        record = {
            "deal": current.deals + 1,
            "dealer": dealer,
            "trump": ("rot", "gelb", "blau")[index % 3],
            "tricks": {str(seat): tricks[seat - 1] for seat in range(1, size + 1)},
        }
        play.add(current, record)
        parties[-1].append(record)
    return parties


def flat(parties: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    return [record for partie in parties for record in partie]


@pytest.fixture
def evening(make_tournament, add_participants, organiser):
    tournament = make_tournament(ruleset="24")
    assert tournament.cycles == 6  # the count-down default (§8.2)
    add_participants(tournament, 7)
    draw_round(tournament, 1, seed=11, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def test_a_24_evening_of_seven_runs_at_the_desk_and_is_seated_by_placement(
    evening, organiser, organiser_client, tmp_path: Path
) -> None:
    tournament = evening
    sheets = {
        sheet.table.number: sheet
        for sheet in Sheet.objects.filter(round__tournament=tournament, round__number=1)
        .select_related("table")
        .order_by("table__number")
    }
    sizes = {number: sheet.table.size for number, sheet in sheets.items()}
    assert sorted(sizes.values()) == [3, 4]

    # Table 1 at the desk: every deal typed as the calculator's record, saved and confirmed.
    one = sheets[1]
    one_parties = parties_of(sizes[1], 6)
    data = {"revision": str(one.revision), "confirm": "1"}
    for number, record in enumerate(flat(one_parties), start=1):
        data[f"g{number}-record"] = json.dumps(record)
    page = organiser_client.get(reverse("scoring:sheet", args=[tournament.slug, 1, 1]))
    assert page.status_code == 200
    done = organiser_client.post(reverse("scoring:sheet", args=[tournament.slug, 1, 1]), data)
    assert done.status_code == 302, [
        line
        for line in done.content.decode().splitlines()
        if "row-problem" in line or "error" in line
    ]
    one.refresh_from_db()
    assert one.status == Sheet.Status.CONFIRMED
    stored = build_page(one)
    assert stored.rows[0].label == "Spiel 1 · Partie 1"
    assert any("Partie 2" in row.label for row in stored.rows)

    # Table 2 from a file in the contract's shape; a bad record is refused naming its field.
    two = sheets[2]
    two_parties = parties_of(sizes[2], 6, salt=1)
    bad = json.loads(json.dumps(two_parties))
    bad[0][1]["tricks"]["1"] = 9
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"parties": bad, "stopped": False}), encoding="utf-8")
    with pytest.raises(CommandError, match=r"parties\[0\]\.records\[1\]\.tricks"):
        call_command("import_sheet", tournament.slug, "1", "2", str(path), stdout=io.StringIO())
    assert not Game.objects.filter(version__sheet=two).exists()
    path.write_text(json.dumps({"parties": two_parties, "stopped": False}), encoding="utf-8")
    call_command("import_sheet", tournament.slug, "1", "2", str(path), stdout=io.StringIO())
    two.refresh_from_db()
    assert two.status == Sheet.Status.CONFIRMED

    # The standings: Partiepunkte, Partien gewonnen and gespielt, Restpunkte as play_round's.
    expected: dict[int, dict[str, int]] = {}
    for sheet, parties in ((one, one_parties), (two, two_parties)):
        played = play_round("24", {}, sizes[sheet.table.number], parties, 6)
        assert played.complete
        for seat in Seat.objects.filter(table=sheet.table):
            expected[seat.participant_id] = played.totals()[seat.number]
    standings = compute_standings(tournament, 1)
    got = {
        row.participant_id: {
            "partiepunkte": row.total,
            "siege": row.games_won,
            "restpunkte": row.rest,
            "parties": row.parties,
        }
        for row in standings.rows
    }
    assert got == expected
    assert sum(row.total for row in standings.rows) == 0
    order = [(row.total, row.games_won, -row.rest, row.latest_round) for row in standings.rows]
    assert order == sorted(order, reverse=True)
    answer = api_record(standings.rows[0], tournament.rules)
    assert {"partiepunkte", "partien_gewonnen", "partien", "restpunkte"} <= set(answer)
    html = organiser_client.get(reverse("scoring:standings", args=[tournament.slug])).content
    assert "Partiepunkte" in html.decode() and "Restpunkte" in html.decode()
    lines = ScoreLine.objects.filter(sheet__round__tournament=tournament)
    assert lines.count() == sum(
        len(flat(p)) * sizes[s.table.number] for s, p in ((one, one_parties), (two, two_parties))
    )

    # Round 2 by placement: places 1–4 at table 1, 5–7 at the three-table.
    draw_round(tournament, 2, user=organiser)
    release_round(tournament, 2, user=organiser)
    second = Round.objects.get(tournament=tournament, number=2)
    ranked = [row.participant_id for row in standings.rows]
    firsts = set(
        Seat.objects.filter(table__round=second, table__number=1).values_list(
            "participant_id", flat=True
        )
    )
    assert firsts == set(ranked[:4])
    play_sheets(
        second,
        lambda sheet: flat(parties_of(sheet.size, 6, salt=2)),
        user=organiser,
    )
    after = compute_standings(tournament, 2)
    assert after.after_round == 2 and sum(row.total for row in after.rows) == 0
    assert all(len(row.rounds) == 2 for row in after.rows)


def test_a_countdown_sheet_that_ends_early_is_complete_with_fewer_deals(evening) -> None:
    tournament = evening
    sheet = Sheet.objects.filter(round__tournament=tournament, round__number=1).first()
    size = sheet.table.size
    records = flat(parties_of(size, 6))
    length = tournament.sheet_length(size)
    scored = tournament.rules.score_sheet(records, size, 6, tournament.scoring_options)
    assert scored.complete and scored.ok
    assert len(records) <= length


def test_a_countdown_evening_restores_from_its_backup_with_the_same_standings(
    evening, organiser
) -> None:
    from output.backup.export import export_tournament
    from output.backup.restore import import_tournament

    tournament = evening
    first = Round.objects.get(tournament=tournament, number=1)
    play_sheets(first, lambda sheet: flat(parties_of(sheet.size, 6, salt=3)), user=organiser)
    before = compute_standings(tournament, 1)
    copy_ = import_tournament(json.loads(json.dumps(export_tournament(tournament))), slug="kopie")
    assert copy_.ruleset == "24" and copy_.cycles == 6
    after = compute_standings(copy_, 1)

    def shown(standings) -> list[tuple[Any, ...]]:
        return [
            (row.rank, row.name, row.total, row.games_won, row.parties, row.rest)
            for row in standings.rows
        ]

    assert shown(after) == shown(before)
    assert any(row.rest for row in after.rows) and any(row.parties for row in after.rows)

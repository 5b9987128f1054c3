"""A 37-player count-down evening over two rounds through the services and the desk
(COUNTDOWN.md §8): seated at eight four-tables and a five-table, every table's round entered
(typed at the desk, imported as ``{"parties"}``, one stopped by the organiser and cut, the rest
handed in), confirmed; the standings rank by Partiepunkte, Partien gewonnen, Restpunkte, the
last round (§8.4) and sum what ``play_round`` says of each table; round two is seated by
placement (§8.5), played and confirmed; the final standings add both rounds."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from demo.play import play_sheet
from rules.countdown import play_round
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.services import confirm_sheet, submit_sheet
from scoring.sheets.time_up import record_time_up
from scoring.standings.ranking import compute_standings
from tests.scoring.countdown_rounds import cut_parties, parties_of, stop_point
from tournament.models import Round, Seat

pytestmark = pytest.mark.django_db

PLAYERS = 37


def _sheets(tournament, number: int) -> list[Sheet]:
    return list(
        Sheet.objects.filter(round__tournament=tournament, round__number=number)
        .select_related("table", "round")
        .order_by("table__number")
    )


def _play_round(tournament, number: int, client, organiser, tmp_path: Path) -> dict:
    """Enter and confirm every table of round ``number``; each participant's totals as
    ``play_round`` gives them for the table's Parties."""
    game = tournament.ruleset
    expected: dict[int, dict[str, int]] = {}
    for sheet in _sheets(tournament, number):
        size = sheet.table.size
        table = sheet.table.number
        parties = parties_of(game, size, salt=table + 7 * number)
        stopped = False
        if table == 1:
            # Typed at the desk as the calculator's records, saved and confirmed in one step.
            data = {"revision": str(sheet.revision), "confirm": "1"}
            rows = [row for partie in parties for row in partie]
            for index, row in enumerate(rows, start=1):
                data[f"g{index}-record"] = json.dumps(row)
            url = reverse("scoring:sheet", args=[tournament.slug, number, table])
            assert client.post(url, data).status_code == 302
        elif table == 2:
            path = tmp_path / f"r{number}t{table}.json"
            path.write_text(json.dumps({"parties": parties, "stopped": False}), encoding="utf-8")
            call_command("import_sheet", tournament.slug, str(number), str(table), str(path))
        elif table == 3:
            # The organiser stops this table's round: the running Partie is cut and counts.
            parties = cut_parties(parties, stop_point(parties, size))
            rows = [row for partie in parties for row in partie]
            submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser)
            record_time_up(sheet, after_game=len(rows), user=organiser)
            confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser)
            stopped = True
        else:
            rows = [row for partie in parties for row in partie]
            play_sheet(sheet, rows, user=organiser)
        sheet.refresh_from_db()
        assert sheet.status == Sheet.Status.CONFIRMED, table
        result = play_round(game, {}, size, parties, 6, stopped)
        assert result.complete
        totals = result.totals()
        assert sum(row["partiepunkte"] for row in totals.values()) == 0
        for seat in Seat.objects.filter(table=sheet.table):
            expected[seat.participant_id] = totals[seat.number]
    return expected


def _got(standings) -> dict[int, dict[str, int]]:
    return {
        row.participant_id: {
            "partiepunkte": row.total,
            "siege": row.games_won,
            "restpunkte": row.rest,
            "parties": row.parties,
        }
        for row in standings.rows
    }


def _check_order(standings) -> None:
    """§8.4: Partiepunkte, Partien gewonnen, Restpunkte (fewer first), the last round; equal
    on all four share the place ("3." twice, then "5.")."""
    keys = [(row.total, row.games_won, -row.rest, row.latest_round) for row in standings.rows]
    assert keys == sorted(keys, reverse=True)
    for index, row in enumerate(standings.rows):
        if index and keys[index] == keys[index - 1]:
            assert row.rank == standings.rows[index - 1].rank
        else:
            assert row.rank == index + 1


@pytest.mark.parametrize("game", ["24", "zwanzig", "20ab"])
def test_a_37_player_countdown_evening_runs_two_rounds_with_placement(
    game, make_tournament, add_participants, organiser, organiser_client, tmp_path: Path
) -> None:
    tournament = make_tournament(ruleset=game)
    add_participants(tournament, PLAYERS)
    draw_round(tournament, 1, seed=37, user=organiser)
    release_round(tournament, 1, user=organiser)
    sizes = [sheet.table.size for sheet in _sheets(tournament, 1)]
    assert sizes == [4] * 8 + [5]

    first = _play_round(tournament, 1, organiser_client, organiser, tmp_path)
    assert len(first) == PLAYERS
    standings = compute_standings(tournament, 1)
    assert _got(standings) == first
    assert sum(row.total for row in standings.rows) == 0
    _check_order(standings)
    assert any(row.parties > 1 for row in standings.rows)  # Parties ended and new ones began

    # Round two by placement: places 1–4 at table 1, 5–8 at table 2, …, the five-table last.
    draw_round(tournament, 2, user=organiser)
    release_round(tournament, 2, user=organiser)
    second = Round.objects.get(tournament=tournament, number=2)
    rank = {row.participant_id: row.rank for row in standings.rows}
    ranked = [row.participant_id for row in standings.rows]
    tables = []
    for table in second.tables.order_by("number"):
        tables.append({seat.participant_id for seat in table.seats.all()})
    assert [len(players) for players in tables] == [4] * 8 + [5]
    start = 0
    for number, players in enumerate(tables, start=1):
        places = ranked[start : start + len(players)]
        # Exact ties at a table's edge are split by the seeded lot: compare the places.
        assert sorted(rank[p] for p in players) == sorted(rank[p] for p in places), number
        start += len(players)
    captains = Seat.objects.filter(table__round=second, number=1)
    assert captains.count() == 9

    later = _play_round(tournament, 2, organiser_client, organiser, tmp_path)
    final = compute_standings(tournament, 2)
    assert final.after_round == 2
    both: dict[int, dict[str, int]] = defaultdict(
        lambda: {"partiepunkte": 0, "siege": 0, "restpunkte": 0, "parties": 0}
    )
    for totals in (first, later):
        for participant, row in totals.items():
            for key, value in row.items():
                both[participant][key] += value
    assert _got(final) == dict(both)
    assert sum(row.total for row in final.rows) == 0
    assert all(len(row.rounds) == 2 for row in final.rows)
    for row in final.rows:
        assert row.latest_round == later[row.participant_id]["partiepunkte"]
        assert sum(row.rounds) == row.total
    _check_order(final)
    stopped = Sheet.objects.filter(round__tournament=tournament, time_up_after__isnull=False)
    assert stopped.count() == 2

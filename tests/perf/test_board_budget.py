"""Query budget of the director's live board: the page and its JSON cost the same few queries
for 100 tables as for 2 (tables playing, handed in, confirmed, returned; with and without the
ETag's 304)."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from demo.records import sheet_records
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.services import return_sheet, submit_sheet
from tests.conftest import player_name
from tournament.events.services import create_tournament
from tournament.participants.services import import_participants

from .conftest import count_queries

pytestmark = pytest.mark.django_db

# Measured: page 10, JSON 9 (session, user, tournament with the login's role, round, newest
# audit entry, sheets, latest versions, earlier rounds' open sheets, next round), a 304 of the
# JSON 5. A little headroom; equal for any number of tables.
BOARD_PAGE_BUDGET = 12
BOARD_DATA_BUDGET = 10


def evening_of(tables: int, organiser, slug: str):
    """A released round of ``tables`` tables of four, each in another state: playing with a
    few games, handed in, confirmed, sent back, untouched."""
    tournament = create_tournament(
        name=slug, date=datetime.date(2026, 11, 24), slug=slug, user=organiser
    )
    names = "\n".join(["Name", *(player_name(i) for i in range(tables * 4))]).encode()
    import_participants(tournament, names, "teilnehmer.csv", user=organiser)
    draw_round(tournament, 1, seed=11, user=organiser)
    release_round(tournament, 1, user=organiser)
    rng = random.Random(tables)
    sheets = Sheet.objects.filter(round__tournament=tournament).select_related(
        "table", "round__tournament"
    )
    for sheet in sheets.order_by("table__number"):
        kind = sheet.table.number % 5
        if kind == 0:
            continue
        full = kind in (2, 3, 4)
        records = sheet_records(4, 16 if full else 5, rng)
        submit_sheet(
            sheet,
            records,
            expected_revision=sheet.revision,
            user=organiser,
            final=full,
            confirm=kind == 3,
        )
        if kind == 4:
            return_sheet(sheet, comment="Spiel 4 prüfen", user=organiser)
    return tournament


@pytest.mark.parametrize("route", ["scoring:board", "scoring:board_data"])
def test_the_board_costs_the_same_few_queries_for_100_tables_as_for_2(
    route, organiser, organiser_client, django_assert_max_num_queries
):
    budget = BOARD_PAGE_BUDGET if route == "scoring:board" else BOARD_DATA_BUDGET
    counts = {}
    for tables in (2, 100):
        tournament = evening_of(tables, organiser, f"board-{tables}")
        url = reverse(route, args=[tournament.slug, 1])
        organiser_client.get(url)
        with django_assert_max_num_queries(budget):
            counts[tables] = count_queries(organiser_client, "get", url)
        assert counts[tables].status == 200
    assert counts[2].queries == counts[100].queries, "\n".join(counts[100].sql)


def test_a_304_of_the_board_costs_five_queries(organiser, organiser_client):
    tournament = evening_of(100, organiser, "board-304")
    url = reverse("scoring:board_data", args=[tournament.slug, 1])
    etag = organiser_client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as captured:
        response = organiser_client.get(url, headers={"if-none-match": etag})
    assert response.status_code == 304
    assert len(captured.captured_queries) <= 5, [q["sql"] for q in captured.captured_queries]

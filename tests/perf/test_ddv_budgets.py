"""Query budgets of a DDV tournament: standings, saving a 24-game sheet and the printouts cost
the same few queries for a small and a larger tournament (``generate_demo --ruleset ddv``).
Times for 400 players are the benchmark's (``bench/bench_ddv.py``)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from rules.ddv.sample import sample_rows
from scoring.models import Sheet, SheetVersion
from tournament.models import Tournament

from .conftest import LARGE, SMALL, count_queries
from .test_query_budgets import SHEET_SAVE_BUDGET, STANDINGS_BUDGET, assert_same_for_both_sizes

pytestmark = pytest.mark.django_db

# Measured: the blank sheets of a round 8, the filled ones 10, the standings PDF 10 (standings
# 5 public, 8 organiser, 5 JSON; a 24-row save 21).
PRINTOUT_BUDGET = 14


@pytest.fixture
def generate_ddv(organiser):
    def make(players: int, *, open_round: bool = False) -> Tournament:
        slug = f"perf-ddv-{players}" + ("-open" if open_round else "")
        call_command(
            "generate_demo",
            players=players,
            rounds=2,
            seed=20250403,
            slug=slug,
            open_round=open_round,
            ruleset="ddv",
            organiser=organiser.username,
            stdout=io.StringIO(),
        )
        return Tournament.objects.get(slug=slug)

    return make


def ddv_form(rows: list[dict], revision: int) -> dict[str, str]:
    """The desk's sheet form with every row typed as the calculator's record."""
    data = {"revision": str(revision), "save": "1"}
    for number, row in enumerate(rows, start=1):
        data[f"g{number}-kind"] = row["kind"]
        data[f"g{number}-record"] = json.dumps(row)
    return data


def test_a_generated_ddv_tournament_plays_ddv_rounds(generate_ddv):
    tournament = generate_ddv(SMALL)
    assert tournament.rules.key == "ddv"
    version = SheetVersion.objects.filter(sheet__round__tournament=tournament).first()
    assert version.confirmed and version.games.count() >= 24  # 24 games and a penalty line


@pytest.mark.parametrize("page", ["public", "organiser", "api"])
def test_ddv_standings_within_budget_for_any_size(
    page, generate_ddv, organiser, settings, django_assert_max_num_queries
):
    settings.PUBLIC_CACHE_SECONDS = 0
    client = Client()
    if page == "organiser":
        client.force_login(organiser)
    counts = {}
    for players in (SMALL, LARGE):
        slug = generate_ddv(players).slug
        url = {
            "public": reverse("public:standings", args=[slug]),
            "organiser": reverse("scoring:standings", args=[slug]),
            "api": reverse("api:standings", args=[slug]),
        }[page]
        client.get(url)
        with django_assert_max_num_queries(STANDINGS_BUDGET):
            counts[players] = count_queries(client, "get", url)
        assert counts[players].status == 200
    assert_same_for_both_sizes(counts)


def test_ddv_sheet_save_within_budget_for_any_size(
    generate_ddv, organiser, django_assert_max_num_queries
):
    client = Client()
    client.force_login(organiser)
    counts = {}
    for players in (SMALL, LARGE):
        tournament = generate_ddv(players, open_round=True)
        sheet = Sheet.objects.select_related("table").get(
            round__tournament=tournament, round__number=3, table__number=1
        )
        rows = sample_rows(sheet.table.seats.count(), 24, seed=7)
        url = reverse("scoring:sheet", args=[tournament.slug, 3, 1])
        client.get(url)
        with django_assert_max_num_queries(SHEET_SAVE_BUDGET):
            counts[players] = count_queries(client, "post", url, ddv_form(rows, sheet.revision))
        assert counts[players].status == 302
        assert SheetVersion.objects.get(sheet=sheet).games.count() == len(rows)
    assert_same_for_both_sizes(counts)


@pytest.mark.parametrize("printout", ["sheets", "filled", "standings"])
def test_ddv_printouts_within_budget_for_any_size(
    printout, generate_ddv, organiser, django_assert_max_num_queries
):
    client = Client()
    client.force_login(organiser)
    counts = {}
    for players in (SMALL, LARGE):
        slug = generate_ddv(players).slug
        url = (
            reverse("exports:standings_pdf", args=[slug])
            if printout == "standings"
            else reverse("exports:sheets_pdf", args=[slug, 2])
            + ("?filled=1" if printout == "filled" else "")
        )
        with django_assert_max_num_queries(PRINTOUT_BUDGET):
            counts[players] = count_queries(client, "get", url)
        assert counts[players].status == 200
    assert_same_for_both_sizes(counts)

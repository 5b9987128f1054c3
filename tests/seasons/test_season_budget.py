"""Query budget of the season table: the same few queries for 2 or 12 evenings, within the
standings' budget (tests/perf/test_query_budgets.py); the benchmark with 12 evenings of 400
players is bench/bench_seasons.py (docs/performance.md)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from seasons.services import create_season
from tests.perf.conftest import count_queries
from tests.perf.test_query_budgets import STANDINGS_BUDGET
from tournament.models import ClubMembership

pytestmark = pytest.mark.django_db

NAMES = [f"Mitglied {n:02d}" for n in range(1, 13)]


@pytest.fixture
def leader(club) -> Client:
    user = get_user_model().objects.create_user("leiterin", password="ein-langes-passwort-1")
    ClubMembership.objects.create(user=user, club=club, role=ClubMembership.Role.ORGANISER)
    client = Client()
    client.force_login(user)
    return client


def test_the_season_table_costs_the_same_queries_for_2_or_12_evenings(
    club, play_evening, leader, client, django_assert_max_num_queries
):
    evenings = [
        play_evening(club, f"abend-{n}", NAMES[n % 4 : n % 4 + 8], seed=n, day=n)
        for n in range(1, 13)
    ]
    counts = {}
    for size in (2, 12):
        season = create_season(club, f"s{size}", name=f"Saison {size}", tournaments=evenings[:size])
        args = [club.slug, season.slug]
        urls = {
            "organiser": (leader, reverse("seasons:detail", args=args)),
            "public": (client, reverse("public:season", args=args)),
            "api": (client, reverse("api:season", args=args)),
            "projector": (client, reverse("public:season_projector", args=args)),
        }
        for name, (who, url) in urls.items():
            with django_assert_max_num_queries(STANDINGS_BUDGET):
                counted = count_queries(who, "get", url)
            assert counted.status == 200
            counts[name, size] = counted.queries
    assert all(counts[name, 2] == counts[name, 12] for name in ("organiser", "public", "api"))

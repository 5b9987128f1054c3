"""A season counts the points or the Tischpunkte of every evening (``Season.metric``), whatever
format each evening is ranked by; its rule (sum, best N, average) applies to that figure. Hand
computed over two evenings: a Tischpunkte evening with a shared place at a table and a late
arrival, and a sum evening."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring.models import Season
from scoring.standings.ranking import compute_standings
from seasons.ranking import compute_season, evening_lines, evening_sums, member_evenings
from seasons.services import create_season, update_season
from tests.exports.conftest import pdf_text
from tests.scoring.test_evening_formats import play
from tests.seasons.conftest import names_csv
from tests.seasons.test_season_commands import run
from tests.seasons.test_season_pages import client_for
from tournament.events.services import create_tournament
from tournament.models import ClubMembership, Member, Tournament
from tournament.participants.services import import_participants

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Emil"]


def evening(club, slug: str, day: int, evening_format: str) -> tuple[Tournament, dict]:
    tournament = create_tournament(
        name=f"Abend {slug}", date=datetime.date(2025, day, 1), slug=slug, club=club
    )
    Tournament.objects.filter(pk=tournament.pk).update(evening_format=evening_format)
    tournament.refresh_from_db()
    import_participants(tournament, names_csv(NAMES), "mitglieder.csv")
    return tournament, {p.name: p for p in tournament.participants.all()}


@pytest.fixture
def evenings(club) -> tuple[Tournament, Tournament]:
    jan, p = evening(club, "jan", 1, "table_points")
    # Round 1: Anna and Bernd share first place at the table: (3 + 1) / 2 = 2 each.
    play(jan, 1, [{p["Anna"]: 40, p["Bernd"]: 40, p["Carla"]: -20, p["Dieter"]: -60}])
    # Round 2: Emil arrives; a table of five, +4/+2/0/-2/-4.
    play(
        jan,
        2,
        [{p["Anna"]: -10, p["Bernd"]: 10, p["Carla"]: 0, p["Dieter"]: 30, p["Emil"]: -30}],
    )
    # January: Tischpunkte Anna 2-2=0, Bernd 2+2=4, Carla -1+0=-1, Dieter -3+4=1, Emil -4;
    #          points Anna 30, Bernd 50, Carla -20, Dieter -30, Emil -30.
    feb, p = evening(club, "feb", 2, "sum")
    play(feb, 1, [{p["Anna"]: 60, p["Bernd"]: -20, p["Carla"]: 20, p["Dieter"]: -60}])
    # February: Tischpunkte Anna 3, Carla 1, Bernd -1, Dieter -3; points as played.
    return jan, feb


def season_of(club, evenings, rule: str = "sum", slug: str = "2025", **options) -> Season:
    return create_season(club, slug, name="Saison", rule=rule, tournaments=evenings, **options)


def table(season: Season) -> list[tuple]:
    return [(row.rank, row.name, row.points) for row in compute_season(season).rows]


def test_the_season_adds_each_evenings_tischpunkte_whatever_its_format(club, evenings):
    season = season_of(club, evenings, metric="table_points")
    # Anna 0 + 3 = 3, Bernd 4 - 1 = 3 (a shared first place), Carla -1 + 1 = 0,
    # Dieter 1 - 3 = -2, Emil -4.
    assert table(season) == [
        (1, "Anna", 3),
        (1, "Bernd", 3),
        (3, "Carla", 0),
        (4, "Dieter", -2),
        (5, "Emil", -4),
    ]
    # The same evenings by points: Anna 90, Bernd 30, Carla 0, Emil -30, Dieter -90.
    points = season_of(club, evenings, slug="punkte")
    assert table(points) == [
        (1, "Anna", 90),
        (2, "Bernd", 30),
        (3, "Carla", 0),
        (4, "Emil", -30),
        (5, "Dieter", -90),
    ]


def test_best_n_takes_the_best_evenings_by_tischpunkte(club, evenings):
    season = season_of(club, evenings, rule="best", best=1, metric="table_points")
    # Best evening: Bernd 4 (January), Anna 3 (February), Carla 1 and Dieter 1, Emil -4.
    assert table(season) == [
        (1, "Bernd", 4),
        (2, "Anna", 3),
        (3, "Carla", 1),
        (3, "Dieter", 1),
        (5, "Emil", -4),
    ]
    counted = {row.name: row.counted for row in compute_season(season).rows}
    jan, feb = evenings
    assert counted["Bernd"] == (jan.pk,) and counted["Anna"] == (feb.pk,)
    assert {row.name: row.total for row in compute_season(season).rows}["Bernd"] == 3


def test_average_ranks_by_tischpunkte_per_round_with_the_minimum(club, evenings):
    season = season_of(club, evenings, rule="average", min_rounds=2, metric="table_points")
    rows = compute_season(season).rows
    # Anna 3 / 3 = 1.00, Bernd 3 / 3 = 1.00, Carla 0 / 3, Dieter -2 / 3; Emil 1 round: unranked.
    assert [(row.rank, row.name, row.average) for row in rows] == [
        (1, "Anna", 1.0),
        (1, "Bernd", 1.0),
        (3, "Carla", 0.0),
        (4, "Dieter", -0.67),
        (None, "Emil", -4.0),
    ]


def test_an_evenings_figure_is_the_tischpunkte_of_its_own_standings(club, evenings):
    season = season_of(club, evenings, metric="table_points")
    for tournament in evenings:
        standings = {row.name: row.table_points for row in compute_standings(tournament).rows}
        for name in NAMES[:4]:
            member = Member.objects.get(club=club, name=name)
            _row, lines = member_evenings(season, member)
            line = next(e for e in lines if e.tournament == tournament)
            assert line.points == standings[name]


def test_changing_the_figure_reranks_at_once_and_keeps_the_rule(club, evenings):
    season = season_of(club, evenings)
    assert table(season)[0] == (1, "Anna", 90)
    update_season(
        season,
        name=season.name,
        rule="sum",
        best=None,
        min_rounds=0,
        public_standings=True,
        public_projector=True,
        metric="table_points",
    )
    season.refresh_from_db()
    assert table(season)[:2] == [(1, "Anna", 3), (1, "Bernd", 3)]


def test_a_cached_evening_without_tischpunkte_is_a_miss(club, evenings):
    assert evening_lines([[1, 30, 2]]) is None  # (participant, points, rounds): read again
    jan, _feb = evenings
    lines = evening_sums([jan.pk])[jan.pk]
    assert evening_lines(json.loads(json.dumps(lines))) == lines
    assert sorted(tp for _pid, _points, _rounds, tp in lines) == [-4, -1, 0, 1, 4]


def test_every_surface_says_the_season_counts_tischpunkte(club, evenings, client):
    season = season_of(club, evenings, rule="best", best=1, metric="table_points")
    leader = client_for(club, "leiterin", ClubMembership.Role.ORGANISER)
    args = [club.slug, season.slug]
    page = leader.get(reverse("seasons:detail", args=args)).content.decode()
    assert "Tischpunkte (beste 1)" in page and "alle Tischpunkte" in page
    assert "die besten 1 Abende nach Tischpunkten" in page
    public = client.get(reverse("public:season", args=args)).content.decode()
    assert "Tischpunkte (beste 1)" in public
    projector = client.get(reverse("public:season_projector", args=args)).content.decode()
    assert "Tischpunkte (beste 1)" in projector and "nach Tischpunkten" in projector
    rows = json.loads(client.get(reverse("api:season", args=args)).content)
    assert rows[0] == {
        "rank": 1,
        "name": "Bernd",
        "evenings": 2,
        "rounds": 3,
        "points": 4,
        "average": 1.0,
        "metric": "table_points",
    }
    anna = Member.objects.get(club=club, name="Anna")
    member = leader.get(reverse("seasons:member", args=[*args, anna.public_id])).content.decode()
    assert "3 Tischpunkte" in member
    _pages, (text,) = pdf_text(leader.get(reverse("seasons:pdf", args=args)).content)
    assert "Tischp" in text and "nach Tischpunkten" in text
    workbook = load_workbook(io.BytesIO(leader.get(reverse("seasons:xlsx", args=args)).content))
    sheet = workbook.worksheets[0]
    headers = [cell.value for row in sheet.iter_rows(max_row=3) for cell in row]
    assert "Tischpunkte (beste 1)" in headers and "alle Tischpunkte" in headers


def test_the_form_and_the_command_choose_the_figure(club, evenings):
    leader = client_for(club, "leiterin", ClubMembership.Role.ORGANISER)
    form = leader.get(reverse("seasons:create", args=[club.slug])).content.decode()
    assert 'name="metric"' in form and "Tischpunkte" in form
    response = leader.post(
        reverse("seasons:create", args=[club.slug]),
        {"slug": "2025", "name": "Saison 2025", "rule": "sum", "metric": "table_points",
         "min_rounds": 0, "tournaments": [t.pk for t in evenings]},
    )  # fmt: skip
    assert response.status_code == 302
    season = Season.objects.get(slug="2025")
    assert season.metric == "table_points"
    settings = leader.get(reverse("seasons:settings", args=[club.slug, "2025"])).content.decode()
    assert '<option value="table_points" selected>' in settings
    code, _out, err = run(
        "create_season", club.slug, "2026", "--name", "Saison 2026", "--rule", "sum",
        "--metric", "table_points", "jan", "feb",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert Season.objects.get(slug="2026").metric == "table_points"
    code, _out, _err = run(
        "create_season", club.slug, "2027", "--name", "X", "--rule", "sum", "--metric", "augen"
    )
    assert code != 0 and not Season.objects.filter(slug="2027").exists()

"""The season table's pages: organiser (sortable), public page and projector (switchable), a
member's season page, PDF, Excel and the JSON API; a confirmed sheet shows at once."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from scoring.models import Season
from seasons.ranking import compute_season
from seasons.services import create_season
from tournament.models import ClubMembership, Member

pytestmark = pytest.mark.django_db

EIGHT = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
EIGHT += ["Emil Engel", "Frieda Fuchs", "Gerd Graf", "Hanna Hahn"]


def client_for(club, username: str, role: str) -> Client:
    user = get_user_model().objects.create_user(username, password="ein-langes-passwort-1")
    ClubMembership.objects.create(user=user, club=club, role=role)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def season(club, play_evening) -> Season:
    one = play_evening(club, "jan", EIGHT, rounds=2)
    two = play_evening(club, "feb", EIGHT[:4], day=2, seed=5)
    return create_season(
        club, "2025", name="Jahreswertung 2025", rule="best", best=1, tournaments=[one, two]
    )


@pytest.fixture
def leader(club) -> Client:
    return client_for(club, "leiterin", ClubMembership.Role.ORGANISER)


def names_in_order(html: str, names: list[str]) -> list[str]:
    return sorted(names, key=html.index)


def test_the_organiser_sees_the_table_sorted_and_sortable(season, leader):
    url = reverse("seasons:detail", args=[season.club.slug, season.slug])
    page = leader.get(url).content.decode()
    rows = compute_season(season).rows
    assert names_in_order(page, [row.name for row in rows]) == [row.name for row in rows]
    assert "Punkte (beste 1)" in page
    by_name = leader.get(url, {"sort": "name"}).content.decode()
    assert names_in_order(by_name, EIGHT) == sorted(EIGHT)


def test_a_helper_looks_and_prints_but_does_not_change_or_export(season, club):
    helper = client_for(club, "helfer", ClubMembership.Role.HELPER)
    args = [club.slug, season.slug]
    assert helper.get(reverse("seasons:detail", args=args)).status_code == 200
    assert helper.get(reverse("seasons:pdf", args=args)).status_code == 200
    assert helper.get(reverse("seasons:settings", args=args)).status_code == 403
    assert helper.get(reverse("seasons:xlsx", args=args)).status_code == 403
    assert helper.get(reverse("seasons:create", args=[club.slug])).status_code == 403


def test_another_clubs_login_gets_404_on_every_season_url(season, club):
    from tournament.clubs.services import create_club

    stranger = client_for(create_club("andere", name="Andere"), "fremd", "organiser")
    member = Member.objects.filter(club=club).first()
    args = [club.slug, season.slug]
    urls = [
        reverse("seasons:list", args=[club.slug]),
        reverse("seasons:create", args=[club.slug]),
        *(reverse(f"seasons:{name}", args=args) for name in ("detail", "settings", "pdf", "xlsx")),
        reverse("seasons:member", args=[*args, member.public_id]),
    ]
    for url in urls:
        assert stranger.get(url).status_code == 404, url
        assert stranger.post(url, {"name": "x", "rule": "sum", "min_rounds": 0}).status_code == 404
    assert Season.objects.get().name == "Jahreswertung 2025"


def test_the_leader_creates_a_season_and_adds_a_tournament_later(club, play_evening, leader):
    one = play_evening(club, "jan", EIGHT[:4])
    response = leader.post(
        reverse("seasons:create", args=[club.slug]),
        {"slug": "2026", "name": "Saison 2026", "rule": "sum", "min_rounds": 0,
         "tournaments": [one.pk], "public_standings": "on"},
    )  # fmt: skip
    assert response.status_code == 302
    season = Season.objects.get(slug="2026")
    assert not season.public_projector
    two = play_evening(club, "feb", EIGHT[4:], day=2)
    response = leader.post(
        reverse("seasons:settings", args=[club.slug, "2026"]),
        {"name": "Saison 2026", "rule": "average", "min_rounds": 1,
         "tournaments": [one.pk, two.pk], "public_standings": "on"},
    )  # fmt: skip
    assert response.status_code == 302
    page = leader.get(reverse("seasons:detail", args=[club.slug, "2026"])).content.decode()
    assert all(name in page for name in EIGHT)
    bad = leader.post(
        reverse("seasons:settings", args=[club.slug, "2026"]),
        {"name": "Saison 2026", "rule": "best", "min_rounds": 0},
    )
    assert bad.status_code == 200 and "fehlt die Zahl" in bad.content.decode()


def test_public_page_projector_and_api_obey_their_switches(season, client):
    args = [season.club.slug, season.slug]
    page, projector = (
        reverse("public:season", args=args),
        reverse("public:season_projector", args=args),
    )
    api = reverse("api:season", args=args)
    assert "Anna Arndt" in client.get(page).content.decode()
    assert "Anna Arndt" in client.get(projector).content.decode()
    rows = json.loads(client.get(api).content)
    assert rows == [row.as_json() for row in compute_season(season).rows]
    Season.objects.filter(pk=season.pk).update(public_projector=False)
    assert client.get(projector).status_code == 404
    assert client.get(page).status_code == 200
    Season.objects.filter(pk=season.pk).update(public_standings=False, public_projector=True)
    assert client.get(page).status_code == 404
    assert client.get(api).status_code == 404
    assert "Anna Arndt" not in client.get(projector).content.decode()


def test_a_members_season_page_lists_evenings_points_and_places(season, client, leader):
    anna = Member.objects.get(name="Anna Arndt")
    args = [season.club.slug, season.slug, anna.public_id]
    for page in (
        client.get(reverse("public:season_member", args=args)),
        leader.get(reverse("seasons:member", args=args)),
    ):
        html = page.content.decode()
        assert "Abend jan" in html and "Abend feb" in html
        assert "Platz am Abend" in html
    assert (
        client.get(reverse("public:season_member", args=[*args[:2], "unbekannt"])).status_code
        == 404
    )


def test_pdf_and_excel_hold_the_rows(season, leader):
    args = [season.club.slug, season.slug]
    pdf = leader.get(reverse("seasons:pdf", args=args))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    xlsx = leader.get(reverse("seasons:xlsx", args=args))
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    values = list(sheet.values)
    assert values[0][:2] == ("Platz", "Name")
    rows = compute_season(season).rows
    assert [v[1] for v in values[1:]] == [row.name for row in rows]
    assert [v[4] for v in values[1:]] == [row.points for row in rows]


def test_a_confirmed_sheet_shows_at_once(club, play_evening, client):
    one = play_evening(club, "jan", EIGHT, rounds=2, played=1)
    season = create_season(club, "2025", name="Saison", tournaments=[one])
    url = reverse("api:season", args=[club.slug, season.slug])
    assert {row["rounds"] for row in json.loads(client.get(url).content)} == {1}
    from demo.management.commands.generate_demo import generated_records
    from demo.play import play_round

    play_round(one.rounds.get(number=2), generated_records(7, 2, 1))
    assert {row["rounds"] for row in json.loads(client.get(url).content)} == {2}


def test_the_start_page_lists_the_public_seasons(season, client):
    page = client.get(reverse("public:home")).content.decode()
    assert "Jahreswertung 2025" in page
    assert reverse("public:season", args=[season.club.slug, season.slug]) in page
    Season.objects.filter(pk=season.pk).update(public_standings=False)
    assert "Jahreswertung 2025" not in client.get(reverse("public:home")).content.decode()


def test_the_season_pdf_carries_the_clubs_logo_once_there_is_one(season, leader):
    """The season table is the club's printout: without a logo it prints as before, with one
    the logo heads its pages like those of the club's tournaments."""
    from tests.clubs.test_club_logo import image_bytes, image_xobjects
    from tournament.clubs.services import store_club_logo

    args = [season.club.slug, season.slug]
    plain = leader.get(reverse("seasons:pdf", args=args))
    assert plain.status_code == 200 and image_xobjects(plain.content) == 0
    store_club_logo(season.club, image_bytes())
    with_logo = leader.get(reverse("seasons:pdf", args=args))
    assert with_logo.status_code == 200 and image_xobjects(with_logo.content) >= 1


def test_the_season_pdf_with_a_logo_stays_within_its_query_budget(
    season, leader, django_assert_max_num_queries
):
    """The budget of ``bench/bench_seasons.py`` (10): the logo comes with the club already read,
    the header asks the database nothing more."""
    from tests.clubs.test_club_logo import image_bytes, image_xobjects
    from tournament.clubs.services import store_club_logo

    store_club_logo(season.club, image_bytes())
    url = reverse("seasons:pdf", args=[season.club.slug, season.slug])
    leader.get(url)  # the session and the fonts, once
    with django_assert_max_num_queries(10):
        pdf = leader.get(url)
    assert image_xobjects(pdf.content) >= 1

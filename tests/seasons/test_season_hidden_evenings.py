"""Each evening's „Tabelle öffentlich“ holds on every season surface: a hidden evening's points
and places never leave the organiser's screen (issue 21, item 6)."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from seasons.ranking import compute_season
from seasons.services import create_season
from tests.seasons.test_season_pages import EIGHT, client_for
from tournament.models import ClubMembership, Member, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club, play_evening):
    """Two evenings; February's standings are switched off (its points decide the table)."""
    january = play_evening(club, "jan", EIGHT, rounds=1)
    february = play_evening(club, "feb", EIGHT[:4], day=2, seed=5, rounds=2)
    Tournament.objects.filter(pk=february.pk).update(public_standings=False)
    return create_season(club, "2025", name="Jahreswertung 2025", tournaments=[january, february])


def january_only(season) -> dict[str, int]:
    """Each member's points of January alone: what the public may know."""
    january = Tournament.objects.get(slug="jan")
    full = compute_season(season)
    public = compute_season(season, public=True)
    assert [t.pk for t in public.tournaments] == [january.pk]
    points = {row.name: row.points for row in public.rows}
    assert points != {row.name: row.points for row in full.rows}  # February changes them
    return points


def table_points(html: str) -> dict[str, int]:
    """Name -> points as a page's table shows them (the season page and the projector)."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, flags=re.S)
    found = {}
    for row in rows:
        cells = [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        ]
        if len(cells) >= 5:
            found[cells[1]] = int(cells[4])
    return found


def test_the_public_season_page_counts_only_evenings_with_public_standings(season):
    expected = january_only(season)
    html = Client().get(reverse("public:season", args=[season.club.slug, season.slug]))
    html = html.content.decode()
    assert "1 Abend " in html
    assert table_points(html) == expected
    assert "noch nicht veröffentlicht" in html


def test_the_public_member_page_shows_no_place_or_points_of_a_hidden_evening(season):
    anna = Member.objects.get(name="Anna Arndt")
    url = reverse("public:season_member", args=[season.club.slug, season.slug, anna.public_id])
    html = Client().get(url).content.decode()
    assert "Abend jan" in html
    assert "Abend feb" not in html
    row = next(r for r in compute_season(season, public=True).rows if r.name == "Anna Arndt")
    assert f"{row.points} Punkte" in html


def test_the_projector_and_the_api_show_the_public_table(season):
    args = [season.club.slug, season.slug]
    expected = january_only(season)
    rows = json.loads(Client().get(reverse("api:season", args=args)).content)
    assert {row["name"]: row["points"] for row in rows} == expected
    assert {row["evenings"] for row in rows} == {1}
    projector = Client().get(reverse("public:season_projector", args=args)).content.decode()
    assert table_points(projector) == expected


def test_pdf_and_excel_hold_the_public_table(season, club):
    leader = client_for(club, "leiterin", ClubMembership.Role.ORGANISER)
    args = [season.club.slug, season.slug]
    expected = january_only(season)
    sheet = load_workbook(io.BytesIO(leader.get(reverse("seasons:xlsx", args=args)).content))
    values = list(sheet.active.values)[1:]
    assert {v[1]: v[4] for v in values} == expected
    pdf = leader.get(reverse("seasons:pdf", args=args)).content
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "1 Abend ·" in text
    assert "ohne öffentliche Tabelle" in text


def test_the_organiser_sees_every_evening_and_which_is_not_public(season, club):
    leader = client_for(club, "leiterin", ClubMembership.Role.ORGANISER)
    args = [season.club.slug, season.slug]
    html = leader.get(reverse("seasons:detail", args=args)).content.decode()
    assert "2 Abende" in html
    assert "Tabelle nicht öffentlich" in html
    assert "1 Abend hat keine öffentliche Tabelle" in html
    anna = Member.objects.get(name="Anna Arndt")
    member = leader.get(reverse("seasons:member", args=[*args, anna.public_id])).content.decode()
    assert "Abend feb" in member and "Tabelle nicht öffentlich" in member


def test_switching_the_evenings_table_on_counts_it_publicly_at_once(season):
    Tournament.objects.filter(slug="feb").update(public_standings=True)
    args = [season.club.slug, season.slug]
    rows = json.loads(Client().get(reverse("api:season", args=args)).content)
    assert rows == [row.as_json() for row in compute_season(season).rows]

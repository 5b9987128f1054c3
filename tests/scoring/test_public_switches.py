"""Every public switch holds on every surface.

Table-driven: for each of the organiser's five switches, what it protects is described by
markers (patterns that only that data produces: points and places for „Tabelle öffentlich“,
tables and seats for „Wo sitze ich?“ …). With every switch on, each marker is found on some
public URL (so the markers are not vacuous); with one switch off, every public URL is requested
and none shows that switch's markers: it answers 404, or shows the rest without them. Printouts
and spreadsheets are for organisers only: anonymous requests go to the login page.
"""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, reverse

from output import urls as urls_exports

pytestmark = pytest.mark.django_db

SWITCHES = (
    "public_standings",
    "public_seating",
    "public_player_pages",
    "public_rules",
    "public_projector",
)

# What each switch keeps from the public, as it appears on the pages, the projector and the API.
MARKERS: dict[str, tuple[str, ...]] = {
    "public_standings": (
        r"Stand nach Durchgang",  # standings page, projector
        r'class="data standings"',  # the standings table
        r"standings-board",  # projector
        r"game-points",  # player page: points per game
        r"Summe: -?\d+",  # player page: points per round
        r"Platz \d+ · -?\d+ Punkt",  # player page: place and total
        r'"points":',  # JSON API
        r'"rank":',  # JSON API
    ),
    "public_seating": (
        r"Tisch \d+ · Platz \d+",  # seat lookup, projector
        r"Tisch \d+, Platz \d+</h2>",  # player page
        r'class="table-card"',  # seating page
        r'class="data alphabetical"',  # seat lookup, everyone A to Z
        r'"seat":',  # JSON API
    ),
    "public_player_pages": (
        r"/spieler/[^/\"]+/\"",  # links to player pages
        r"Summe: -?\d+",  # the player page itself
    ),
    "public_rules": (r"Fuchs am End",),
    "public_projector": (r'class="projector"',),
}


def public_urls(tournament) -> list[str]:
    """Every address a visitor without a login can open for this tournament."""
    slug = tournament.slug
    heinz = tournament.participants.get(name="Heinz Groß")  # table 1, seat 3, points
    return [
        reverse("public:home"),
        reverse("public:tournament", args=[slug]),
        reverse("public:lookup", args=[slug]),
        reverse("public:lookup", args=[slug]) + "?q=Heinz",
        reverse("public:seating", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("public:standings", args=[slug]) + "?after_round=1",
        reverse("public:rules", args=[slug]),
        reverse("public:player", args=[slug, heinz.public_id]),
        reverse("public:projector", args=[slug]),
        reverse("public:projector", args=[slug]) + "?show=standings",
        reverse("public:projector", args=[slug]) + "?show=seating",
        reverse("api:standings", args=[slug]),
        reverse("api:standings", args=[slug]) + "?after_round=1",
        reverse("api:tables", args=[slug, 1]),
    ]


def export_urls(tournament) -> list[str]:
    """Every printout (PDF), spreadsheet and backup, for round 1 where a round is asked for."""
    urls = []
    for pattern in urls_exports.urlpatterns:
        assert isinstance(pattern, URLPattern)
        kwargs = {"slug": tournament.slug} if "slug" in pattern.pattern.converters else {}
        values = {"number": 1, "pk": 1, "club": "verein", "member": "x"}
        kwargs |= {name: values[name] for name in pattern.pattern.converters if name in values}
        urls.append(reverse(f"exports:{pattern.name}", kwargs=kwargs))
    return urls


@pytest.fixture
def played(evening, confirm_round):
    """Round 1 released and every sheet confirmed: seats, points and places exist."""
    confirm_round(evening)
    return evening


def found(body: str, switch: str) -> list[str]:
    return [marker for marker in MARKERS[switch] if re.search(marker, body)]


def test_with_every_switch_on_each_marker_is_found(client, played):
    bodies = {}
    for url in public_urls(played):
        response = client.get(url)
        assert response.status_code == 200, url
        bodies[url] = response.content.decode()
    everything = "\n".join(bodies.values())
    for switch in SWITCHES:
        for marker in MARKERS[switch]:
            assert re.search(marker, everything), (switch, marker)


@pytest.mark.parametrize("switch", SWITCHES)
def test_a_switched_off_surface_shows_its_data_nowhere(client, played, switch):
    setattr(played, switch, False)
    played.save()
    shown = []
    for url in public_urls(played):
        response = client.get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
        if response.status_code == 200:
            shown += [(url, marker) for marker in found(response.content.decode(), switch)]
    assert shown == [], f"{switch} off, still shown: {shown}"


@pytest.mark.parametrize("switch", ["public_standings", "public_seating"])
def test_the_projector_shows_what_is_public(client, played, switch):
    """With one of standings and seating switched off the projector shows the other."""
    setattr(played, switch, False)
    played.save()
    url = reverse("public:projector", args=[played.slug])
    for show in ("", "?show=standings", "?show=seating"):
        page = client.get(url + show).content.decode()
        if switch == "public_standings":
            assert "Tisch 3 · Platz 1" in page and "standings-board" not in page, show
        else:
            assert "standings-board" in page and "Tisch 3 · Platz 1" not in page, show


def test_the_projector_says_when_nothing_is_public(client, played):
    played.public_standings = played.public_seating = False
    played.save()
    page = client.get(reverse("public:projector", args=[played.slug])).content.decode()
    assert "Sitzordnung und Tabelle sind nicht öffentlich." in page
    assert client.get(reverse("public:player", args=[played.slug, "x" * 12])).status_code == 404


def test_the_player_page_without_public_standings_shows_seats_only(client, played):
    played.public_standings = False
    played.save()
    heinz = played.participants.get(name="Heinz Groß")
    page = client.get(reverse("public:player", args=[played.slug, heinz.public_id]))
    page = page.content.decode()
    assert "Heinz Groß" in page and "Tisch 1, Platz 3" in page
    assert "Summe" not in page and "+27" not in page and "Platz 1 ·" not in page


def test_printouts_and_spreadsheets_need_a_login(client, played):
    """No PDF, spreadsheet or backup is public, whatever the switches say."""
    urls = export_urls(played)
    assert any(url.endswith(".pdf") for url in urls)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url

"""The embed pages name the club's listed sites in ``frame-ancestors`` and send no
``X-Frame-Options``; every other page keeps ``DENY`` and ``frame-ancestors 'none'``."""

from __future__ import annotations

import pytest

from tests.tournament.route_world import build_world
from tournament.privacy.embed import origin_of, origins_from_text
from tournament.privacy.services import save_club_privacy

pytestmark = pytest.mark.django_db


def test_the_embed_may_be_framed_by_the_listed_sites_only(client):
    world = build_world()
    club = world.tournament.club
    save_club_privacy(
        club,
        public_names="full",
        consent_allowed=True,
        guest_retention_months=None,
        embed_origins="https://www.doko-verein.de\nhttp://localhost:8080/",
    )
    paths = (
        f"/einbetten/t/{world.tournament.slug}/tabelle/",
        f"/einbetten/v/{club.slug}/saison/2025/",
    )
    for path in paths:
        answer = client.get(path)
        assert answer.status_code == 200
        assert "X-Frame-Options" not in answer
        assert (
            "frame-ancestors https://www.doko-verein.de http://localhost:8080"
            in answer["Content-Security-Policy"]
        )
    other = client.get(f"/v/{club.slug}/saison/2025/")
    assert other["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in other["Content-Security-Policy"]


def test_without_listed_sites_the_embed_may_be_framed_by_none(client):
    world = build_world()
    answer = client.get(f"/einbetten/t/{world.tournament.slug}/tabelle/")
    assert "frame-ancestors 'none'" in answer["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("https://www.doko-verein.de", "https://www.doko-verein.de"),
        ("HTTPS://Doko-Verein.DE/", "https://doko-verein.de"),
        ("http://localhost:8080", "http://localhost:8080"),
        ("https://doko.de/tabelle", None),
        ("javascript:alert(1)", None),
        ("https://a.de; script-src *", None),
        ("*", None),
    ],
)
def test_an_origin_is_scheme_host_and_port_only(text, origin):
    assert origin_of(text) == origin


def test_a_line_that_is_no_address_is_named():
    with pytest.raises(ValueError, match="Zeile 2"):
        origins_from_text("https://a.de\nwww.b.de", strict=True)

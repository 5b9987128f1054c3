"""The embedded season table works inside a page of another origin that the club lists, and
is refused inside a page of an unlisted one; the rest of the app may be framed by none."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from demo.management.commands.generate_demo import generated_records
from demo.play import play_round
from tests.tournament.route_world import build_world
from tournament.models import Round
from tournament.privacy.services import save_club_privacy

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def free_ports() -> list[int]:
    """Two ports of ``BENCH_PORTS`` ("9350-9399"), else any free ones (0)."""
    low, _sep, high = os.environ.get("BENCH_PORTS", "").partition("-")
    if low.isdigit() and high.isdigit():
        return [int(low) + 1, int(low) + 2]
    return [0, 0]


@contextmanager
def club_website(port: int, frame_url: str) -> Iterator[str]:
    """A tiny page of another origin (127.0.0.1:port) with the embed in an iframe."""
    html = (
        "<!DOCTYPE html><html><body><h1>Doko-Verein e. V.</h1>"
        f'<iframe id="embed" src="{frame_url}" width="800" height="500"></iframe>'
        "</body></html>"
    ).encode()

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def embedded_heading(page) -> str | None:
    """The heading inside the iframe, or None when the browser refused to show the embed (the
    frame then holds Chromium's error page, "… is blocked")."""
    page.wait_for_load_state("load")
    page.locator("#embed").wait_for()
    frame = page.locator("#embed").element_handle().content_frame()
    frame.wait_for_load_state("load")
    if not frame.url.startswith("http"):
        return None
    return frame.locator("h1").inner_text()


def test_the_embed_works_from_a_listed_site_and_is_refused_from_another(desk, live_server):
    world = build_world()
    play_round(Round.objects.get(tournament=world.tournament, number=1), generated_records(7, 1, 1))
    club = world.tournament.club
    listed_port, other_port = free_ports()
    season_path = f"/einbetten/v/{club.slug}/saison/2025/"
    with club_website(listed_port, live_server.url + season_path) as listed:
        save_club_privacy(
            club,
            public_names="short",
            consent_allowed=True,
            guest_retention_months=None,
            embed_origins=listed,
        )
        desk.goto(listed + "/")
        assert embedded_heading(desk) == "Jahreswertung 2025"
        body = desk.frame_locator("#embed").locator("body").inner_text()
        assert "Anna A." in body and "Anna Arndt" not in body
        from tests.browser.conftest import screenshot

        screenshot(desk, "embed_desktop")
        with club_website(other_port, live_server.url + season_path) as unlisted:
            desk.goto(unlisted + "/")
            assert embedded_heading(desk) is None
    # Any other page of the app is refused in a frame even from the listed site.
    with club_website(listed_port, live_server.url + f"/v/{club.slug}/saison/2025/") as listed:
        desk.goto(listed + "/")
        assert embedded_heading(desk) is None

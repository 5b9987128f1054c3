"""The projector turns pages: however the list falls on the screen, its pages are balanced (sizes
differ by at most one), never full screens followed by a page with a single name for a turn."""

from __future__ import annotations

import math

import pytest

from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("show", ["standings", "seating"])
def test_the_projectors_pages_are_balanced_at_every_screen_height(
    browser, live_server, evening, confirm_round, show
):
    confirm_round(evening, 1)
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(live_server.url + f"/t/{evening.slug}/beamer/?show={show}")
        total = page.locator("#board .item").count()
        assert total == 18
        seen = {}
        for height in range(1600, 260, -20):
            page.set_viewport_size(
                {"width": 1280 if show == "standings" else 700, "height": height}
            )
            page.wait_for_timeout(30)
            count = int(page.inner_text("#page-count"))
            first = page.locator("#board .item:not(.hidden)").count()
            seen[height] = (count, first)
            assert first == math.ceil(total / count), (height, count, first)
        assert len({count for count, _first in seen.values() if count > 1}) >= 2, seen
        screenshot(page, f"projector-{show}-balanced")
    finally:
        context.close()

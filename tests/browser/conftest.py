"""Headless Chromium through Playwright, against Django's live server.

Uses Debian's /usr/bin/chromium (Playwright's own browser download does not work offline).
Without it every browser test is skipped with a message saying how to enable them.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", "/tmp/doko-screenshots"))


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is not None


SKIP_REASON = (
    f"Chromium not found at {CHROMIUM}: install Debian's packages "
    "(apt-get install chromium chromium-driver; .ci/run does this) "
    "or set CHROMIUM_PATH to a Chromium binary to run the browser tests."
)


def pytest_collection_modifyitems(config, items):
    if chromium_available():
        return
    skip = pytest.mark.skip(reason=SKIP_REASON)
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
    # themselves (fixtures, assertions) are still synchronous and safe. Only while browsers run.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


# The pages depend on ``live_server`` so that they close before it stops and the test database
# is flushed: a page still polling (the clock, the board) held a lock in the live server's
# thread while the flush's TRUNCATE waited for it (a deadlock on PostgreSQL, seen once in CI).
@pytest.fixture
def desk(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="de-DE"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def login(page, live_server, username="leitung", password="geheim-und-lang-42"):
    page.goto(live_server.url + "/konto/anmelden/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/konto/anmelden/" not in url)


def poll_true(page, expression: str, seconds: float = 10.0) -> None:
    """Wait until a JavaScript expression (may be a promise) is true, polled with evaluate:
    ``wait_for_function`` with a string compiles it in the page, which the page's CSP
    (``script-src 'self'``) refuses once the service worker serves the page."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {seconds:g} s: {expression}")
        time.sleep(0.1)


def screenshot(page, name: str, full_page: bool = True) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)

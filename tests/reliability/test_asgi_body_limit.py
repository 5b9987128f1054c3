"""Under ASGI (``make serve``) a request body is bounded before it is read (issue 21): Django's
ASGI handler would read any body whole to a temporary file before checking a limit, so a client
could fill the laptop's disk. A body announced too large is not read and gets our 400 page; one
without a length that grows too large gets a 413 and stops being read."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.core.asgi import get_asgi_application

from config.asgi_limits import bounded_body, largest_body
from config.asgi_wsgi import pooled

MB = 2**20
# Both handlers ``config.asgi`` may serve with: the pool (``make serve``) and Django's own.
HANDLERS = {"pool": lambda: pooled(2), "django": get_asgi_application}


@pytest.fixture(params=sorted(HANDLERS))
def handler(request):
    return HANDLERS[request.param]


def call(handler, scope_headers: list[tuple[bytes, bytes]], chunks: int, method: str = "POST"):
    """Send a request of ``chunks`` 1 MB chunks; return how many were read and the answer."""
    app = bounded_body(handler())
    pulled = 0
    finished = False
    sent: list[dict] = []

    async def receive():
        nonlocal pulled, finished
        if finished:
            await asyncio.Event().wait()  # the client stays connected until the answer
        pulled += 1 if chunks else 0
        finished = pulled >= chunks
        body = b"x" * MB if chunks else b""
        return {"type": "http.request", "body": body, "more_body": not finished}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": "/konto/anmelden/",
        "raw_path": b"/konto/anmelden/",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *scope_headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    # In a thread of its own: a browser test's Playwright may keep an event loop running in
    # this one, and asyncio.run() refuses to start inside a running loop.
    worker = threading.Thread(target=asyncio.run, args=(app(scope, receive, send),))
    worker.start()
    worker.join(timeout=60)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return pulled, start["status"], body.decode("utf-8", "replace")


@pytest.mark.django_db(transaction=True)
def test_a_body_announced_too_large_is_not_read_and_gets_our_page(settings, handler):
    settings.ALLOWED_HOSTS = ["testserver"]
    headers = [
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"content-length", str(10 * 2**30).encode()),  # 10 GB
        (b"cookie", b"csrftoken=" + b"a" * 32),  # so that the form's token is looked for
    ]
    pulled, status, html = call(handler, headers, chunks=10_000)
    assert pulled == 0
    assert status == 400 and "Anfrage zu groß" in html


@pytest.mark.django_db(transaction=True)
def test_a_body_without_length_stops_being_read_at_the_limit(settings, handler):
    settings.ALLOWED_HOSTS = ["testserver"]
    headers = [(b"content-type", b"application/x-www-form-urlencoded")]
    pulled, status, body = call(handler, headers, chunks=10_000)
    assert status == 413 and "too large" in body
    assert pulled <= largest_body() // MB + 1


@pytest.mark.django_db(transaction=True)
def test_requests_within_the_limit_pass(settings, handler):
    settings.ALLOWED_HOSTS = ["testserver"]
    _pulled, status, html = call(handler, [], chunks=0, method="GET")
    assert status == 200 and "csrfmiddlewaretoken" in html

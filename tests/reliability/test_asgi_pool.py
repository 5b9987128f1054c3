"""Django behind the event loop in a fixed pool of threads (``config.asgi_pool``, the handler of
``make serve`` since issue 26): the same answers as Django's own ASGI handler, one database
connection per pool thread kept between requests (Django's handler opens one per request, as
each request has a thread of its own), static files sent whole."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest
from django.core.asgi import get_asgi_application
from django.db import connections
from django.db.backends.signals import connection_created
from django.http import FileResponse

from config.asgi_pool import CHUNK, PooledHandler, content_of

CSRF_RE = re.compile(rb'value="[A-Za-z0-9]{64}"|csrftoken=[A-Za-z0-9]+')


def get(app, path: str) -> tuple[int, dict[bytes, bytes], bytes]:
    sent: list[dict] = []
    given = False

    async def receive():
        nonlocal given
        if given:
            await asyncio.Event().wait()  # the client stays connected until the answer
        given = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    # In a thread of its own: a browser test's Playwright may keep an event loop in this one.
    worker = threading.Thread(target=asyncio.run, args=(app(scope, receive, send),))
    worker.start()
    worker.join(timeout=60)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], dict(start["headers"]), body


@pytest.fixture
def pool():
    handler = PooledHandler(1)
    yield handler
    handler.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/", "/konto/anmelden/", "/t/nirgends/tabelle/"])
def test_the_pool_answers_as_djangos_own_handler(settings, pool, path):
    settings.ALLOWED_HOSTS = ["testserver"]
    status, headers, body = get(pool, path)
    expected_status, expected_headers, expected_body = get(get_asgi_application(), path)
    assert status == expected_status
    assert sorted(headers) == sorted(expected_headers)
    assert CSRF_RE.sub(b"", body) == CSRF_RE.sub(b"", expected_body)


@pytest.mark.django_db(transaction=True)
def test_a_pool_thread_keeps_its_database_connection_between_requests(settings, monkeypatch, pool):
    settings.ALLOWED_HOSTS = ["testserver"]
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 60)
    opened: list[str] = []

    def count(sender, connection, **kwargs):
        if connection.alias == "default":
            opened.append(threading.current_thread().name)

    connection_created.connect(count, weak=False)
    try:
        statuses = [get(pool, "/konto/anmelden/")[0] for _ in range(3)]
        statuses += [get(pool, "/")[0] for _ in range(3)]
    finally:
        connection_created.disconnect(count)
    assert statuses == [200] * 6
    assert len(opened) == 1 and opened[0].startswith("django")


def test_a_streamed_file_is_read_whole(tmp_path):
    data = bytes(range(256)) * (3 * CHUNK // 256 + 7)
    path = tmp_path / "app.css"
    path.write_bytes(data)
    response = FileResponse(path.open("rb"))
    try:
        assert content_of(response) == data
    finally:
        response.close()

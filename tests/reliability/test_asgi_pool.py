"""Django behind the event loop in a fixed pool of threads (``config.asgi_wsgi.pooled``: a2wsgi's
``WSGIMiddleware`` around Django's WSGI application, the handler of ``make serve`` since issue
26): the same answers as Django's own ASGI handler, one database connection per pool thread kept
between requests, only complete requests reach a thread (a slow body costs none; a client gone
before its body is complete is not answered), bodies and files passed whole, errors answered
with our pages as under a WSGI server."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import threading

import pytest
from django.core.asgi import get_asgi_application
from django.core.signals import request_finished, request_started
from django.db import connections
from django.db.backends.signals import connection_created

from config.asgi_wsgi import CHUNK, FILE_BLOCK, pooled
from tests.reliability import asgi_urls

CSRF_RE = re.compile(rb'value="[A-Za-z0-9]{64}"|csrftoken=[A-Za-z0-9]+')
URLS = "tests.reliability.asgi_urls"


def scope_of(path: str, method: str = "GET", headers: list | None = None) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *(headers or [])],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }


def client(chunks: list[bytes]):
    """A client's ``receive``: ``chunks`` as the body, then connected until the answer."""
    left = list(chunks) or [b""]

    async def receive():
        if not left:
            await asyncio.Event().wait()
        body = left.pop(0)
        return {"type": "http.request", "body": body, "more_body": bool(left)}

    return receive


def run(coroutine) -> None:
    # In a thread of its own: a browser test's Playwright may keep an event loop in this one.
    worker = threading.Thread(target=asyncio.run, args=(coroutine,))
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive()


def answer(sent: list[dict]) -> tuple[int, dict[bytes, bytes], bytes]:
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], {k.lower(): v for k, v in start["headers"]}, body


def request(app, path: str, method: str = "GET", headers=None, chunks=()):
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    run(app(scope_of(path, method, headers), client(list(chunks)), send))
    return answer(sent)


def close_threads(app) -> None:
    """Close each pool thread's database connections (a kept one would outlive the test)."""
    app = app.app  # a2wsgi's WSGIMiddleware inside whole_body
    threads = app.executor._max_workers
    barrier = threading.Barrier(threads)

    def close() -> None:
        connections.close_all()
        barrier.wait(timeout=30)  # one job per thread: each waits for the others

    for future in [app.executor.submit(close) for _ in range(threads)]:
        future.result()
    app.executor.shutdown()


@pytest.fixture
def pool():
    app = pooled(1)
    yield app
    close_threads(app)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/", "/konto/anmelden/", "/t/nirgends/tabelle/"])
def test_the_pool_answers_as_djangos_own_handler(settings, pool, path):
    settings.ALLOWED_HOSTS = ["testserver"]
    status, headers, body = request(pool, path)
    expected_status, expected_headers, expected_body = request(get_asgi_application(), path)
    assert status == expected_status
    assert sorted(headers) == sorted(expected_headers)
    assert CSRF_RE.sub(b"", body) == CSRF_RE.sub(b"", expected_body)


@pytest.mark.django_db(transaction=True)
def test_a_pool_thread_keeps_its_database_connection_between_requests(settings, monkeypatch, pool):
    settings.ALLOWED_HOSTS = ["testserver"]
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 60)
    opened: list[str] = []
    signals: list[tuple[str, str]] = []

    def count(sender, connection, **kwargs):
        if connection.alias == "default":
            opened.append(threading.current_thread().name)

    def started(sender, **kwargs):
        signals.append(("started", threading.current_thread().name))

    def finished(sender, **kwargs):
        signals.append(("finished", threading.current_thread().name))

    connection_created.connect(count, weak=False)
    request_started.connect(started, weak=False)
    request_finished.connect(finished, weak=False)
    try:
        statuses = [request(pool, "/konto/anmelden/")[0] for _ in range(3)]
        statuses += [request(pool, "/")[0] for _ in range(3)]
    finally:
        connection_created.disconnect(count)
        request_started.disconnect(started)
        request_finished.disconnect(finished)
    assert statuses == [200] * 6
    assert len(opened) == 1 and opened[0] != threading.current_thread().name
    # As under a WSGI server: each request starts and finishes in the thread that keeps it.
    assert [kind for kind, _ in signals] == ["started", "finished"] * 6
    assert {name for _, name in signals} == {opened[0]}


@pytest.mark.django_db(transaction=True)
def test_a_slow_body_holds_no_thread(settings, pool):
    """With one thread: a request whose body is still arriving does not keep a complete one
    from being answered (a2wsgi alone would let the thread wait for the body)."""
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.ROOT_URLCONF = URLS
    body = b"x" * 1000
    sent_slow: list[dict] = []
    sent_fast: list[dict] = []
    order: list[str] = []

    async def both():
        rest = asyncio.Event()
        given = 0

        async def slow_receive():
            nonlocal given
            given += 1
            if given == 2:
                await rest.wait()  # the second half comes only once the other is answered
            if given > 2:
                await asyncio.Event().wait()
            return {"type": "http.request", "body": body[:500], "more_body": given == 1}

        async def send_slow(message):
            sent_slow.append(message)
            order.append("slow")

        async def send_fast(message):
            sent_fast.append(message)
            order.append("fast")

        headers = [(b"content-type", b"application/octet-stream")]
        slow = asyncio.create_task(
            pool(scope_of("/test-only/echo/", "POST", headers), slow_receive, send_slow)
        )
        await asyncio.sleep(0.1)
        fast = pool(scope_of("/konto/anmelden/"), client([]), send_fast)
        await asyncio.wait_for(fast, timeout=20)
        rest.set()
        await asyncio.wait_for(slow, timeout=20)

    run(both())
    assert answer(sent_fast)[0] == 200
    status, _, echoed = answer(sent_slow)
    assert status == 200
    assert json.loads(echoed)["body"] == hashlib.sha256(body).hexdigest()
    assert order[0] == "fast"


@pytest.mark.django_db(transaction=True)
def test_a_client_gone_before_its_body_is_complete_is_not_answered(settings, pool):
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.ROOT_URLCONF = URLS
    started: list[object] = []
    messages = [
        {"type": "http.request", "body": b"x" * 100, "more_body": True},
        {"type": "http.disconnect"},
    ]
    sent: list[dict] = []

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message)

    def note(sender, **kwargs):
        started.append(sender)

    request_started.connect(note, weak=False)
    try:
        run(pool(scope_of("/test-only/echo/", "POST"), receive, send))
    finally:
        request_started.disconnect(note)
    assert sent == [] and started == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [0, 10, CHUNK, 5 * CHUNK + 7, 3 * 2**20])
def test_a_body_reaches_the_view_whole(settings, pool, size):
    # 3 MB: past FILE_UPLOAD_MAX_MEMORY_SIZE (2.5 MB), so read to a temporary file first.
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.ROOT_URLCONF = URLS
    data = bytes(range(256)) * (size // 256) + b"z" * (size % 256)
    chunks = [data[i : i + 10_000] for i in range(0, len(data), 10_000)]
    headers = [(b"content-type", b"application/octet-stream")]
    status, _, body = request(pool, "/test-only/echo/", "POST", headers, chunks)
    assert status == 200
    assert json.loads(body)["body"] == hashlib.sha256(data).hexdigest()


@pytest.mark.django_db(transaction=True)
def test_an_upload_reaches_the_view_whole(settings, pool):
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.ROOT_URLCONF = URLS
    data = bytes(range(256)) * 12_000  # 3 MB: Django writes it to a temporary file
    form = (
        b"--grenze\r\n"
        b'Content-Disposition: form-data; name="datei"; filename="liste.xlsx"\r\n'
        b"Content-Type: application/octet-stream\r\n\r\n" + data + b"\r\n--grenze--\r\n"
    )
    headers = [
        (b"content-type", b"multipart/form-data; boundary=grenze"),
        (b"content-length", str(len(form)).encode()),
    ]
    chunks = [form[i : i + 50_000] for i in range(0, len(form), 50_000)]
    status, _, body = request(pool, "/test-only/echo/", "POST", headers, chunks)
    assert status == 200
    assert json.loads(body)["files"] == {"datei": hashlib.sha256(data).hexdigest()}


@pytest.mark.django_db(transaction=True)
def test_a_file_is_sent_whole_in_large_pieces(settings, pool):
    # Each piece is a hop from the thread to the event loop: not Django's 4 KB blocks.
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.ROOT_URLCONF = URLS
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    run(pool(scope_of("/test-only/streamed/"), client([]), send))
    status, headers, body = answer(sent)
    assert status == 200
    assert body == asgi_urls.STREAMED
    assert headers[b"content-length"] == str(len(asgi_urls.STREAMED)).encode()
    pieces = [m for m in sent if m["type"] == "http.response.body" and m.get("body")]
    assert len(pieces) == -(-len(asgi_urls.STREAMED) // FILE_BLOCK)


@pytest.mark.django_db(transaction=True)
def test_a_crash_is_our_500_page_and_a_locked_database_our_503(settings, pool):
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.ROOT_URLCONF = URLS
    status, headers, body = request(pool, "/test-only/crash/")
    assert status == 500 and b'class="site-header"' in body
    assert b"geheimnis" not in body and b"retry-after" not in headers
    status, headers, body = request(pool, "/test-only/locked/")
    assert status == 503 and b'class="site-header"' in body
    assert headers[b"retry-after"]

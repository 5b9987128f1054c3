"""Django behind the event loop in a fixed pool of threads per process (issue 26).

uvicorn reads each request whole in its event loop (slow or idle connections cost a socket, not
a thread; ``config.serve``). Django's own ASGI handler then answers it with about 30 % more CPU
than gunicorn's threads (docs/performance.md, sections 10 and 12): a new thread for every
request (``ThreadSensitiveContext``), hops between the event loop and that thread for the
signals, the middleware chain and closing the response, a database connection opened and
closed per request (a connection kept in a thread that ends is never used again), and static
files read in one more hop.

``PooledHandler`` keeps the event loop's part (reading the request, sending the answer) and
runs everything Django does for a request in one hop to a thread of a fixed pool, as a WSGI
server's thread does: the ``request_started`` signal, the synchronous middleware chain and
view, reading a streamed body (WhiteNoise's static files) and closing the response
(``request_finished``, which keeps or closes the thread's database connection by
``CONN_MAX_AGE``). The threads live as long as the process, so their connections are kept
(persistent connections, as under gunicorn). A request waits for a free thread once all are
busy; it was read whole before, so only complete requests wait, never a slow client's.

``config.asgi`` uses it with ``SERVE_THREADS`` threads (default ``THREADS``); ``SERVE_THREADS=0``
serves with Django's own ASGI handler as before.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import tempfile
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestDataTooBig
from django.core.handlers import base
from django.core.handlers.asgi import ASGIRequest, get_script_prefix
from django.db import connections
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseServerError
from django.urls import set_script_prefix

logger = logging.getLogger("django.request")

THREADS = 4
CHUNK = 2**16  # bytes per body message (the ASGI server chunks further)


class Answer(NamedTuple):
    """What the pool thread hands back to the event loop: status, headers, body."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


class PooledHandler(base.BaseHandler):
    """An ASGI application: Django's synchronous request handling in ``threads`` threads."""

    request_class = ASGIRequest

    def __init__(self, threads: int = THREADS) -> None:
        super().__init__()
        self.load_middleware(is_async=False)
        self.threads = threads
        self._executor: ThreadPoolExecutor | None = None

    @property
    def executor(self) -> ThreadPoolExecutor:
        # Made in the serving process (uvicorn imports the application in each worker).
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="django")
        return self._executor

    def close(self) -> None:
        """Close every pool thread's database connections and end the threads (tests)."""
        if self._executor is None:
            return
        barrier = threading.Barrier(self.threads)

        def close_connections() -> None:
            connections.close_all()
            barrier.wait(timeout=30)  # one job per thread: each waits for the others

        for future in [self._executor.submit(close_connections) for _ in range(self.threads)]:
            future.result()
        self._executor.shutdown()
        self._executor = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"only HTTP connections are served, not {scope['type']}")
        body = await read_body(receive)
        if body is None:  # the client went away before its request was complete
            return
        loop = asyncio.get_running_loop()
        try:
            answer = await loop.run_in_executor(self.executor, self.respond, scope, body)
        finally:
            body.close()
        await send(
            {"type": "http.response.start", "status": answer.status, "headers": answer.headers}
        )
        data = answer.body
        if len(data) <= CHUNK:
            await send({"type": "http.response.body", "body": data})
            return
        for start in range(0, len(data), CHUNK):
            last = start + CHUNK >= len(data)
            await send(
                {
                    "type": "http.response.body",
                    "body": data[start : start + CHUNK],
                    "more_body": not last,
                }
            )

    def respond(self, scope: dict, body) -> Answer:
        """In a pool thread: the whole of Django's work for one request, as under WSGI."""
        try:
            set_script_prefix(get_script_prefix(scope))
            signals.request_started.send(sender=self.__class__, scope=scope)
            try:
                request = self.request_class(scope, body)
            except UnicodeDecodeError:
                logger.warning(
                    "Bad Request (UnicodeDecodeError)",
                    exc_info=sys.exc_info(),
                    extra={"status_code": 400},
                )
                response = HttpResponseBadRequest()
            except RequestDataTooBig:
                response = HttpResponse("413 Payload too large", status=413)
            else:
                response = self.get_response(request)
            try:
                return Answer(response.status_code, headers_of(response), content_of(response))
            finally:
                response.close()  # request_finished: the thread's connection kept or closed
        except Exception:  # what Django's own handler answers when even that fails
            logger.exception("Internal Server Error: %s", scope.get("path", ""))
            text = traceback.format_exc() if settings.DEBUG else "Internal Server Error"
            failed = HttpResponseServerError(text, content_type="text/plain")
            return Answer(failed.status_code, headers_of(failed), failed.content)


async def read_body(receive):
    """The request's body in a temporary file (on disk past ``FILE_UPLOAD_MAX_MEMORY_SIZE``, as
    Django's handler does), or None when the client disconnected first."""
    size = settings.FILE_UPLOAD_MAX_MEMORY_SIZE
    body = tempfile.SpooledTemporaryFile(max_size=size, mode="w+b")  # noqa: SIM115 - caller closes
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            body.close()
            return None
        if "body" in message:
            body.write(message["body"])
        if not message.get("more_body", False):
            break
    body.seek(0)
    return body


def headers_of(response: HttpResponse) -> list[tuple[bytes, bytes]]:
    """The response's headers and cookies as ASGI wants them (as Django's handler sends them)."""
    headers = []
    for name, value in response.items():
        if isinstance(name, str):
            name = name.encode("ascii")
        if isinstance(value, str):
            value = value.encode("latin1")
        headers.append((bytes(name), bytes(value)))
    for cookie in response.cookies.values():
        headers.append((b"Set-Cookie", cookie.output(header="").encode("ascii").strip()))
    return headers


def content_of(response: HttpResponse) -> bytes:
    """The whole body. Streamed responses are read in the pool thread: the only ones are
    WhiteNoise's static files (hashed CSS, scripts, icons: small); the app streams nothing."""
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content

"""Django's WSGI application in a fixed pool of threads under the event loop.

``pooled(threads)`` is what ``config.asgi`` serves (``SERVE_THREADS``): a2wsgi's
``WSGIMiddleware`` runs Django's whole request in one thread of its pool, as a WSGI server's
thread does (signals, middleware, view, closing the response; the thread keeps its database
connection by ``CONN_MAX_AGE``). Two small additions of ours around it:

- ``whole_body``: a2wsgi starts the WSGI call as soon as the headers have arrived and
  lets the thread pull the body from the event loop, so a phone sending its body slowly would
  hold a thread for as long as it takes. ``whole_body`` keeps slow clients cheap in front of
  it: the body is read in the event loop (costing a socket, not a thread), in memory up to
  ``FILE_UPLOAD_MAX_MEMORY_SIZE`` and in a temporary file past it (as Django's own ASGI handler
  does), and then replayed to the application's ``receive`` in chunks; only complete requests
  reach a thread. A client that goes away before its body is complete is not answered at all.
  A body sent without ``Content-Length`` (chunked; browsers always send the length) gets the
  header it was read with, since WSGI reads only as many bytes as it says.
- ``with_file_wrapper``: WSGI's ``wsgi.file_wrapper`` (gunicorn offers one, a2wsgi none), so
  that a file response (WhiteNoise's static files) is sent in pieces of ``FILE_BLOCK`` bytes
  rather than Django's 4 KB: each piece is one hop from the thread to the event loop.

The size is bounded outside (``config.asgi_limits.bounded_body``): a body growing past the
limit stops being read and gets its 413 there.
"""

from __future__ import annotations

import tempfile
from wsgiref.util import FileWrapper

from a2wsgi import WSGIMiddleware
from django.conf import settings
from django.core.wsgi import get_wsgi_application

CHUNK = 2**16  # bytes per replayed message: a form's body is one; an upload's are many
FILE_BLOCK = 2**16  # bytes per piece of a file response: the stylesheet is one


def pooled(threads: int):
    """The ASGI application: Django's WSGI application in ``threads`` threads, only complete
    requests given to them."""
    return whole_body(WSGIMiddleware(with_file_wrapper(get_wsgi_application()), threads))


def with_file_wrapper(wsgi_app):
    """``wsgi_app`` given a ``wsgi.file_wrapper`` that reads files in ``FILE_BLOCK`` pieces."""

    def wrap(filelike, block_size: int = FILE_BLOCK) -> FileWrapper:
        # Closing it closes the response (Django sets the file's close): request_finished.
        return FileWrapper(filelike, max(block_size, FILE_BLOCK))

    def app(environ, start_response):
        environ["wsgi.file_wrapper"] = wrap
        return wsgi_app(environ, start_response)

    return app


async def read_body(receive):
    """The body in a spooled temporary file at its start, or None when the client disconnected
    before it was complete."""
    size = settings.FILE_UPLOAD_MAX_MEMORY_SIZE
    body = tempfile.SpooledTemporaryFile(max_size=size, mode="w+b")  # noqa: SIM115 - caller closes
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            body.close()
            return None
        body.write(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body.seek(0)
    return body


def replay(body, size: int, receive):
    """A ``receive`` that gives ``body`` (``size`` bytes) again as ``http.request`` messages,
    and afterwards whatever the client's connection reports (a disconnect)."""
    done = False

    async def replayed() -> dict:
        nonlocal done
        if done:
            return await receive()
        chunk = body.read(CHUNK)
        done = body.tell() >= size
        return {"type": "http.request", "body": chunk, "more_body": not done}

    return replayed


def whole_body(app):
    """``app`` (an ASGI application) called only with complete HTTP requests."""

    async def read_whole(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        body = await read_body(receive)
        if body is None:  # the client went away before its request was complete
            return None
        size = body.seek(0, 2)
        body.seek(0)
        if not any(name.lower() == b"content-length" for name, _ in scope.get("headers", ())):
            length = (b"content-length", str(size).encode("ascii"))
            scope = {**scope, "headers": [*scope.get("headers", ()), length]}
        try:
            return await app(scope, replay(body, size, receive), send)
        finally:
            body.close()

    read_whole.app = app  # what it calls (the tests close the pool threads' connections)
    return read_whole

"""The body of a request under ASGI: bounded before it is read.

Django's ASGI handler reads the whole body (to a temporary file past 3 MB) before it checks a
size limit; under WSGI it refused by ``Content-Length`` before reading. ``bounded_body`` keeps
that: a body announced larger than the largest request we take is not read at all, and Django
refuses it by its ``Content-Length`` with our 400 page saying the limit; a body sent without a
length (browsers always send one) that grows past it gets a short 413.
"""

from __future__ import annotations

import asyncio

from django.conf import settings

TOO_LARGE = b"413 Request body too large / Anfrage zu gross\n"


class BodyTooLarge(Exception):
    pass


def largest_body() -> int:
    """The largest body a request may have: an upload (``config.uploads``) or form data."""
    return max(settings.UPLOAD_MAX_REQUEST_SIZE, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


def announced_length(scope: dict) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def nothing():
    """A ``receive`` that gives an empty, complete body (what Django reads of a request
    announced too large) and then waits: Django listens for a disconnect until its answer is
    sent, and the rest of the body must not look like a message after the end."""
    given = False

    async def receive() -> dict:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # until Django stops listening (cancelled)
        return {"type": "http.disconnect"}

    return receive


def bounded_body(app):
    """``app`` (an ASGI application) with the body of each HTTP request bounded."""

    async def bounded(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        limit = largest_body()
        length = announced_length(scope)
        if length is not None and length > limit:
            return await app(scope, nothing(), send)
        received = 0

        async def counted():
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > limit:
                raise BodyTooLarge
            return message

        try:
            return await app(scope, counted, send)
        except BodyTooLarge:
            headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
            await send({"type": "http.response.start", "status": 413, "headers": headers})
            await send({"type": "http.response.body", "body": TOO_LARGE})
            return None

    return bounded

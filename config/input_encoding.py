"""Refusing text that arrived broken: invalid UTF-8 and the replacement character U+FFFD.

Django decodes query strings, form fields and the names of uploaded files with
``errors="replace"``: a byte that is no UTF-8 (``Kaputt%FF%FEName``) becomes U+FFFD, and a form
would store "Kaputt��Name" as a participant's name (a raw, unencoded byte would even be read as
Latin-1: "KaputtÿþName"; it is refused from the raw bytes). After decoding, an invalid byte and
a typed U+FFFD look the same, and neither is a name, a club or a note anyone means: U+FFFD is
what a program writes where it could not read something. So every request whose query string
or form data (field names, values, file names) holds U+FFFD is refused here, before any view
runs, with our 400 page (or JSON on the JSON endpoints) naming the field; nothing is stored.

Why a middleware and not the forms: many views read ``request.POST`` without a form (the score
sheet and its autosave, check-in, the lots page), and a check in one place cannot be forgotten
by the next form. It runs after ``CsrfViewMiddleware`` (which parses the form data with the
upload handlers the view allows, see ``config.uploads``) and before the view.

A JSON body (the calculator) is read as strict UTF-8 here: an invalid byte is refused with its
position, a U+FFFD (written as is or as ``\\ufffd``) with the place in the document. The files
themselves are the readers' business: the participant import refuses an invalid byte or a U+FFFD
with the line (``tournament.participants.csv_lines``, ``import_limits``), a backup is strict JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import unquote_plus

from django.http import HttpRequest, HttpResponse

from config import errors

REPLACEMENT = "\ufffd"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
SHOWN_NAME_CHARS = 40


class InputEncodingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        field = broken_field(request)
        if field is None:
            return None
        return errors.render_error(request, 400, "bad_characters", params={"field": field})


def broken_field(request: HttpRequest) -> str | None:
    """The first field (as the page should name it) that holds U+FFFD, or ``None``."""
    for name in _names_with_invalid_bytes(_raw_query(request)):
        return name
    for name in _names_with_replacement(request.GET.lists()):
        return name
    content_type = request.content_type or ""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    if content_type == FORM_TYPES[0]:
        request.POST  # noqa: B018 - parsed first: it bounds the size of ``request.body``
        for name in _names_with_invalid_bytes(request.body):
            return name
    if content_type in FORM_TYPES:
        for name in _names_with_replacement(request.POST.lists()):
            return name
        for name, uploads in request.FILES.lists():
            if REPLACEMENT in name or any(REPLACEMENT in (f.name or "") for f in uploads):
                return _shown(name)
    elif content_type == "application/json":
        return _json_problem(request.body)
    return None


def _raw_query(request: HttpRequest) -> bytes:
    """The query string's bytes as the client sent them: ASGI hands them over as they are, WSGI
    as a Latin-1 string (PEP 3333)."""
    scope = getattr(request, "scope", None)
    if isinstance(scope, dict):
        raw = scope.get("query_string", b"")
        return raw if isinstance(raw, bytes) else str(raw).encode()
    return request.META.get("QUERY_STRING", "").encode("latin-1", "replace")


def _names_with_invalid_bytes(raw: bytes) -> Iterator[str]:
    """Fields of a query string or urlencoded body sent as raw bytes that are no UTF-8 (no
    browser does that: it percent-encodes). Django would read such a body as Latin-1
    ("KaputtÿþName") instead of putting U+FFFD in it."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        for pair in raw.split(b"&"):
            try:
                pair.decode("utf-8")
            except UnicodeDecodeError:
                yield _shown(unquote_plus(pair.partition(b"=")[0].decode("utf-8", "replace")))


def _names_with_replacement(items: Iterator[tuple[str, list[str]]]) -> Iterator[str]:
    for name, values in items:
        if REPLACEMENT in name or any(REPLACEMENT in value for value in values):
            yield _shown(name)


def _shown(name: str) -> str:
    return name if len(name) <= SHOWN_NAME_CHARS else name[: SHOWN_NAME_CHARS - 1] + "…"


def _json_problem(body: bytes) -> str | None:
    """Where a JSON body holds invalid UTF-8 or U+FFFD; a body that is no JSON at all is left
    to the view, which says so."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"JSON (Byte {error.start + 1})"
    if REPLACEMENT not in text and "\\ufffd" not in text.lower():
        return None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return "JSON" if REPLACEMENT in text else None
    return _json_path(document)


def _json_path(document: Any) -> str | None:
    """The place of the first string (key or value) holding U+FFFD, e.g. ``players[2]``."""
    stack: list[tuple[Any, str]] = [(document, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if REPLACEMENT in value:
                return _shown(path or "JSON")
        elif isinstance(value, dict):
            for key, item in value.items():
                place = f"{path}.{key}" if path else str(key)
                if REPLACEMENT in str(key):
                    return _shown(place)
                stack.append((item, place))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{index}]") for index, item in enumerate(value))
    return None

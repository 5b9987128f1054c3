"""Cross-cutting request handling: the interface language, security headers, error pages."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.utils import translation

from config import errors

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def policy_for(response: HttpResponse) -> str:
    """The policy of ``response``: an embed page (``public.embed``) names the sites that may
    frame it in ``response.frame_ancestors``; every other page may be framed by none."""
    ancestors = getattr(response, "frame_ancestors", None)
    if not ancestors:
        return CONTENT_SECURITY_POLICY
    return CONTENT_SECURITY_POLICY.replace(
        "frame-ancestors 'none'", "frame-ancestors " + " ".join(ancestors)
    )


class LanguageMiddleware:
    """German unless the user chose another language.

    Django's LocaleMiddleware would follow the browser's Accept-Language; a German club's tool
    should speak German on every club laptop and phone, and English only when someone picks it
    (the choice is kept in the language cookie by Django's ``set_language`` view).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.supported = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        if language not in self.supported:
            language = settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        translation.deactivate()
        return response


class ContentSecurityPolicyMiddleware:
    """A strict Content-Security-Policy: only our own scripts and styles, nothing inline."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", policy_for(response))
        response.headers.setdefault(
            "Permissions-Policy", "camera=(), microphone=(), geolocation=()"
        )
        return response


def is_loopback(address: str) -> bool:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = getattr(parsed, "ipv4_mapped", None)
    return (mapped or parsed).is_loopback


def from_this_computer(request: HttpRequest) -> bool:
    """The peer is a loopback address, and so is every address a forwarding proxy named."""
    if not is_loopback(request.META.get("REMOTE_ADDR", "")):
        return False
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    named = [part.strip() for part in forwarded.split(",") if part.strip()]
    return all(is_loopback(address) for address in named)


DEBUG_REFUSED = (
    "Doko-Turnier runs as the local demo (DEBUG on): it answers only this computer.\n"
    "Doko-Turnier läuft im Demo-Betrieb (DEBUG an) und antwortet nur diesem Rechner.\n\n"
    "Für das Vereinsnetz / for the club's network: make serve\n"
)


class LoopbackOnlyWhileDebugMiddleware:
    """With DEBUG on, only this computer gets an answer.

    Django's debug pages show settings, the URL list and tracebacks. ``make run`` binds to
    127.0.0.1 and refuses another HOST; this also covers ``manage.py runserver 0.0.0.0:8000``.

    Only the real peer address counts, never ``X-Forwarded-For`` (whatever
    ``TRUST_X_FORWARDED_FOR`` says: any device can send that header). And if a proxy on this
    computer forwards a request for another device, the header names that device: then every
    address it names must be this computer too.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.DEBUG and not from_this_computer(request):
            return HttpResponse(DEBUG_REFUSED, status=403, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


class AddressLengthMiddleware:
    """Our 414 page, in the user's language, for an address over ``MAX_ADDRESS_BYTES``.

    The server lets long request lines through (``config.serve``) instead of answering with a
    bare English page of its own; nothing behind this middleware sees such a request.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = len(request.path.encode()) + len(request.META.get("QUERY_STRING", ""))
        if length > errors.MAX_ADDRESS_BYTES:
            limit = errors.MAX_ADDRESS_BYTES
            return errors.render_error(request, 414, use_database=False, params={"limit": limit})
        return self.get_response(request)


class ErrorPageMiddleware:
    """Our page for 405, JSON errors on the JSON endpoints, and 503 for database trouble.

    - Django answers a wrong method with a bare ``HttpResponseNotAllowed``: it becomes our 405
      page, keeping the ``Allow`` header.
    - On a JSON endpoint every error answer is JSON (``{"error": "..."}``), whichever part of
      Django produced it; ``Allow`` and ``Retry-After`` are kept.
    - A locked, failing or unreachable database raised in a view is a 503 with ``Retry-After``
      (logged as a warning), not a 500.
    """

    KEPT_HEADERS = ("Allow", "Retry-After")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code < 400 or response.streaming:
            return response
        if errors.wants_json(request):
            if response.get("Content-Type", "").startswith("application/json"):
                return response
        elif not (isinstance(response, HttpResponseNotAllowed) and not response.content):
            return response
        replacement = errors.render_error(request, response.status_code)
        for header in self.KEPT_HEADERS:
            if header in response:
                replacement[header] = response[header]
        for cookie in response.cookies.values():
            replacement.cookies[cookie.key] = cookie
        return replacement

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if errors.database_unavailable(exception):
            return errors.service_unavailable(request, exception)
        return None


class KeptPageMiddleware:
    """A page the phone's browser may keep for offline use (``response.kept_offline``, the
    captain's sheet) is kept whatever cookies come later: no ``Vary: Cookie``.

    Django adds it when the session or the CSRF cookie is touched; the first visit sets the CSRF
    cookie, so the browser's copy of that visit would never match the next request and the page
    would open offline only after a second visit. The copy is private to the phone; the page's
    script checks online whether it is still current (static/js/sheet/offline.js, ``checkCurrent``).
    Placed outside the session and CSRF middlewares, which add the header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(response, "kept_offline", False) and response.has_header("Vary"):
            kept = [
                value.strip()
                for value in response["Vary"].split(",")
                if value.strip().lower() != "cookie"
            ]
            if kept:
                response["Vary"] = ", ".join(kept)
            else:
                del response["Vary"]
        return response

"""Addresses that phones use: the public base address and QR codes for it.

At a club evening the organiser's laptop serves the app on the local network; phones reach it
at e.g. ``http://192.168.1.20:8000``. ``PUBLIC_BASE_URL`` fixes that address; without it the
address the organiser's browser used is taken (right when the organiser opened the page through
the network address, not through ``127.0.0.1``).
"""

from __future__ import annotations

import base64
import io

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse


def public_base_url(request: HttpRequest | None = None) -> str:
    """``PUBLIC_BASE_URL`` if set, else the scheme and host the request came in on; no "/" at
    the end."""
    configured = (settings.PUBLIC_BASE_URL or "").strip()
    if configured:
        return configured.rstrip("/")
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return "http://127.0.0.1:8000"


def is_loopback(url: str) -> bool:
    return "://127." in url or "://localhost" in url or "://[::1]" in url


def captain_url(token: str, base_url: str | None = None) -> str:
    """The captain's entry page behind a table's QR code."""
    base = public_base_url() if base_url is None else base_url
    return base.rstrip("/") + reverse("captain:sheet", args=[token])


def qr_data_uri(text: str, scale: int = 4) -> str:
    """An SVG QR code as a data: URI (allowed by the page's CSP for images)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=scale, border=2, dark="#0a3622")
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")

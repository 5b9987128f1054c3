"""The captains' private entry links: their address, QR code, and stopping or renewing them.

Addresses that phones use:

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
from django.db import transaction
from django.http import HttpRequest
from django.http.request import split_domain_port
from django.urls import reverse
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.models import (
    AuditEntry,
    Table,
    new_entry_token,
    new_short_code,
)


def public_base_url(request: HttpRequest | None = None) -> str:
    """``PUBLIC_BASE_URL`` if set, else the scheme and host the request came in on; no "/" at
    the end."""
    configured = (settings.PUBLIC_BASE_URL or "").strip()
    if configured:
        return configured.rstrip("/")
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return "http://127.0.0.1:8000"


def lan_page_url(request: HttpRequest) -> str | None:
    """This page at the address phones reach the running network server at (``make serve``
    prints it), on the port the page was opened on; None outside network mode or without a
    network."""
    address = getattr(settings, "LAN_ADDRESS", None)
    if not address:
        return None
    _host, port = split_domain_port(request.get_host())
    return f"http://{address}{':' + port if port else ''}{request.get_full_path()}"


def is_loopback(url: str) -> bool:
    return "://127." in url or "://localhost" in url or "://[::1]" in url


def captain_url(token: str, base_url: str | None = None) -> str:
    """The captain's entry page behind a table's QR code."""
    base = public_base_url() if base_url is None else base_url
    return base.rstrip("/") + reverse("captain:sheet", args=[token])


def code_entry_url(base_url: str | None = None) -> str:
    """Where a captain types the table's short code by hand: ``http://…/e/``."""
    base = public_base_url() if base_url is None else base_url
    return base.rstrip("/") + reverse("captain:code")


def qr_data_uri(text: str, scale: int = 4) -> str:
    """An SVG QR code as a data: URI (allowed by the page's CSP for images)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=scale, border=2, dark="#0a3622")
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


# ---------------------------------------------------------------------------- captains' links


@transaction.atomic
def set_link_revoked(table: Table, revoked: bool, *, user: User = None) -> Table:
    """Stop (or allow again) the captain's entry link of one table."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    table.token_revoked = revoked
    table.save(update_fields=["token_revoked"])
    record(
        table.round.tournament,
        AuditEntry.Action.TOKEN_REVOKED if revoked else AuditEntry.Action.TOKEN_RENEWED,
        user=user,
        message=gettext_noop("Durchgang %(round)d, Tisch %(table)d"),
        params={"round": table.round.number, "table": table.number},
    )
    return table


@transaction.atomic
def renew_link(table: Table, *, user: User = None) -> Table:
    """Give the table a new link and short code; the old ones stop working at once."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    table.entry_token = new_entry_token()
    table.short_code = new_short_code()
    table.token_revoked = False
    table.save(update_fields=["entry_token", "short_code", "token_revoked"])
    record(
        table.round.tournament,
        AuditEntry.Action.TOKEN_RENEWED,
        user=user,
        message=gettext_noop("Durchgang %(round)d, Tisch %(table)d: neuer Link"),
        params={"round": table.round.number, "table": table.number},
    )
    return table

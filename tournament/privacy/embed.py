"""The sites a club lists for embedding its tables (``Club.embed_origins``): one origin a line,
``https://www.doko-verein.de`` or ``http://localhost:8080``; the embed pages allow exactly
these as ``frame-ancestors``, every other page of the app none."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.utils.translation import gettext as _

from tournament.models import Club

MAX_ORIGINS = 10


def origin_of(text: str) -> str | None:
    """``text`` as an origin (scheme, host and port, lower case), or None if it is none."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not host or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username or any(c in host for c in " ;,'\""):
        return None
    return f"{parts.scheme}://{host}" + (f":{port}" if port else "")


def origins_from_text(text: str, *, strict: bool = False) -> list[str]:
    """The origins of ``text``, one a line (empty lines skipped). ``strict``: a line that is
    no origin raises ``ValueError`` naming it; otherwise it is left out."""
    found: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        origin = origin_of(line)
        if origin is None:
            if strict:
                raise ValueError(
                    _("Zeile %(line)d: „%(text)s“ ist keine Adresse wie https://www.verein.de.")
                    % {"line": number, "text": line.strip()[:80]}
                )
            continue
        if origin not in found:
            found.append(origin)
    if strict and len(found) > MAX_ORIGINS:
        raise ValueError(_("Höchstens %(count)d Adressen.") % {"count": MAX_ORIGINS})
    return found


def embed_origins(club: Club | None) -> list[str]:
    """The sites that may embed the club's tables (none without a club)."""
    return origins_from_text(club.embed_origins) if club is not None else []

"""An import between its preview and its confirmation, kept on the server, not in the session.

The preview page shows what a file would create; "übernehmen" must create exactly that, without
the file being sent again (a browser forgets the chosen file with the page). What is kept is the
preview's result, not the file: at most 2,000 rows of a name and a club of at most 100
characters each (``import_limits``), the skipped lines for the log, the file's name. It is kept
in the shared cache (``settings.CACHES["default"]``: Redis or a database table in network and
production mode, so any of the server's processes finds it; memory of the one process of
``make run``) under a random token, for ``KEEP_SECONDS``, for the login and tournament that
made it. The session keeps nothing of it (it used to hold the whole file, up to 2 MB, in every
request of that login).

A confirmation takes the kept preview away (``take``): a second click, or a second tab, finds it
gone and is told so instead of importing twice. Whoever finds it gone (expired, the cache was
emptied or unreachable) is asked to upload the file again; nothing was written.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from tournament.participants.importing import ImportPreview, ImportRow

logger = logging.getLogger(__name__)

KEEP_SECONDS = 60 * 60  # an organiser may check the list against the paper for a while
KEY = "participant-import:{token}"
TOKEN = re.compile(r"[A-Za-z0-9_-]{24}")


@dataclass(frozen=True)
class PendingImport:
    filename: str
    rows: list[ImportRow]
    skipped: list[str]


def keep(preview: ImportPreview, filename: str, *, tournament_pk: int, user_pk: int) -> str | None:
    """Keep a preview that can be imported; its token, or ``None`` if it could not be kept."""
    token = secrets.token_urlsafe(18)
    value = {
        "tournament": tournament_pk,
        "user": user_pk,
        "filename": filename[:255],
        "rows": [[row.line, row.name, row.club] for row in preview.rows],
        "skipped": [str(problem) for problem in preview.skipped],
    }
    try:
        cache.set(KEY.format(token=token), value, KEEP_SECONDS)
    except Exception:  # the shared cache is down: the page says so, nothing is lost
        logger.warning("The import preview could not be kept in the cache.", exc_info=True)
        return None
    return token


def take(token: str, *, tournament_pk: int, user_pk: int) -> PendingImport | None:
    """The preview kept under ``token`` for this tournament and login, removed from the store;
    ``None`` if there is none (expired, taken already, someone else's)."""
    if not TOKEN.fullmatch(token or ""):  # what ``keep`` makes; nothing else reaches the cache
        return None
    key = KEY.format(token=token)
    try:
        value: Any = cache.get(key)
        if (
            not isinstance(value, dict)
            or value.get("tournament") != tournament_pk
            or value.get("user") != user_pk
        ):
            return None
        # Only the request whose delete removed it goes on: two clicks import once.
        if not cache.delete(key):
            return None
    except Exception:
        logger.warning("The import preview could not be read from the cache.", exc_info=True)
        return None
    return PendingImport(
        filename=str(value["filename"]),
        rows=[ImportRow(line=line, name=name, club=club) for line, name, club in value["rows"]],
        skipped=[str(item) for item in value["skipped"]],
    )

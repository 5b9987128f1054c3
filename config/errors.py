"""Our error pages: 400, 403, 404, 405, 414, 429, 500 and 503 in the base layout, or JSON.

Every page says what happened and what to do, in the user's language. The JSON endpoints (the
API under ``/api/`` and the sheet pages' live preview, calculator and autosave) answer
``{"error": "..."}`` with the same status instead, because a script reads them.

A locked, failing or unreachable database (``OperationalError``, ``InterfaceError``) is a
moment's trouble, not a bug: it is answered 503 with ``Retry-After`` and logged as a warning
(``ErrorPageMiddleware`` in ``config/middleware.py``; ``server_error`` catches what escapes
outside a view). The 500 and 503 pages are rendered without touching the database.

A request over the size limits of ``config/settings.py`` (form data over 1 MB, too many fields
or files, an upload over 4 MB, a backup on the restore page over 50 MB: Django's
``RequestDataTooBig``, ``TooManyFieldsSent`` and ``TooManyFilesSent``, and ``config.uploads``)
reaches ``bad_request``, whose 400 says which limit
was passed ("Die Anfrage ist zu groß (höchstens 1 MB)"), as a page or as JSON.

No page shows an exception's text, a traceback, a setting or the URL list: with DEBUG off Django
never does, and network mode never turns DEBUG on (``config/settings.py``).
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5

# The longest address (path and query string, in bytes) a request may have: our addresses are
# far shorter; the server (``config.serve``) lets up to 64 KB through so that Django, not the
# server, refuses a longer one, with our 414 page.
MAX_ADDRESS_BYTES = 8192

# The views that answer JSON (besides everything under /api/). The autosave endpoints too: the
# sheet page reads every answer of theirs, and an HTML error would look like a lost connection.
JSON_VIEWS = frozenset(
    {
        "scoring:sheet_preview",
        "scoring:sheet_score",
        "scoring:sheet_autosave",
        "scoring:board_data",
        "captain:preview",
        "captain:score",
        "captain:autosave",
        "captain:clock",
        "tournament:clock_state",
    }
)
JSON_PREFIX = "/api/"

# Database errors that will not pass by waiting: a missing migration is a bug, not a busy disk.
PERMANENT_DATABASE_ERRORS = ("no such table", "no such column", "has no column named")


@dataclass(frozen=True)
class ErrorText:
    title: Promise
    happened: Promise
    todo: Promise


ERRORS: dict[int | str, ErrorText] = {
    400: ErrorText(
        _("Ungültige Anfrage"),
        _(
            "Diese Anfrage konnte nicht verarbeitet werden: sie war unvollständig, zu groß "
            "oder an eine Adresse gerichtet, die dieser Server nicht kennt."
        ),
        _(
            "Bitte zurückgehen und es noch einmal versuchen. Links und QR-Codes genau so "
            "öffnen, wie die Turnierleitung sie zeigt."
        ),
    ),
    403: ErrorText(
        _("Kein Zugriff"),
        _("Diese Seite oder Aktion ist für Sie nicht freigegeben."),
        _(
            "Seiten der Turnierleitung brauchen eine Anmeldung. Spielerinnen und Spieler "
            "finden alles Öffentliche über die Startseite."
        ),
    ),
    "csrf": ErrorText(
        _("Formular abgelaufen"),
        _(
            "Das Formular wurde nicht angenommen: es war zu alt, oder der Browser hat das "
            "Sicherheits-Cookie nicht mitgeschickt. Es wurde nichts gespeichert."
        ),
        _(
            "Bitte die Seite neu laden und noch einmal absenden. Cookies müssen für diese "
            "Seite erlaubt sein."
        ),
    ),
    404: ErrorText(
        _("Nicht gefunden"),
        _("Diese Seite gibt es nicht (mehr), oder sie ist gerade nicht öffentlich."),
        _("Bitte die Adresse prüfen oder über die Startseite weitergehen."),
    ),
    # A 404 under a captain's link (/e/...): only there do captains' links matter.
    "captain_link": ErrorText(
        _("Nicht gefunden"),
        _(
            "Diese Seite gibt es nicht (mehr). Ein Eingabelink gilt nur, solange der Durchgang "
            "läuft und die Turnierleitung ihn nicht gesperrt hat."
        ),
        _("Bitte die Adresse prüfen oder bei der Turnierleitung nach dem aktuellen Link fragen."),
    ),
    405: ErrorText(
        _("So nicht möglich"),
        _(
            "Diese Adresse ist für eine andere Art von Aufruf gedacht, z. B. für einen Knopf "
            "auf einer Seite und nicht zum direkten Öffnen im Browser."
        ),
        _("Bitte die Seite aufrufen, zu der die Adresse gehört, und dort den Knopf benutzen."),
    ),
    # 400 for a request over the limits of config/settings.py (DATA_UPLOAD_*, uploads):
    # ``%(limit)s`` is filled in by ``bad_request``.
    "too_big": ErrorText(
        _("Anfrage zu groß"),
        _(
            "Die Anfrage ist zu groß (höchstens %(limit)s MB) und wurde nicht verarbeitet; es "
            "wurde nichts gespeichert."
        ),
        _("Bitte weniger auf einmal senden, zum Beispiel eine kleinere Datei."),
    ),
    "too_many_fields": ErrorText(
        _("Zu viele Felder"),
        _(
            "Die Anfrage hat zu viele Felder (höchstens %(limit)s) und wurde nicht verarbeitet; "
            "es wurde nichts gespeichert."
        ),
        _("Bitte die Seite neu laden und das Formular so absenden, wie es angezeigt wird."),
    ),
    "too_many_files": ErrorText(
        _("Zu viele Dateien"),
        _(
            "Die Anfrage enthält zu viele Dateien (höchstens %(limit)s) und wurde nicht "
            "verarbeitet; es wurde nichts gespeichert."
        ),
        _("Bitte eine Datei auf einmal hochladen."),
    ),
    # 400 for text that arrived broken (config/input_encoding.py): ``%(field)s`` names the field.
    "bad_characters": ErrorText(
        _("Unlesbare Zeichen"),
        _(
            "Im Feld „%(field)s“ stehen Zeichen, die sich nicht lesen lassen (ungültiges UTF-8 "
            "oder das Ersatzzeichen „�“). Die Anfrage wurde nicht verarbeitet; es wurde "
            "nichts gespeichert."
        ),
        _(
            "Bitte den Eintrag in diesem Feld neu eintippen (nicht aus einer beschädigten Liste "
            "kopieren) und noch einmal absenden."
        ),
    ),
    # An address longer than ``MAX_ADDRESS_BYTES`` (``AddressLengthMiddleware``).
    414: ErrorText(
        _("Adresse zu lang"),
        _(
            "Die Adresse dieser Anfrage ist zu lang (höchstens %(limit)s Zeichen) und wurde "
            "nicht verarbeitet."
        ),
        _(
            "Bitte die Adresse prüfen oder die Seite über die Startseite öffnen. Links und "
            "QR-Codes genau so öffnen, wie die Turnierleitung sie zeigt."
        ),
    ),
    429: ErrorText(
        _("Zu viele Versuche"),
        _("Von diesem Gerät kamen in kurzer Zeit zu viele Anfragen oder Fehlversuche."),
        _("Bitte einige Minuten warten und es dann noch einmal versuchen."),
    ),
    500: ErrorText(
        _("Serverfehler"),
        _(
            "Auf dem Server ist ein unerwarteter Fehler aufgetreten. Was vorher gespeichert "
            "war, bleibt erhalten."
        ),
        _(
            "Bitte die Seite neu laden und es noch einmal versuchen. Passiert es wieder, "
            "der Turnierleitung Bescheid geben."
        ),
    ),
    503: ErrorText(
        _("Kurz nicht erreichbar"),
        _(
            "Die Datenbank ist gerade beschäftigt oder nicht erreichbar; diese Anfrage wurde "
            "nicht ausgeführt."
        ),
        _("Bitte in einem Moment noch einmal versuchen (Seite neu laden oder erneut absenden)."),
    ),
}


def wants_json(request: HttpRequest) -> bool:
    """Whether the request went to one of the JSON endpoints."""
    match = getattr(request, "resolver_match", None)
    if match is not None and (match.view_name in JSON_VIEWS or "api" in match.namespaces):
        return True
    return request.path_info.startswith(JSON_PREFIX)


# The captains' links (scoring/urls_captain.py, mounted at /e/ in config/urls.py).
CAPTAIN_NAMESPACE = "captain"
CAPTAIN_PREFIX = "/e/"


def is_captain_link(request: HttpRequest) -> bool:
    """Whether the request went to a captain's link (also one that resolves to no view)."""
    match = getattr(request, "resolver_match", None)
    if match is not None:
        return CAPTAIN_NAMESPACE in match.namespaces
    return request.path_info.startswith(CAPTAIN_PREFIX)


def error_kind(request: HttpRequest, status: int) -> int | str | None:
    """The texts for ``status`` on this request: a 404 on a captain's link speaks of links."""
    if status == 404 and is_captain_link(request):
        return "captain_link"
    return None


def error_text(status: int, kind: int | str | None = None) -> ErrorText:
    if kind is None:
        kind = status if status in ERRORS else (500 if status >= 500 else 400)
    return ERRORS[kind]


def render_error(
    request: HttpRequest,
    status: int,
    kind: int | str | None = None,
    *,
    use_database: bool = True,
    params: dict[str, object] | None = None,
) -> HttpResponse:
    """The error page (or JSON) for ``status``; ``kind`` picks other texts (``"csrf"``) and
    ``params`` fills their placeholders.

    ``use_database=False`` renders without the context processors (no user, no messages), so
    that the page still comes when the database is the problem.
    """
    text = error_text(status, kind if kind is not None else error_kind(request, status))
    happened = str(text.happened) % params if params else text.happened
    if wants_json(request):
        message = f"{happened} {text.todo}"
        return JsonResponse(
            {"error": message}, status=status, json_dumps_params={"ensure_ascii": False}
        )
    context = {
        "status": status,
        "title": text.title,
        "happened": happened,
        "todo": text.todo,
        "retry": status in (429, 500, 503) and request.method in ("GET", "HEAD"),
    }
    try:
        if use_database:
            html = render_to_string("errors/error.html", context, request=request)
        else:
            # Who is logged in is unknown without the database: offer neither "Anmelden"
            # (wrong for a logged-in organiser) nor "Abmelden".
            context.update(request=request, csrf_token=get_token(request), account_unknown=True)
            html = render_to_string("errors/error.html", context)
    except Exception:  # the page itself failed (e.g. static files not collected): plain text
        logger.exception("The error page %s could not be rendered.", status)
        return HttpResponse(
            f"{status} – {text.title}\n\n{text.happened}\n{text.todo}\n",
            status=status,
            content_type="text/plain; charset=utf-8",
        )
    return HttpResponse(html, status=status)


# ---------------------------------------------------------------------------- the handlers
# Named in config/urls.py (handler400 ...) and settings.CSRF_FAILURE_VIEW.


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400; for a request over the size limits, the page says which limit and how large."""
    if isinstance(exception, RequestDataTooBig):
        limit = getattr(exception, "limit", settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        return render_error(request, 400, "too_big", params={"limit": f"{limit / 2**20:g}"})
    if isinstance(exception, TooManyFieldsSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        return render_error(request, 400, "too_many_fields", params={"limit": limit})
    if isinstance(exception, TooManyFilesSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FILES
        return render_error(request, 400, "too_many_files", params={"limit": limit})
    return render_error(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render_error(request, 403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render_error(request, 404)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render_error(request, 403, "csrf")


def server_error(request: HttpRequest) -> HttpResponse:
    """500; but 503 when the exception (raised outside a view, e.g. by a middleware) is a
    database that is locked or unreachable."""
    exception = sys.exc_info()[1]
    if database_unavailable(exception):
        return service_unavailable(request, exception)
    return render_error(request, 500, use_database=False)


# ---------------------------------------------------------------------------- 503


def database_unavailable(exception: BaseException | None) -> bool:
    """A locked, failing or unreachable database: worth trying again in a moment."""
    if not isinstance(exception, (OperationalError, InterfaceError)):
        return False
    text = str(exception).lower()
    return not any(marker in text for marker in PERMANENT_DATABASE_ERRORS)


def service_unavailable(request: HttpRequest, exception: BaseException | None) -> HttpResponse:
    logger.warning(
        "Database unavailable, answered 503: %s %s: %s: %s",
        request.method,
        request.path,
        type(exception).__name__,
        exception,
    )
    response = render_error(request, 503, use_database=False)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    # Logged above as the warning it is; Django would log every 5xx once more as an error.
    response._has_been_logged = True
    return response

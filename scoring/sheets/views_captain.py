"""The table captain's page: one table's sheet through its private link, nothing else.

The link's token names one table of one released round. It stops working when the organiser
revokes it or closes the round; wrong tokens are rate-limited per client address.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView

from scoring.models import Sheet, SheetVersion
from scoring.sheets.calculator import ScoreGameMixin
from scoring.sheets.captain_access import (
    TokenRateLimited,
    resolve_short_code,
    resolve_token_sheet,
)
from scoring.sheets.deal_form import stop_after
from scoring.sheets.time_up import record_time_up
from scoring.sheets.views import (
    SheetAutosaveMixin,
    SheetEntryMixin,
    SheetPreviewMixin,
    parse_revision,
    time_up_game,
)
from tournament.clock.reading import round_state, table_time_up
from tournament.clock.state import state_json
from tournament.errors import DomainError
from tournament.models import Table

# How long a phone's browser may show the captain's page from its own cache (one evening).
KEEP_PAGE_SECONDS = 12 * 3600


class CaptainAccessMixin:
    """Resolve the token to its table's sheet, or 404 for unknown, revoked or closed links."""

    sheet: Sheet
    table: Table

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            # One query: a released round's sheet whose link is not revoked (else 404).
            self.sheet = resolve_token_sheet(request, kwargs["token"])
        except TokenRateLimited as limited:
            return limited.response(request)
        self.table = self.sheet.table
        self.token = kwargs["token"]
        return super().dispatch(request, *args, **kwargs)

    def captain_url(self) -> str:
        return reverse("captain:sheet", args=[self.token])


class CaptainSheetView(CaptainAccessMixin, SheetEntryMixin, TemplateView):
    template_name = "scoring/captain_sheet.html"
    source = SheetVersion.Source.CAPTAIN

    def preview_url(self) -> str:
        return reverse("captain:preview", args=[self.token])

    def score_url(self) -> str:
        return reverse("captain:score", args=[self.token])

    def autosave_url(self) -> str:
        return reverse("captain:autosave", args=[self.token])

    def manifest_url(self) -> str:
        return reverse("captain:manifest", args=[self.token])

    def can_edit(self) -> bool:
        return super().can_edit() and self.sheet.status != Sheet.Status.SUBMITTED

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            manifest_url=self.manifest_url(),
            clock_url=reverse("captain:clock", args=[self.token]),
            time_up_url=reverse("captain:time_up", args=[self.token]),
            time_up_now=kwargs.get("offers_time_up") and table_time_up(self.table),
            **kwargs,
        )

    def offers_time_up(self) -> bool:
        """The captain records the time called once the table's clock says it is up; until
        then the control waits hidden in the page, and the page's clock shows it when the
        time is up (``static/js/clock.js``): a phone keeps the page for the evening, so it
        must not need a fresh load for it."""
        return super().offers_time_up() and self.sheet.time_up_after is None

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """The page, kept by the phone's browser for an evening: on plain http in a club's
        network there is no service worker, and this is how opening the link again offline
        still shows the sheet (the page's script checks online whether it is still current)."""
        response = super().get(request, *args, **kwargs)
        if response.status_code == 200:
            response["Cache-Control"] = f"private, max-age={KEEP_PAGE_SECONDS}"
            response.kept_offline = True  # config.middleware.KeptPageMiddleware
        return response


class CaptainTimeUpView(CaptainAccessMixin, View):
    """POST "Zeit abgelaufen nach Spiel n" from the captain's page; back to the page."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            record_time_up(
                self.sheet,
                after_game=time_up_game(request),
                source=SheetVersion.Source.CAPTAIN,
                expected_revision=parse_revision(request.POST.get("revision")),
            )
            messages.success(request, _("Der Zeitablauf ist vermerkt."))
        except DomainError as error:
            messages.error(request, str(error))
        return redirect(self.captain_url())


class CaptainPreviewView(CaptainAccessMixin, SheetPreviewMixin, View):
    pass


class CaptainScoreGameView(CaptainAccessMixin, ScoreGameMixin, View):
    pass


class CaptainAutosaveView(CaptainAccessMixin, SheetAutosaveMixin, View):
    source = SheetVersion.Source.CAPTAIN


@require_safe  # read-only: another method is our 405
def code_entry(request: HttpRequest) -> HttpResponse:
    """``/e/``: the table's short code typed by hand (printed beside the QR code for phones
    without a camera) opens the table's sheet."""
    text = request.GET.get("code", "")[:40]
    if not text.strip():
        return render(request, "scoring/captain/code.html", {"code": ""})
    try:
        table = resolve_short_code(request, text)
    except TokenRateLimited as limited:
        return limited.response(request)
    except Http404:
        message = _(
            "Den Code „%(code)s“ gibt es nicht, oder sein Durchgang ist nicht freigegeben. Bitte "
            "mit der Spielliste vergleichen (8 Zeichen, z. B. KD7R-M2QX)."
        ) % {"code": text.strip()}
        return render(
            request, "scoring/captain/code.html", {"code": text, "error": message}, status=404
        )
    return redirect("captain:sheet", table.entry_token)


class CaptainClockView(CaptainAccessMixin, View):
    """The time left of this table only (the page counts down from it: ``static/js/clock.js``),
    and ``stop_after``, the deal after which the organiser stopped the table's round (``null``:
    not stopped): the page itself is kept by the phone for the evening, so this poll is how an
    open page learns of the stop."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        state = round_state(self.sheet.round)
        own = state.table(self.table.number)
        payload = state_json(state, [own] if own is not None else [])
        payload["stop_after"] = stop_after(self.sheet)
        response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
        response["Cache-Control"] = "no-store"
        return response


class CaptainManifestView(CaptainAccessMixin, View):
    """The web app manifest of one captain link: "add to home screen" opens this table's sheet."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        name = _("Tisch %(table)d · Durchgang %(round)d") % {
            "table": self.table.number,
            "round": self.sheet.round.number,
        }
        manifest = {
            "name": f"{name} – {self.sheet.round.tournament.name}",
            "short_name": _("Tisch %(table)d") % {"table": self.table.number},
            "start_url": self.captain_url(),
            "scope": reverse("captain:sheet", args=[self.token]),
            "display": "standalone",
            "background_color": "#f6f7f5",
            "theme_color": "#0f5132",
            "lang": get_language() or "de",
            "icons": [
                {
                    "src": static(f"img/icon-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                }
                for size in (192, 512)
            ]
            + [{"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
        }
        response = JsonResponse(manifest, json_dumps_params={"ensure_ascii": False})
        response["Content-Type"] = "application/manifest+json"
        return response


# What the service worker keeps for offline use besides the pages it has shown.
OFFLINE_ASSETS = (
    "css/app.css",
    "css/noscript.css",
    "js/app.js",
    # The sheet page's ES modules: sheet.js and every module it loads (static/js/sheet/).
    "js/sheet.js",
    "js/sheet/page.js",
    "js/sheet/offline.js",
    "js/sheet/canon.js",
    "js/sheet/heads.js",
    "js/sheet/deal.js",
    "js/sheet/answers.js",
    "js/sheet/storage.js",
    "js/sheet/merge.js",
    "js/sheet/compare.js",
    "js/sheet/rows.js",
    "js/sheet/conflict_panel.js",
    "js/sheet/readonly.js",
    "js/sheet/row_states.js",
    "js/sheet/scores.js",
    "js/sheet/autosave.js",
    "js/sheet/restore.js",
    "js/sheet/keyboard.js",
    "js/sheet/submit.js",
    "js/sheet/calculator_record.js",
    "js/sheet/calculator.js",
    "js/sheet/time_up.js",
    # A sheet entered deal by deal (count-down): its entry point, modules and stylesheet.
    "css/countdown.css",
    "js/countdown_sheet.js",
    "js/countdown/rules.js",
    "js/countdown/play.js",
    "js/countdown/words.js",
    "js/countdown/table.js",
    "js/countdown/draft.js",
    "js/countdown/form.js",
    "img/favicon.svg",
    "img/icon-192.png",
)


@require_safe  # read-only: another method is our 405
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/e/sw.js``: served from the captain links' folder so that its scope covers them."""
    assets = [static(path) for path in OFFLINE_ASSETS]
    response = render(
        request,
        "scoring/captain/sw.js",
        {
            "assets": assets,
            "static_prefix": settings.STATIC_URL,
            # A new worker (and cache) whenever an asset's address changes (hashed names).
            "version": hashlib.sha256("|".join(assets).encode()).hexdigest()[:12],
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response

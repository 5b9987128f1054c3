"""The calculator of the sheet pages: one row scored live with the tournament's rules (JSON in,
JSON out) and the Sonderpunkte it offers; the organiser's and the captain's pages share it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules.base import RowRefused
from scoring.models import Sheet
from scoring.sheets.entry import MAX_JSON_DEPTH, JsonTooDeep, loads_json


def score_one_game(request: HttpRequest, sheet: Sheet) -> JsonResponse:
    """The calculator's live result: one record (JSON body) scored with the tournament's rules."""
    if request.content_type != "application/json":
        # A form or upload sent here has had its stream read already (the CSRF and input
        # checks parse it); the calculator only ever sends JSON.
        message = _("Ein Spiel wird als JSON gesendet (Content-Type: application/json).")
        return JsonResponse({"error": {"field": None, "message": message}}, status=400)
    try:
        record = loads_json(request.body.decode("utf-8") or "null")
    except JsonTooDeep:
        message = _("Kein gültiges JSON: zu tief verschachtelt (höchstens %(max)d Ebenen).") % {
            "max": MAX_JSON_DEPTH
        }
        return JsonResponse({"error": {"field": None, "message": message}}, status=400)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return JsonResponse(
            {"error": {"field": None, "message": _("Kein gültiges JSON.")}}, status=400
        )
    if not isinstance(record, dict):
        return JsonResponse(
            {"error": {"field": None, "message": _("Ein Spiel ist ein JSON-Objekt.")}}, status=400
        )
    size = sheet.table.size
    record.setdefault("table_size", size)
    language = get_language() or "de"
    tournament = sheet.round.tournament
    ruleset = tournament.rules
    try:
        result = ruleset.score_row(record, tournament.scoring_options, language)
    except RowRefused as error:
        return JsonResponse({"error": error.to_json(language)}, status=200)
    return JsonResponse(result.to_json(lambda key: ruleset.breakdown_label(key, language)))


class ScoreGameMixin:
    """POST scores one record for the calculator (see ``score_one_game``)."""

    sheet: Sheet

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        return score_one_game(request, self.sheet)

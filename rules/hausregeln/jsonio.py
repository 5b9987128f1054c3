"""The logic of ``manage.py score_game`` (SCORING.md §8), without Django.

The command reads one record (→ one result object) or a JSON list (→ a list in the same order).
Every result is either the §8 result object or ``{"error": {"field": …, "message": …}}``; a bad
record never stops the others. Text that is not JSON at all gives one error object with
``field: null`` and the line and column of the problem.
"""

from __future__ import annotations

import json
from typing import Any

from rules.hausregeln.engine import score_game
from rules.hausregeln.errors import RecordError
from rules.hausregeln.i18n import translate
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions


def _refuse_constant(name: str) -> Any:
    # NaN, Infinity and -Infinity are Python extensions, not JSON.
    raise ValueError(name)


def parse_error(exc: Exception, lang: str = "de") -> dict[str, Any]:
    """The error object for text that is not JSON (``field`` is null)."""
    if isinstance(exc, json.JSONDecodeError):
        key = f"json.{exc.msg}"
        reason = translate(key, lang)
        if reason == key:
            reason = exc.msg
        message = translate(
            "error.invalid_json", lang, reason=reason, line=exc.lineno, column=exc.colno
        )
    elif isinstance(exc, RecursionError):
        reason = translate("json.too_deep", lang)
        message = translate("error.invalid_json_no_position", lang, reason=reason)
    else:  # a refused constant; json gives no position for it
        reason = translate("json.not_json_constant", lang, constant=str(exc))
        message = translate("error.invalid_json_no_position", lang, reason=reason)
    return {"error": {"field": None, "message": message}}


def score_one(record: Any, options: ScoringOptions, lang: str) -> tuple[dict[str, Any], bool]:
    """The §8 result object of one parsed JSON value and whether it was refused."""
    try:
        return score_game(record, options).to_json(lang), False
    except RecordError as error:
        return {"error": error.to_json(lang)}, True


def score_document(
    text: str, options: ScoringOptions = DEFAULT_OPTIONS, lang: str = "de"
) -> tuple[object, bool]:
    """Score a JSON text holding one record or a list of records.

    Returns the output (an object, or a list in the same order) and whether any record was
    refused (the command exits 1 then).
    """
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        return parse_error(exc, lang), True
    if type(document) is list:
        results = []
        refused = False
        for item in document:
            result, bad = score_one(item, options, lang)
            results.append(result)
            refused = refused or bad
        return results, refused
    return score_one(document, options, lang)


def dumps(output: object) -> str:
    """Render the command's output: UTF-8 friendly, one result per line for lists."""
    if isinstance(output, list):
        if not output:
            return "[]"
        lines = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in output)
        return "[\n" + lines + "\n]"
    return json.dumps(output, ensure_ascii=False)

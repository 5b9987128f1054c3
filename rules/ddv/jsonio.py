"""The documents of ``manage.py score_game --ruleset ddv`` and ``score_round --ruleset ddv``.

One value in → one answer out; a JSON list in → a list of answers in the same order. Each answer
is the result object or ``{"error": {"field", "message"}}``; one bad entry never stops the
others. Input is bounded before it is scored: at most :data:`MAX_CHARS` characters,
:data:`MAX_ITEMS` entries in a list and :data:`MAX_DEPTH` levels of nesting.
"""

from __future__ import annotations

import json
from typing import Any

from rules.ddv.engine import score_game
from rules.ddv.errors import DdvRefused
from rules.ddv.messages import translate
from rules.ddv.options import DEFAULT_OPTIONS, DdvOptions
from rules.ddv.sheet import score_round

MAX_CHARS = 4_000_000
MAX_ITEMS = 10_000
MAX_DEPTH = 12


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _error(message: str) -> dict[str, Any]:
    return {"error": {"field": None, "message": message}}


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def load(text: str, lang: str | None) -> tuple[Any, dict[str, Any] | None]:
    """The parsed document, or the error object for text that is not acceptable JSON."""
    if len(text) > MAX_CHARS:
        return None, _error(translate("too_large", lang, size=len(text), limit=MAX_CHARS))
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        message = translate("invalid_json", lang, reason=exc.msg, line=exc.lineno, column=exc.colno)
        return None, _error(message)
    except RecursionError:
        reason = translate("too_deep", lang)
        return None, _error(translate("invalid_json_no_position", lang, reason=reason))
    except ValueError as exc:
        return None, _error(translate("invalid_json_no_position", lang, reason=str(exc)))
    if _depth(document) > MAX_DEPTH:
        reason = translate("too_deep", lang)
        return None, _error(translate("invalid_json_no_position", lang, reason=reason))
    if type(document) is list and len(document) > MAX_ITEMS:
        return None, _error(translate("too_many", lang, count=len(document), limit=MAX_ITEMS))
    return document, None


def _each(document: Any, one) -> tuple[object, bool]:
    if type(document) is list:
        answers = [one(item) for item in document]
        return [answer for answer, _ in answers], any(bad for _, bad in answers)
    return one(document)


def score_games_document(
    text: str, options: DdvOptions = DEFAULT_OPTIONS, lang: str | None = "de"
) -> tuple[object, bool]:
    """``score_game``: the output and whether any record was refused."""
    document, error = load(text, lang)
    if error is not None:
        return error, True

    def one(record: Any) -> tuple[dict[str, Any], bool]:
        try:
            return score_game(record, options.absage_implies_ansage).to_json(lang), False
        except DdvRefused as refused:
            return {"error": refused.to_json(lang)}, True

    return _each(document, one)


def score_round_document(
    text: str, options: DdvOptions = DEFAULT_OPTIONS, lang: str | None = "de"
) -> tuple[object, bool]:
    """``score_round``: the output and whether any sheet was refused."""
    document, error = load(text, lang)
    if error is not None:
        return error, True

    def one(sheet: Any) -> tuple[dict[str, Any], bool]:
        try:
            return score_round(sheet, options, lang), False
        except DdvRefused as refused:
            return {"error": refused.to_json(lang)}, True

    return _each(document, one)


def dumps(output: object) -> str:
    """As the house rules' ``score_game``: one answer per line for a list."""
    if isinstance(output, list):
        if not output:
            return "[]"
        return (
            "[\n"
            + ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in output)
            + "\n]"
        )
    return json.dumps(output, ensure_ascii=False)

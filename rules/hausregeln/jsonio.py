"""The logic of ``manage.py score_game`` (SCORING.md §8) and ``score_round --ruleset
hausregeln`` (CLUBRULES.md §5.4, §8), without Django.

The command reads one record (→ one result object) or a JSON list (→ a list in the same order).
Every result is either the §8 result object or ``{"error": {"field": …, "message": …}}``; a bad
record never stops the others. Text that is not JSON at all gives one error object with
``field: null`` and the line and column of the problem.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rules.hausregeln.engine import score_game
from rules.hausregeln.errors import RecordError, shown
from rules.hausregeln.i18n import translate
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions
from rules.hausregeln.sheet import DEFAULT_CYCLES, score_sheet


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


# --------------------------------------------------------------------------------------------
# score_round (CLUBRULES.md §5.4)
# --------------------------------------------------------------------------------------------


def _sheet_fields(sheet: Any) -> tuple[int, int, list[Any] | tuple[Any, ...]]:
    """``table_size`` (default 4), ``cycles`` (default 4) and ``rows`` of a sheet object."""
    if not isinstance(sheet, Mapping):
        raise RecordError(None, "sheet_not_object", got=shown(sheet))
    table_size = sheet.get("table_size", 4)
    if type(table_size) is not int:
        raise RecordError("table_size", "not_int", got=shown(table_size))
    if table_size not in (4, 5):
        raise RecordError("table_size", "table_size_invalid", got=shown(table_size))
    cycles = sheet.get("cycles", DEFAULT_CYCLES)
    if type(cycles) is not int or cycles < 1:
        raise RecordError("cycles", "sheet_cycles_invalid", got=shown(cycles))
    rows = sheet.get("rows")
    if rows is None:
        raise RecordError("rows", "missing")
    if type(rows) not in (list, tuple):
        raise RecordError("rows", "not_list", got=shown(rows))
    return table_size, cycles, rows


def score_round(sheet: Any, options: ScoringOptions = DEFAULT_OPTIONS, lang: str = "de") -> dict:
    """One §5.4 sheet scored: totals, every row (game number, dealer, Bock, Auslöser, points),
    the next dealer, the games played, the open Bockrunden and the warnings. The first refused
    row raises :class:`RecordError` with its path (``rows[2].bock``)."""
    table_size, cycles, rows = _sheet_fields(sheet)
    # Rows inherit the sheet's table size (a different one is refused, rows[i].table_size).
    rows = [{"table_size": table_size, **row} if isinstance(row, Mapping) else row for row in rows]
    score = score_sheet(
        rows, table_size=table_size, cycles=cycles, options=options, fill_sitting_out=True
    )
    for issue in score.issues:
        path = f"rows[{issue.game - 1}]"
        raise RecordError(
            f"{path}.{issue.field}" if issue.field else path, issue.code, **issue.params
        )
    answered = []
    warnings = []
    for game in score.games:
        result = game.result
        assert result is not None
        answered.append(
            {
                "game": game.number,
                "dealer": game.dealer,
                "bock": game.bock,
                "bock_ausloeser": game.ausloeser,
                "points": {str(seat): p for seat, p in result.points.items()},
                "plus": list(result.plus),
                "value": result.value,
                "winner": None if result.winner is None else result.winner.value,
            }
        )
        warnings.extend(
            {"field": f"rows[{game.game - 1}]", "message": warning.message(lang)}
            for warning in result.warnings
        )
    full = score.played >= table_size * cycles
    return {
        "totals": {str(seat): total for seat, total in score.totals.items()},
        "rows": answered,
        "next_dealer": None if full else score.next_dealer,
        "games": score.played,
        "bock_open": list(score.bock_open),
        "warnings": warnings,
    }


def score_round_document(
    text: str, options: ScoringOptions = DEFAULT_OPTIONS, lang: str = "de"
) -> tuple[object, bool]:
    """``score_round``: one sheet (→ one answer) or a list (→ a list); whether any was refused."""
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        return parse_error(exc, lang), True

    def one(sheet: Any) -> tuple[dict[str, Any], bool]:
        try:
            return score_round(sheet, options, lang), False
        except RecordError as error:
            return {"error": error.to_json(lang)}, True

    if type(document) is list:
        answers = [one(sheet) for sheet in document]
        return [answer for answer, _ in answers], any(bad for _, bad in answers)
    return one(document)

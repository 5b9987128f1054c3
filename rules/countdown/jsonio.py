"""The logic of ``manage.py score_countdown`` (COUNTDOWN.md §8.7), without Django.

An item is one of

- ``{"scores_before", "record"}`` → ``{"scores", "changes"}`` (:func:`score_deal`),
- ``{"players", "records"}`` → ``{"scores", "finished", "winners", "deals"}`` (:func:`play_partie`),
- ``{"players", "parties", "cycles"?, "stopped"?}`` → the round (:func:`play_round`),
- ``{"standings": [Parties]}`` → ``{"rows"}`` (:func:`evening_standings`),

each with an optional ``"options"`` object that replaces the command line's options for it. A
JSON list of items gives a list of answers in the same order. A refusal is
``{"error": {"field", "message"}}`` and never stops the other items. Input is bounded: the text's
size (checked by the command before reading), the items in a list, the records of a Partie and
the Parties of a round or of the standings; nesting beyond Python's JSON depth is refused.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rules.countdown.deal import score_deal
from rules.countdown.errors import Refusal, shown
from rules.countdown.partie import play_partie
from rules.countdown.round import play_round
from rules.countdown.standings import evening_standings

MAX_BYTES = 4 * 1024 * 1024
MAX_ITEMS = 2000
MAX_RECORDS = 2000
MAX_PARTIES = 2000

_SHAPES: dict[str, frozenset[str]] = {
    "deal": frozenset({"scores_before", "record", "options"}),
    "partie": frozenset({"players", "records", "options"}),
    "round": frozenset({"players", "parties", "cycles", "stopped", "options"}),
    "standings": frozenset({"standings"}),
}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _shape(item: Mapping[str, Any]) -> str:
    if "record" in item or "scores_before" in item:
        return "deal"
    if "records" in item:
        return "partie"
    if "parties" in item:
        return "round"
    if "standings" in item:
        return "standings"
    raise Refusal(None, "item")


def _bounded(value: object, field: str, most: int) -> None:
    if isinstance(value, list) and len(value) > most:
        raise Refusal(field, "too_big", most=most)


def score_item(game: str, options: object, item: object) -> dict[str, Any]:
    """The answer to one item (raises :class:`Refusal`)."""
    if not isinstance(item, Mapping):
        raise Refusal(None, "item")
    shape = _shape(item)
    for key in sorted(map(str, item)):
        if key not in _SHAPES[shape]:
            raise Refusal(
                key,
                "unknown_key",
                key=shown(key),
                game=game,
                known=", ".join(sorted(_SHAPES[shape])),
            )
    options = item.get("options", options)
    if shape == "deal":
        return score_deal(game, options, item.get("scores_before"), item.get("record")).to_json()
    if shape == "partie":
        _bounded(item.get("records"), "records", MAX_RECORDS)
        return play_partie(game, options, item.get("players"), item.get("records")).to_json()
    if shape == "round":
        parties = item.get("parties")
        _bounded(parties, "parties", MAX_PARTIES)
        if isinstance(parties, list):
            for k, records in enumerate(parties):
                _bounded(records, f"parties[{k}]", MAX_RECORDS)
        return play_round(
            game,
            options,
            item.get("players"),
            parties,
            item.get("cycles", 6),
            item.get("stopped", False),
        ).to_json()
    _bounded(item.get("standings"), "standings", MAX_PARTIES)
    try:
        return evening_standings(item.get("standings")).to_json()
    except Refusal as refusal:
        # evening_standings names its argument "parties"; here it is the item's "standings".
        path = "standings" + (refusal.field or "parties").removeprefix("parties")
        raise Refusal(path, refusal.code, **refusal.params) from None


def _answer(game: str, options: object, item: object, lang: str) -> tuple[dict[str, Any], bool]:
    try:
        return score_item(game, options, item), False
    except Refusal as refusal:
        return {"error": refusal.to_json(lang)}, True


def score_document(game: str, options: object, text: str, lang: str = "de") -> tuple[object, bool]:
    """The command's output for ``text`` and whether any item was refused."""
    if len(text) > MAX_BYTES:
        refusal = Refusal(None, "too_long", most=MAX_BYTES)
        return {"error": refusal.to_json(lang)}, True
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        reason = "zu tief verschachtelt" if isinstance(error, RecursionError) else str(error)
        english = (lang or "de").startswith("en")
        prefix = "Not valid JSON" if english else "Kein gültiges JSON"
        return {"error": {"field": None, "message": f"{prefix}: {reason}"}}, True
    if type(document) is list:
        if len(document) > MAX_ITEMS:
            refusal = Refusal(None, "too_big", most=MAX_ITEMS)
            return {"error": refusal.to_json(lang)}, True
        answers = [_answer(game, options, item, lang) for item in document]
        return [answer for answer, _ in answers], any(bad for _, bad in answers)
    return _answer(game, options, document, lang)


def dumps(output: object) -> str:
    """One answer per line for lists, like ``score_game``."""
    if isinstance(output, list):
        if not output:
            return "[]"
        return (
            "[\n"
            + ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in output)
            + "\n]"
        )
    return json.dumps(output, ensure_ascii=False)

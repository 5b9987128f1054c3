"""The keys a game record may carry, and the refusal of unknown ones (SCORING.md §5, §8).

*Top level*: a record may carry the sheet's own bookkeeping ("game", "dealer", "id", "note", …),
so unknown top-level keys are ignored — unless a key looks like a misspelling of a known one
("augen", "statement", "sitting-out", "Winners"), which is refused with a suggestion, because
silently dropping "statement" would score a game without its calls. *Nested objects*
(statements, specials, revoke) have no room for bookkeeping: any unknown key there is refused.
"""

from __future__ import annotations

import difflib
import re as regex
from collections.abc import Mapping
from typing import Any

from rules.hausregeln.errors import RecordError

#: Every top-level key of SCORING.md §8 and CLUBRULES.md §3.
KNOWN_FIELDS: frozenset[str] = frozenset(
    {
        "table_size",
        "sitting_out",
        "kind",
        "re",
        "augen_re",
        "schwarz",
        "statements",
        "specials",
        "revoke",
        "winners",
        "value",
        "points",
        "armut",
        "schmeissen",
        "klaerungsstich",
        "bock",
        "bock_ausloeser",
    }
)
STATEMENT_FIELDS: frozenset[str] = frozenset({"party", "call", "before_lead"})
SPECIAL_FIELDS: frozenset[str] = frozenset({"party", "kind"})
REVOKE_FIELDS: frozenset[str] = frozenset({"offender"})


def _normalise_key(key: str) -> str:
    return regex.sub(r"[^a-z0-9]", "", key.lower())


_NORMALISED_KNOWN = {_normalise_key(k): k for k in KNOWN_FIELDS}


def suggest_field(key: str) -> str | None:
    """The known field ``key`` is probably a misspelling of, or None if it looks unrelated."""
    norm = _normalise_key(key)
    if not norm:
        return None
    if norm in _NORMALISED_KNOWN:
        return _NORMALISED_KNOWN[norm]
    close = difflib.get_close_matches(norm, list(_NORMALISED_KNOWN), n=1, cutoff=0.75)
    return _NORMALISED_KNOWN[close[0]] if close else None


def check_unknown_top_level(raw: Mapping[Any, Any]) -> None:
    for key in raw:
        if key in KNOWN_FIELDS or type(key) is not str:
            continue
        suggestion = suggest_field(key)
        if suggestion is not None:
            raise RecordError(key, "unknown_field_typo", suggestion=suggestion)


def check_nested_keys(item: Mapping[Any, Any], allowed: frozenset[str], path: str) -> None:
    if item.keys() <= allowed:
        return
    for key in item:
        if key not in allowed:
            raise RecordError(f"{path}.{key}", "unknown_field")

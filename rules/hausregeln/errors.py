"""The one exception a bad game record raises, and the machine-friendly view of a value in it.

A refusal carries the field path (so a form can mark the input), a stable code (so callers and
tests do not parse prose) and the params of the message; the prose itself is rendered on demand
in the reader's language. ``str(error)`` is the German message, the club's language.
"""

from __future__ import annotations

import json
from typing import Any

from rules.base import RowRefused
from rules.hausregeln.i18n import translate


class RecordError(RowRefused):
    """A game record that SCORING.md §5 refuses.

    ``field`` is a path into the record such as ``augen_re``, ``re[1]``, ``statements[2].call``,
    ``points.3``; ``None`` when the record as a whole is wrong (not an object, not JSON).
    """

    def __init__(self, field: str | None, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(field, code)

    def message(self, lang: str | None = "de") -> str:
        """The message in ``lang`` (German by default)."""
        return translate(f"error.{self.code}", lang, field=self.field, **self.params)

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        """The §8 error object: ``{"field": ..., "message": ...}``."""
        return {"field": self.field, "message": self.message(lang)}

    def __str__(self) -> str:
        return self.message("de")

    def __repr__(self) -> str:
        return f"RecordError(field={self.field!r}, code={self.code!r}, params={self.params!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Exceptions pickle their args; keep field/code/params intact across processes.
        return (_rebuild, (self.field, self.code, self.params))


def _rebuild(field: str | None, code: str, params: dict[str, Any]) -> RecordError:
    return RecordError(field, code, **params)


_HUGE = 10**12


def number(value: int) -> int | str:
    """An int for a message param, or its rough size if it is too long to print sensibly
    (Python refuses to turn ints of more than 4300 digits into text)."""
    if -_HUGE < value < _HUGE:
        return value
    sign = "-" if value < 0 else ""
    return f"{sign}≈10^{int(abs(value).bit_length() * 0.30103)}"


def shown(value: Any, limit: int = 40) -> str:
    """A short JSON rendering of a refused value for a message (``true``, ``"130"``, ``4.0``)."""
    if type(value) is int:
        return str(number(value))
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text

"""The one exception a refused DDV record or sheet raises, and how a refused value is shown.

``field`` is a path into the record (``augen_re``, ``statements[2].call``, ``penalty.offender``)
or, for a sheet, into the sheet (``rows[3].dealer``); ``code`` is a key of
:mod:`rules.ddv.messages`; the message is rendered on demand in the reader's language.
"""

from __future__ import annotations

import json
from typing import Any

from rules.base import RowRefused
from rules.ddv.messages import translate


class DdvRefused(RowRefused):
    """A record or sheet that DDV.md §8 / §9.8 refuses."""

    def __init__(self, field: str | None, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(field, code)

    def message(self, lang: str | None = "de") -> str:
        return translate(self.code, lang, field=self.field, **self.params)

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        return {"field": self.field, "message": self.message(lang)}

    def within(self, prefix: str) -> DdvRefused:
        """The same refusal with its field under ``prefix`` (``rows[3]`` + ``dealer``)."""
        field = prefix if not self.field else f"{prefix}.{self.field}"
        return DdvRefused(field, self.code, **self.params)

    def __str__(self) -> str:
        return self.message("de")

    def __repr__(self) -> str:
        return f"DdvRefused(field={self.field!r}, code={self.code!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.field, self.code, self.params))


def _rebuild(field: str | None, code: str, params: dict[str, Any]) -> DdvRefused:
    return DdvRefused(field, code, **params)


def shown(value: Any, limit: int = 40) -> str:
    """A short JSON rendering of a refused value (``true``, ``"130"``, ``4.0``)."""
    if type(value) is int and abs(value) > 10**12:
        return "≈10^" + str(int(abs(value).bit_length() * 0.30103))
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"

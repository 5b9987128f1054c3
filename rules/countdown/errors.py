"""The one exception every count-down refusal raises (COUNTDOWN.md §6).

A :class:`Refusal` names the field path (``tricks.3``, ``out[0]``, ``records[4].dealer``,
``parties[1].records[8]``), a stable code and its params; the message is rendered on demand.
:meth:`Refusal.within` prefixes the path when a record is checked inside a Partie or a round.
"""

from __future__ import annotations

from typing import Any

from rules.base import RowRefused
from rules.countdown.messages import render


class Refusal(RowRefused):
    """Something §6 refuses; ``field`` is the path of what is wrong."""

    def __init__(self, field: str | None, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(field, code)

    def message(self, lang: str | None = "de") -> str:
        return render(self.code, lang, self.params)

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        return {"field": self.field, "message": self.message(lang)}

    def within(self, prefix: str) -> Refusal:
        """The same refusal with ``prefix`` before its path (``records[2]`` + ``out[0]``)."""
        if not self.field:
            field = prefix
        elif self.field.startswith("["):
            field = prefix + self.field
        else:
            field = f"{prefix}.{self.field}"
        return Refusal(field, self.code, **self.params)

    def __str__(self) -> str:
        return self.message("de")

    def __repr__(self) -> str:
        return f"Refusal(field={self.field!r}, code={self.code!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.field, self.code, self.params))


def _rebuild(field: str | None, code: str, params: dict[str, Any]) -> Refusal:
    return Refusal(field, code, **params)


def shown(value: object) -> str:
    """A value for a message, short even when the input is huge."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"

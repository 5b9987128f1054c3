"""A refusal with a code: what a ruleset raises when a record or sheet is refused.

``field`` is the path of what is wrong in the record or sheet (``augen_re``, ``tricks.3``,
``rows[3].dealer``; ``None``: the whole), ``code`` a stable key of the ruleset's messages and
``params`` what the message fills in. The message is rendered on demand in the reader's language
by the ruleset's subclass (:meth:`CodedRefusal.message`), so a refusal pickles and travels as
data.
"""

from __future__ import annotations

from typing import Any, Self

from rules.base import RowRefused


class CodedRefusal(RowRefused):
    """A refused record or sheet, named by field path and message code."""

    def __init__(self, field: str | None, code: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(field, code)

    def message(self, lang: str | None = "de") -> str:  # pragma: no cover - every ruleset's own
        raise NotImplementedError

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        return {"field": self.field, "message": self.message(lang)}

    def joined(self, prefix: str) -> str:
        """The field path under ``prefix`` (``rows[3]`` + ``dealer`` = ``rows[3].dealer``)."""
        return prefix if not self.field else f"{prefix}.{self.field}"

    def within(self, prefix: str) -> Self:
        """The same refusal with its field under ``prefix``."""
        return type(self)(self.joined(prefix), self.code, **self.params)

    def __str__(self) -> str:
        return self.message("de")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(field={self.field!r}, code={self.code!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.field, self.code, self.params))


def _rebuild(
    kind: type[CodedRefusal], field: str | None, code: str, params: dict[str, Any]
) -> CodedRefusal:
    return kind(field, code, **params)

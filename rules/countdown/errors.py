"""The one exception every count-down refusal raises (COUNTDOWN.md §6).

A :class:`Refusal` names the field path (``tricks.3``, ``out[0]``, ``records[4].dealer``,
``parties[1].records[8]``), a stable code and its params; the message is rendered on demand.
:meth:`Refusal.within` prefixes the path when a record is checked inside a Partie or a round.
"""

from __future__ import annotations

from rules.countdown.messages import render
from rules.refusals import CodedRefusal


class Refusal(CodedRefusal):
    """Something §6 refuses; ``field`` is the path of what is wrong."""

    def message(self, lang: str | None = "de") -> str:
        return render(self.code, lang, self.params)

    def joined(self, prefix: str) -> str:
        """``records[2]`` + ``out[0]`` = ``records[2].out[0]``; + ``[1]`` = ``records[2][1]``."""
        if self.field and self.field.startswith("["):
            return prefix + self.field
        return super().joined(prefix)


def shown(value: object) -> str:
    """A value for a message, short even when the input is huge."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"

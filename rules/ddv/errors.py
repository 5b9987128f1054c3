"""The one exception a refused DDV record or sheet raises, and how a refused value is shown.

``field`` is a path into the record (``augen_re``, ``statements[2].call``, ``penalty.offender``)
or, for a sheet, into the sheet (``rows[3].dealer``); ``code`` is a key of
:mod:`rules.ddv.messages`; the message is rendered on demand in the reader's language.
"""

from __future__ import annotations

import json
from typing import Any

from rules.ddv.messages import translate
from rules.refusals import CodedRefusal


class DdvRefused(CodedRefusal):
    """A record or sheet that DDV.md §8 / §9.8 refuses."""

    def message(self, lang: str | None = "de") -> str:
        return translate(self.code, lang, field=self.field, **self.params)


def shown(value: Any, limit: int = 40) -> str:
    """A short JSON rendering of a refused value (``true``, ``"130"``, ``4.0``)."""
    if type(value) is int and abs(value) > 10**12:
        return "≈10^" + str(int(abs(value).bit_length() * 0.30103))
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"

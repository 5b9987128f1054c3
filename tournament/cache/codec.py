"""What the cache stores: JSON text, never a pickle.

JSON can only describe numbers, strings, booleans, null, lists and objects: reading a value back
cannot run code, whoever wrote it. Tuples come back as lists and every other type is refused
when written (a programming error, caught by the tests). Integers are written as their digits,
which is also what Redis' ``INCRBY`` counts on.
"""

from __future__ import annotations

import json
from typing import Any


class NotData(ValueError):
    """A stored value that is not our JSON (a planted pickle, a truncated write): a miss."""


def dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


def loads(data: bytes | str) -> Any:
    try:
        return json.loads(data)
    except (ValueError, TypeError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
        raise NotData(str(error)[:200]) from None

"""The digital draw of round 1 and the seeded randomness every drawing uses."""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable
from itertools import pairwise

from tournament.seating.core.errors import SeatingError
from tournament.seating.core.layout import Seating, fill_tables
from tournament.seating.core.sizes import DOPPELKOPF, table_sizes

SEED_MAX = 999_999_999  # 9 digits: fits a signed 64-bit column, short enough to read out
SEED_LIMIT = 10**18  # the largest seed an organiser may type (still fits the 64-bit column)


def new_seed() -> int:
    """A fresh random seed in 1..999_999_999."""
    return secrets.randbelow(SEED_MAX) + 1


def derived_rng(seed: int, purpose: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    """Fisher-Yates over ``rng.random()`` only (stable across Python versions)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        result[i], result[j] = result[j], result[i]
    return result


def sorted_unique(participant_ids: Iterable[int]) -> list[int]:
    ids = sorted(participant_ids)
    for a, b in pairwise(ids):
        if a == b:
            raise SeatingError("duplicate_participant", participant_id=a)
    return ids


def draw_seating(
    participant_ids: Iterable[int], seed: int, allowed: Iterable[int] = DOPPELKOPF
) -> Seating:
    """Digital draw: sort the ids, shuffle with ``random.Random(seed)``, fill tables of the
    ``allowed`` sizes (``sizes.table_sizes``)."""
    ids = sorted_unique(participant_ids)
    sizes = table_sizes(len(ids), allowed)
    return fill_tables(shuffled(ids, random.Random(seed)), sizes)

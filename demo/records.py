"""Valid game records for demo and benchmark tournaments, from a seeded random generator.

``sheet_records(size, games, rng)`` gives one table's sheet the way a real evening fills it:
mostly quick entries (``{"kind": "normal", "winners": [1, 4], "value": 3}``), some solos entered
quickly with their soloist (``"re": [seat]``), and some calculator records (Re party, Augen,
statements, a few Sonderpunkte). At a five-player table every record names the dealer of its
game as the seat sitting out, and nobody who sits out wins or plays.

``form_data(records)`` turns such records into the fields of the sheet entry page
(``g<n>-winners``, ``g<n>-value``, ``g<n>-kind``, ``g<n>-record``), so that benchmarks and tests
can save a sheet the way a browser does.

Nothing here decides what a record is worth: the rules engine scores what is generated, and
``generate_demo`` stores it through the same services as the entry pages.
"""

from __future__ import annotations

import json
import random
from typing import Any

SOLO_KINDS = ("solo_damen", "solo_buben", "solo_trumpf", "stilles_solo")
ANNOUNCED_SOLOS = frozenset({"solo_damen", "solo_buben", "solo_trumpf"})

# Shares of a sheet's games by way of entry, as they come in on paper lists.
QUICK_NORMAL, QUICK_SOLO = 0.75, 0.10  # the remaining 15 % come from the calculator


def sitting_out(game: int, size: int) -> int | None:
    """The dealer of game ``game`` (1-based) sits out at a five-player table."""
    return (game - 1) % 5 + 1 if size == 5 else None


def active_seats(game: int, size: int) -> list[int]:
    out = sitting_out(game, size)
    return [seat for seat in range(1, size + 1) if seat != out]


def _base(game: int, size: int) -> dict[str, Any]:
    out = sitting_out(game, size)
    return {} if out is None else {"sitting_out": out}


def quick_normal(game: int, size: int, rng: random.Random) -> dict[str, Any]:
    seats = rng.sample(active_seats(game, size), 2)
    kind = "hochzeit" if rng.random() < 0.05 else "normal"
    value = rng.choices([1, 2, 3, 4, 5, 6, 7], [20, 25, 20, 15, 10, 6, 4])[0]
    return {**_base(game, size), "kind": kind, "winners": sorted(seats), "value": value}


def quick_solo(game: int, size: int, rng: random.Random) -> dict[str, Any]:
    active = active_seats(game, size)
    soloist = rng.choice(active)
    won = rng.random() < 0.55
    winners = [soloist] if won else [seat for seat in active if seat != soloist]
    return {
        **_base(game, size),
        "kind": rng.choice(SOLO_KINDS),
        "re": [soloist],
        "winners": winners,
        "value": rng.randint(1, 6),
    }


def calculator(game: int, size: int, rng: random.Random) -> dict[str, Any]:
    active = active_seats(game, size)
    solo = rng.random() < 0.15
    kind = rng.choice(SOLO_KINDS) if solo else rng.choice(("normal",) * 9 + ("hochzeit",))
    re_party = rng.sample(active, 1 if solo else 2)
    augen = rng.randint(50, 190)
    record: dict[str, Any] = {**_base(game, size), "kind": kind, "re": re_party, "augen_re": augen}
    statements = []
    if kind in ANNOUNCED_SOLOS:
        if rng.random() < 0.5:
            statements.append({"party": "re", "call": "re", "before_lead": True})
    else:
        if rng.random() < 0.6:
            statements.append({"party": "re", "call": "re"})
        if rng.random() < 0.25:
            statements.append({"party": "kontra", "call": "kontra"})
    if statements:
        record["statements"] = statements
    if kind not in ANNOUNCED_SOLOS:
        specials = []
        if rng.random() < 0.25:
            specials.append({"party": rng.choice(("re", "kontra")), "kind": "fuchs_gefangen"})
        if rng.random() < 0.2:
            # A Doppelkopf is a trick of at least 40 Augen; both parties hold more than that.
            specials.append({"party": "re" if augen >= 120 else "kontra", "kind": "doppelkopf"})
        if specials:
            record["specials"] = specials
    return record


def game_record(game: int, size: int, rng: random.Random) -> dict[str, Any]:
    roll = rng.random()
    if roll < QUICK_NORMAL:
        return quick_normal(game, size, rng)
    if roll < QUICK_NORMAL + QUICK_SOLO:
        return quick_solo(game, size, rng)
    return calculator(game, size, rng)


def sheet_records(
    size: int, games: int, rng: random.Random, *, quick_only: bool = False
) -> list[dict[str, Any]]:
    """``games`` valid records for a table of ``size`` (4 or 5) players, game 1 first."""
    if size not in (4, 5):
        raise ValueError(f"table size must be 4 or 5, not {size!r}")
    make = quick_normal if quick_only else game_record
    return [make(game, size, rng) for game in range(1, games + 1)]


def form_data(records: list[dict[str, Any]]) -> dict[str, str]:
    """The entry page's fields for ``records`` (as a browser posts them), without ``revision``
    and the button name."""
    data: dict[str, str] = {}
    for number, record in enumerate(records, start=1):
        prefix = f"g{number}-"
        data[prefix + "kind"] = record.get("kind", "normal")
        if "winners" in record:
            data[prefix + "winners"] = "".join(str(seat) for seat in record["winners"])
            data[prefix + "value"] = str(record["value"])
            if "re" in record:
                data[prefix + "soloist"] = str(record["re"][0])
        else:
            clean = {k: v for k, v in record.items() if k not in ("table_size", "sitting_out")}
            data[prefix + "record"] = json.dumps(clean)
    return data

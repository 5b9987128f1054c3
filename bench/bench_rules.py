"""Benchmark of the scoring rules engine: 100,000 valid mixed records, fixed seed.

Run from the repository root::

    .venv/bin/python bench/bench_rules.py [--records N] [--seed S] [--repeat R]

The mix is mostly calculator records (every kind, statements, Sonderpunkte that one deal can
produce), plus quick entries, direct points and revokes, at four- and five-player tables. It
prints the rate of parsing only (validation into typed records) and of full scoring, and their
ratio, so a slowdown can be placed in the parser or in the engine. The best of ``--repeat`` runs
is reported to damp noise from other processes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.hausregeln import (  # noqa: E402  (the repo root must be on sys.path first)
    DEFAULT_OPTIONS,
    Kind,
    RecordError,
    parse_record,
    score_game,
)
from rules.hausregeln.vocabulary import ANNOUNCED_SOLOS, ONE_RE_KINDS, RE_PARTY_SIZE  # noqa: E402

KINDS = list(Kind)
KIND_WEIGHTS = [60, 8, 4, 3, 9, 10, 6]  # normal games dominate a real evening
ABSAGEN = ["keine_90", "keine_60", "keine_30", "schwarz"]


def _table(rng: random.Random) -> tuple[dict[str, Any], list[int]]:
    if rng.random() < 0.5:
        out = rng.randint(1, 5)
        return {"table_size": 5, "sitting_out": out}, [s for s in range(1, 6) if s != out]
    return {"table_size": 4}, [1, 2, 3, 4]


def _augen(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.02:
        return 0
    if roll < 0.04:
        return 240
    if roll < 0.08:
        return 120
    return rng.randint(8, 232)


def _statements(rng: random.Random, kind: Kind) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    said = {}
    for party in ("re", "kontra"):
        if kind in ANNOUNCED_SOLOS:
            said[party] = rng.random() < 0.5
            if said[party]:
                items.append({"party": party, "call": party, "before_lead": True})
        else:
            before = rng.random() < 0.15
            after = rng.random() < (0.8 if party == "re" else 0.35)
            if before:
                items.append({"party": party, "call": party, "before_lead": True})
            if after:
                items.append({"party": party, "call": party})
            said[party] = before or after
    if said["re"] and said["kontra"]:
        if rng.random() < 0.2:
            items.append({"party": "re", "call": "sub"})
        if rng.random() < 0.15:
            items.append({"party": "kontra", "call": "in"})
    for party in ("re", "kontra"):
        if said[party] and rng.random() < 0.2:
            for level in range(rng.randint(1, 4)):
                items.append({"party": party, "call": ABSAGEN[level]})
    rng.shuffle(items)
    return items


def _specials(rng: random.Random, kind: Kind, augen_re: int) -> list[dict[str, str]]:
    if kind in ANNOUNCED_SOLOS:
        return []
    augen = {"re": augen_re, "kontra": 240 - augen_re}
    eligible = [p for p in ("re", "kontra") if augen[p] > 0]
    result: list[dict[str, str]] = []
    fuchs_am_end = caught_foxes = 0
    if rng.random() < 0.4:
        last = rng.choice(eligible)
        card = rng.choice([None, None, "fuchs_am_end", "charlie_am_end"])
        if card:
            result.append({"party": last, "kind": card})
        fuchs_am_end = int(card == "fuchs_am_end")
        limit = (3 if last == "re" else 1) if kind in ONE_RE_KINDS else 2
        caught_foxes = rng.randint(0, min(1 - fuchs_am_end + 1, limit, 1))
        charlies_max = {None: 2, "fuchs_am_end": 0, "charlie_am_end": 1}[card]
        charlies = rng.randint(0, min(charlies_max, limit - caught_foxes, 1))
        result += [{"party": last, "kind": "fuchs_am_end_gefangen"}] * caught_foxes
        result += [{"party": last, "kind": "charlie_am_end_gefangen"}] * charlies
    for _ in range(2 - fuchs_am_end - caught_foxes):
        if rng.random() < 0.3:
            result.append({"party": rng.choice(eligible), "kind": "fuchs_gefangen"})
    if rng.random() < 0.05:
        result.append({"party": rng.choice(eligible), "kind": "herzstich"})
    doppelkopf = 0
    for party in eligible:
        n = min(augen[party] // 40, 4 - doppelkopf, rng.choice([0, 0, 0, 1, 1, 2]))
        result += [{"party": party, "kind": "doppelkopf"}] * n
        doppelkopf += n
    rng.shuffle(result)
    return result


def calculator(rng: random.Random) -> dict[str, Any]:
    record, active = _table(rng)
    kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
    seats = rng.sample(active, 4)
    augen = _augen(rng)
    record.update(kind=kind.value, re=seats[: RE_PARTY_SIZE[kind]], augen_re=augen)
    calls = _statements(rng, kind)
    if calls:
        record["statements"] = calls
    extras = _specials(rng, kind, augen)
    if extras:
        record["specials"] = extras
    return record


def quick_entry(rng: random.Random) -> dict[str, Any]:
    record, active = _table(rng)
    kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
    seats = rng.sample(active, 4)
    record.update(kind=kind.value, value=rng.randint(0, 12))
    if kind in ONE_RE_KINDS:
        record["re"] = [seats[0]]
        record["winners"] = [seats[0]] if rng.random() < 0.5 else sorted(seats[1:])
    else:
        record["winners"] = sorted(seats[:2])
    return record


def direct_points(rng: random.Random) -> dict[str, Any]:
    record, active = _table(rng)
    seats = rng.sample(active, 4)
    value = rng.randint(0, 10)
    pattern = rng.choice(["pair", "solo_won", "solo_lost"])
    points = dict.fromkeys(range(1, record["table_size"] + 1), 0)
    if pattern == "pair":
        points.update({seats[0]: value, seats[1]: value, seats[2]: -value, seats[3]: -value})
    else:
        sign = 1 if pattern == "solo_won" else -1
        points.update({s: -sign * value for s in seats[1:]})
        points[seats[0]] = 3 * sign * value
    record["points"] = {str(s): p for s, p in points.items()}
    return record


def revoke(rng: random.Random) -> dict[str, Any]:
    record, active = _table(rng)
    kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
    seats = rng.sample(active, 4)
    record.update(
        kind=kind.value, re=seats[: RE_PARTY_SIZE[kind]], revoke={"offender": rng.choice(active)}
    )
    return record


def generate(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    makers = [calculator, quick_entry, direct_points, revoke]
    weights = [75, 12, 8, 5]
    return [rng.choices(makers, weights)[0](rng) for _ in range(count)]


def best_time(function: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=20250403)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    records = generate(args.records, args.seed)
    generated = time.perf_counter() - start
    options = DEFAULT_OPTIONS

    refused = 0
    for record in records:  # warm-up, and proof that every generated record is valid
        try:
            score_game(record, options)
        except RecordError as error:
            refused += 1
            if refused <= 3:
                print(f"refused: {error.field}: {error} in {record}", file=sys.stderr)

    def parse_all() -> None:
        for record in records:
            parse_record(record, options)

    def score_all() -> None:
        for record in records:
            score_game(record, options)

    parse_seconds = best_time(parse_all, args.repeat)
    score_seconds = best_time(score_all, args.repeat)
    n = len(records)
    print(f"records:            {n:,} (generated in {generated:.2f} s, seed {args.seed})")
    print(f"refused:            {refused}")
    print(f"parse only:         {n / parse_seconds:>10,.0f} records/s  ({parse_seconds:.3f} s)")
    print(f"parse + score:      {n / score_seconds:>10,.0f} records/s  ({score_seconds:.3f} s)")
    print(f"parse share:        {parse_seconds / score_seconds:.0%} of full scoring time")
    print(f"total time (best of {args.repeat}): {score_seconds:.3f} s")
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())

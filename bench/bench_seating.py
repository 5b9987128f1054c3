"""Benchmark of the seating rules: a 200-player evening of 6 rounds, each rule, fixed seed.

Run from the repository root::

    .venv/bin/python bench/bench_seating.py [--players N] [--rounds R] [--seed S]

Round 1 is drawn; every later round is seated by the rule along made-up standings (a seeded
shuffle), after the rounds before it. It prints the time of each round (the rule's tables and
the seats' rotation), the pairs meeting again and how many of them were unavoidable, and fails
(exit status 1) if a round takes a second or more.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tournament.seating.core import (  # noqa: E402  (the repository root must be on sys.path first)
    History,
    RankedPlayer,
    SeatingRule,
    draw_seating,
    seat_by_rule,
)

LIMIT_SECONDS = 1.0


def evening(players: int, rounds: int, rule: SeatingRule, seed: int) -> list[float]:
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    seatings = [draw_seating(ids, seed)]
    times = []
    for number in range(2, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        ranking = [RankedPlayer(pid, (-place,)) for place, pid in enumerate(order)]
        start = time.perf_counter()
        result = seat_by_rule(rule, ranking, History.of(seatings), seed + number)
        seconds = time.perf_counter() - start
        times.append(seconds)
        report = result.report
        print(
            f"{rule.value:16} round {number}: {seconds * 1000:7.1f} ms, "
            f"{report.pairs:3d} pairs meet again ({report.unavoidable} unavoidable, "
            f"{report.third} for the third time)"
        )
        seatings.append(result.seating)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=4711)
    args = parser.parse_args()
    slowest = 0.0
    for rule in SeatingRule:
        slowest = max(slowest, *evening(args.players, args.rounds, rule, args.seed))
    verdict = "[PASS]" if slowest < LIMIT_SECONDS else "[FAIL]"
    print(
        f"slowest round: {slowest * 1000:.1f} ms (limit {LIMIT_SECONDS * 1000:.0f} ms): {verdict}"
    )
    return 0 if slowest < LIMIT_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark of checking in one participant at the desk (the list's button).

Run from the repository root::

    .venv/bin/python bench/bench_checkin.py [--iterations 100] [--sizes 20,400]

For each tournament size it switches the arrival of one participant back and forth, as the
list's JavaScript does (``Accept: application/json``: the new cells of the row) and as the form
does without JavaScript (redirect back to the row). Server time through Django's test client in
this process (median, p95) and the queries of one check-in.

Budget: p95 under 0.3 s and at most 14 queries per check-in, the same count for every size.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

MAX_SECONDS = 0.3
MAX_QUERIES = 14


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--sizes", default="20,400", help="players per tournament, comma separated")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]

    common.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    common.header("check-in (one participant)")
    client = Client()
    client.force_login(common.bench_user())
    counts: dict[str, list[int]] = {"json": [], "redirect": []}
    failures = 0
    for players in sizes:
        tournament = common.ensure_demo(players, 2)
        participant = tournament.participants.order_by("pk").first()
        url = reverse("tournament:participant_checkin", args=[tournament.slug, participant.pk])
        back = reverse("tournament:participants", args=[tournament.slug])
        print(f"-- {players} players ({tournament.slug})")
        state = {"here": participant.checked_in}
        for name, headers, status in (
            ("json", {"HTTP_ACCEPT": "application/json"}, 200),
            ("redirect", {}, 302),
        ):

            def switch(headers=headers, status=status, state=state, url=url, back=back):
                state["here"] = not state["here"]
                data = {"checked_in": "1" if state["here"] else "0", "next": back}
                start = time.perf_counter()
                response = client.post(url, data, **headers)
                elapsed = time.perf_counter() - start
                assert response.status_code == status, response.status_code
                return elapsed

            switch()
            with CaptureQueriesContext(connection) as queries:
                switch()
            count = len(queries.captured_queries)
            stats = common.summary([switch() for _ in range(args.iterations)])
            ok = stats["p95"] < MAX_SECONDS and count <= MAX_QUERIES
            failures += not ok
            counts[name].append(count)
            print(
                f"{name:8s} median {common.ms(stats['median'])}, p95 {common.ms(stats['p95'])} "
                f"[{common.verdict(stats['p95'] < MAX_SECONDS)} < {MAX_SECONDS * 1000:.0f} ms], "
                f"{count} queries [{common.verdict(count <= MAX_QUERIES)} <= {MAX_QUERIES}]",
                flush=True,
            )
    for name, values in counts.items():
        same = len(set(values)) == 1
        failures += not same
        sizes_text = " / ".join(f"{n}p: {v}" for n, v in zip(sizes, values, strict=True))
        print(
            f"{name:8s} queries by size {sizes_text} "
            f"[{common.verdict(same)} independent of tournament size]"
        )
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

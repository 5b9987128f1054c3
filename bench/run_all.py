"""Run every benchmark in sequence and sum up: ``make bench`` calls this.

Run from the repository root::

    .venv/bin/python bench/run_all.py [--quick] [--only NAME ...]

``--quick`` runs the load benchmarks short: the capacity ladder with 10 s steps at k = 1, 2, 4
(about 2 minutes for PostgreSQL and SQLite) and the two-server check with 15 s of load; without
it they take about 10 and 1 minutes. Each benchmark runs as its own process with the same
environment, so ``DATABASE_URL`` or ``BENCH_DATABASE_URL`` choose the database of the
in-process benchmarks (default: an SQLite file under /tmp); the load benchmarks use PostgreSQL
``doko_i16load`` (``CAPACITY_DATABASE_URL``, ``CLUSTER_DATABASE_URL``) and Redis
(``CLUSTER_REDIS_URL``). At the end every figure with a budget is repeated with its PASS or
FAIL (the lines of the benchmarks' output that carry one). The exit code is 1 when a benchmark
missed a budget or failed.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
VERDICT = re.compile(r"\[(PASS|FAIL)\b")
ROOT = BENCH.parent

BENCHMARKS = [
    ("rules", "bench_rules.py", []),
    ("seating", "bench_seating.py", []),
    ("standings", "bench_standings.py", []),
    ("seasons", "bench_seasons.py", []),
    ("sheet_save", "bench_sheet_save.py", []),
    ("checkin", "bench_checkin.py", []),
    ("pdfs", "bench_pdfs.py", []),
    ("ddv", "bench_ddv.py", []),
    ("excel", "bench_excel.py", []),
    ("import", "bench_import.py", []),
    ("capacity", "bench_capacity.py", []),
    ("cluster", "bench_cluster.py", []),
]
QUICK_ARGS = {"capacity": ["--quick"], "cluster": ["--quick"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short load benchmarks")
    parser.add_argument(
        "--only", nargs="+", choices=[name for name, _s, _a in BENCHMARKS], metavar="NAME"
    )
    args = parser.parse_args(argv)

    results = []
    verdicts: list[tuple[str, str]] = []
    for name, script, extra in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        if args.quick:
            extra = [*extra, *QUICK_ARGS.get(name, [])]
        print(f"\n######## {script} {' '.join(extra)}".rstrip(), flush=True)
        start = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-u", str(BENCH / script), *extra],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            if VERDICT.search(line):
                verdicts.append((name, line.strip()))
        code = process.wait()
        seconds = time.perf_counter() - start
        results.append((name, "ok" if code == 0 else f"FAILED (exit {code})", seconds))

    print("\n######## every figure with a budget")
    for name, line in verdicts:
        print(f"{name:12s} {line}")
    print("\n######## summary")
    for name, outcome, seconds in results:
        print(f"{name:12s} {outcome:22s} {seconds:6.1f} s")
    failed = [name for name, outcome, _s in results if outcome.startswith("FAILED")]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

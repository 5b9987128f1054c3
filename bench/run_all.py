"""Run every benchmark in sequence and sum up: ``make bench`` calls this.

Run from the repository root::

    .venv/bin/python bench/run_all.py [--quick] [--only NAME ...]

``--quick`` leaves out the load test (gunicorn and PostgreSQL, about a minute and a half).
Each benchmark runs as its own process with the same environment, so ``DATABASE_URL`` or
``BENCH_DATABASE_URL`` choose the database of the in-process benchmarks (default: an SQLite
file under /tmp) and ``LOAD_DATABASE_URL`` the load test's PostgreSQL database. The exit code
is 1 when a benchmark missed a budget or failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

BENCHMARKS = [
    ("rules", "bench_rules.py", []),
    ("standings", "bench_standings.py", []),
    ("seasons", "bench_seasons.py", []),
    ("sheet_save", "bench_sheet_save.py", []),
    ("checkin", "bench_checkin.py", []),
    ("pdfs", "bench_pdfs.py", []),
    ("excel", "bench_excel.py", []),
    ("import", "bench_import.py", []),
    ("load", "bench_load.py", []),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the load test")
    parser.add_argument(
        "--only", nargs="+", choices=[name for name, _s, _a in BENCHMARKS], metavar="NAME"
    )
    args = parser.parse_args(argv)

    results = []
    for name, script, extra in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        if args.quick and name == "load" and not args.only:
            results.append((name, "skipped (--quick)", 0.0))
            continue
        print(f"\n######## {script}", flush=True)
        start = time.perf_counter()
        code = subprocess.run([sys.executable, str(BENCH / script), *extra], cwd=ROOT).returncode
        seconds = time.perf_counter() - start
        results.append((name, "ok" if code == 0 else f"FAILED (exit {code})", seconds))

    print("\n######## summary")
    for name, outcome, seconds in results:
        print(f"{name:12s} {outcome:22s} {seconds:6.1f} s")
    failed = [name for name, outcome, _s in results if outcome.startswith("FAILED")]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

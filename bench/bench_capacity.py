"""Capacity of one machine: the tournament evening's load mix (locust, headless) at rising
rates against PostgreSQL and against the club-evening mode (SQLite), until the 95th
percentile of a request kind passes 200 ms or an error appears.

Run from the repository root (PostgreSQL on 127.0.0.1:5432 for the PostgreSQL stack)::

    .venv/bin/python bench/bench_capacity.py [--quick] [--stacks postgres sqlite]

Per stack: a 400-player tournament is generated anew (two rounds confirmed, the third released
with empty sheets; ``bench/stack.py``), the server is started on a free loopback port in
8600-8699 (``BENCH_PORTS`` for another range) and warmed up, then

1. **floor**: a static file (``/static/css/app.css``, WhiteNoise in the same server) as fast
   as 16 clients without pause can fetch it: the most this stack answers at all;
2. **ladder**: the load mix (``bench/locustfile.py``) at factor k = 0.5, 1, 1.5, 2, 3, 4,
   6, 8: 200 phones with the standings open polling with their ETag every 5/k s, 96 captains
   opening their sheet once and then autosaving it every 10/k s (tables 1-96, as the page
   does since issue 13), the organiser reopening and confirming a sheet of tables 97-100
   every 10 s; that is about 50·k requests/s offered, plus the captains' 96 page loads in the
   first step (k = 1 is the earlier load test's 200 phones polling every 5 s and 100 captains
   saving every 10 s; before issue 13 each save was a page load and a form post, 59·k).
   Every user keeps its own phase (``steady_pacing`` in the locustfile), as phones do.
   A step is held when it has no error, every kind's p95 is at most 200 ms (the organiser's
   one login per step, slow on purpose, is left out) and at least 90 % of the offered rate
   was served; the ladder stops at the first step not held.

Afterwards the server is stopped and every sheet of the open round is checked in the database
(versions 1..n, n = successful saves). Both stacks run ``DOKO_MODE=network`` (plain http as
``make serve``; production marks cookies Secure, which a client on plain http does not send
back) with a fresh data folder under /tmp. PostgreSQL: database ``doko_i16load``
(``CAPACITY_DATABASE_URL`` for another), ``CONN_MAX_AGE=60`` (production's default; the ASGI
server of ``make serve`` connects per request all the same, ``config/asgi.py``),
optionally the cache in Redis (``--stacks redis``). SQLite: the club evening as it is. Every
stack runs the server of ``make serve`` (``python -m config.serve``: uvicorn, 4 processes,
issue 21); ``--server 4x2`` runs gunicorn with 4 workers of 2 threads instead (the earlier
shape), ``--server 2`` uvicorn with 2 processes.

Budgets: at least the k = 1 mix held on each stack (about 50 requests/s);
no lost or duplicated sheet versions. The ratio to the floor is reported, without a budget.
``--quick`` (about 2 minutes for both stacks): steps of 10 s at k = 1, 2, 4.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stack

WORKERS = stack.serve.WORKERS

P95_BUDGET = 0.200
SERVED_SHARE = 0.9
BASE = {"Player": 200, "Captain": 96, "Desk": 1}
DESK_TABLES = 4  # the organiser confirms on tables 97-100, the captains have 1-96
POLL, PAUSE, DESK = 5.0, 10.0, 10.0
MIN_FACTOR = 1  # the budget: today's mix held
PAGE_POLL_SECONDS = 30  # the standings page polls every 30 s (data-live)


def offered_rate(factor: float) -> float:
    """Requests per second offered at factor k: a poll per phone, an autosave per captain (the
    captain's one page load comes on top in the first step), 2 or 4 requests of the desk."""
    return BASE["Player"] * factor / POLL + BASE["Captain"] * factor / PAUSE + 3 / DESK


# The server per stack: ``make serve``'s (``python -m config.serve``, uvicorn, 4 processes; the
# threads entry 0), the same on PostgreSQL. ``--server 4x2`` runs the earlier gunicorn shape.
SERVERS = {"postgres": (WORKERS, 0), "redis": (WORKERS, 0), "sqlite": (WORKERS, 0)}
LABELS = {
    "postgres": "PostgreSQL",
    "redis": "PostgreSQL, cache in Redis",
    "sqlite": "club evening (SQLite, network mode)",
}


def server_shape(text: str) -> tuple[int, int, int | None]:
    """``--server 4``: uvicorn (``make serve``) with 4 processes; ``--server 4x2``: gunicorn
    with 4 processes of 2 threads (the shape before issue 21); ``--server 4/0``: uvicorn with
    Django's own ASGI handler (a thread per request, before issue 26), ``4/2`` with a pool of 2
    threads per process (``SERVE_THREADS``)."""
    if "/" in text:
        try:
            workers, pool = (int(part) for part in text.split("/"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: processes/pool threads") from None
        if not (1 <= workers <= 16 and 0 <= pool <= 16):
            raise argparse.ArgumentTypeError(f"{text!r}: 1-16 processes and 0-16 threads")
        return workers, 0, pool
    try:
        parts = [int(part) for part in text.lower().split("x")]
        workers, threads = parts if len(parts) == 2 else (parts[0], 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: processes, or workers x threads") from None
    if not (1 <= workers <= 16 and 0 <= threads <= 16) or len(parts) > 2:
        raise argparse.ArgumentTypeError(f"{text!r}: 1-16 processes and 0-16 threads")
    return workers, threads, None


def stack_settings(
    name: str, shape: tuple[int, int, int | None] | None
) -> tuple[dict[str, str], int, int, Path | None]:
    data_dir = Path(tempfile.mkdtemp(prefix=f"doko-i16load-{name}-"))
    workers, threads, pool = shape or (*SERVERS[name], None)
    if name in ("postgres", "redis"):
        url = os.environ.get("CAPACITY_DATABASE_URL", stack.PG_URL)
        redis = os.environ.get("CAPACITY_REDIS_URL", stack.REDIS_URL) if name == "redis" else ""
        env = stack.postgres_environment(url, data_dir=data_dir, redis_url=redis)
    else:
        env = stack.sqlite_environment(data_dir)
    if pool is not None:
        env["SERVE_THREADS"] = str(pool)
    return env, workers, threads, data_dir


def run_stack(name: str, args: argparse.Namespace) -> dict:
    env, workers, threads, data_dir = stack_settings(name, args.server)
    label = LABELS[name]
    print(f"\n-- {label}")
    plan_path = Path(tempfile.gettempdir()) / f"doko-i16load-plan-{name}-{os.getpid()}.json"
    plan = stack.prepare(env, plan_path, captains=BASE["Captain"], desk_tables=DESK_TABLES)
    print(
        f"set-up: {plan['slug']} generated ({plan['database']}), "
        f"{BASE['Captain']} captain tables, {DESK_TABLES} desk tables"
    )
    server = stack.start_server(env, workers, threads)
    print(f"server: {' '.join(server.args)} on {server.url}")
    meter = stack.CpuMeter([server])
    saved: dict[str, int] = {}
    unknown: dict[str, int] = {}
    steps = []
    try:
        stack.warm_up(server, plan)
        floor = stack.run_locust(
            plan_path,
            [server.url],
            users={"Static": 16},
            seconds=args.floor_seconds,
            settings={},
            label=f"{name}-floor",
        )
        floor_rate = floor.rate
        kind = floor.kinds.get("static file", {"median": 0, "p95": 0})
        print(
            f"floor: static file, 16 clients without pause: {floor_rate:.0f} req/s, median "
            f"{kind['median'] * 1000:.1f} ms, p95 {kind['p95'] * 1000:.1f} ms, "
            f"{floor.errors} errors"
        )
        for factor in args.factors:
            offered = offered_rate(factor)
            settings = {"poll_interval": POLL / factor, "captain_pause": PAUSE / factor}
            settings["desk_pause"] = DESK
            settings["etag"] = stack.current_etag(server, plan)
            meter.start()
            result = stack.run_locust(
                plan_path,
                [server.url],
                users=BASE,
                seconds=args.step_seconds,
                settings=settings,
                label=f"{name}-{factor}",
            )
            shares = meter.stop(result.client_cpu)
            for token, count in result.extra["saved"].items():
                saved[token] = saved.get(token, 0) + count
            for token, count in result.extra["unknown"].items():
                unknown[token] = unknown.get(token, 0) + count
            worst, p95 = result.worst_p95()
            held = (
                result.errors == 0 and p95 <= P95_BUDGET and result.rate >= SERVED_SHARE * offered
            )
            print(
                f"step k={factor:g}: offered {offered:.0f} req/s "
                f"(polls every {POLL / factor:.2f} s, saves every {PAUSE / factor:.2f} s) "
                f"-> {'held' if held else 'NOT held'} "
                f"(worst p95 {worst} {p95 * 1000:.0f} ms)"
            )
            for line in stack.step_lines(result, offered):
                print(line)
            print("  " + stack.cpu_line(shares))
            # PostgreSQL's share counts every postgres process of the machine (others' too).
            database = shares["postgres"] + shares["redis"] if name != "sqlite" else 0.0
            per_request = (shares["server"] + database) / max(result.rate, 0.1)
            cores = os.cpu_count() or 1
            print(
                f"  cpu per request (server + database): {per_request * 1000:.1f} ms; "
                f"{cores} idle cores would serve about {cores / per_request:.0f} req/s of this "
                f"mix (an estimate, inflated by a busy machine)"
            )
            steps.append(
                {
                    "factor": factor,
                    "offered": offered,
                    "result": result,
                    "held": held,
                    "per_request": per_request,
                }
            )
            if not held:
                break
    finally:
        code = stack.stop_server(server)
        print(f"server stopped (exit code {code}); log {server.log}")
    check = stack.verify(env, plan_path, saved, unknown)
    if data_dir is not None:
        shutil.rmtree(data_dir, ignore_errors=True)
    held_steps = [step for step in steps if step["held"]]
    best = held_steps[-1] if held_steps else None
    return {
        "name": name,
        "label": label,
        "floor": floor_rate,
        "best": best,
        "last": steps[-1] if steps else None,
        "check": check,
        "top": bool(steps) and steps[-1]["held"],
    }


def report(outcome: dict) -> int:
    failures = 0
    best, check = outcome["best"], outcome["check"]
    label = outcome["label"]
    if best is None:
        print(f"{label}: no step held [FAIL: k >= {MIN_FACTOR}, {offered_rate(1):.0f} req/s]")
        failures += 1
        last = outcome["last"]
        if last is not None:
            result = last["result"]
            worst, p95 = result.worst_p95()
            print(
                f"  lowest step k={last['factor']:g}: {result.rate:.0f} of {last['offered']:.0f} "
                f"req/s served, {result.errors} errors, worst p95 {worst} {p95 * 1000:.0f} ms; "
                f"floor (static file) {outcome['floor']:.0f} req/s, served / floor "
                f"{result.rate / outcome['floor']:.2f}"
            )
            print(
                f"  cpu per request {last['per_request'] * 1000:.1f} ms (server + database): "
                f"about {(os.cpu_count() or 1) / last['per_request']:.0f} req/s on idle cores "
                f"[estimate, no budget]"
            )
    else:
        factor, rate = best["factor"], best["result"].rate
        polls = BASE["Player"] * factor / POLL
        more = " or more (top of the ladder)" if outcome["top"] else ""
        ok = factor >= MIN_FACTOR
        failures += not ok
        print(
            f"{label}: held {rate:.0f} req/s{more} at k={factor:g} "
            f"[{stack_verdict(ok)}: k >= {MIN_FACTOR}, {offered_rate(MIN_FACTOR):.0f} req/s]"
        )
        print(
            f"  stands for {BASE['Player']} phones polling every {POLL / factor:.2f} s "
            f"(= {polls * PAGE_POLL_SECONDS:.0f} phones at the page's {PAGE_POLL_SECONDS} s) and "
            f"{BASE['Captain']} captains saving every {PAUSE / factor:.2f} s "
            f"(= {BASE['Captain'] * factor:.0f} captains saving every {PAUSE:g} s)"
        )
        print(
            f"  ratio to the floor (static file {outcome['floor']:.0f} req/s): "
            f"{rate / outcome['floor']:.2f} [reported, no budget]"
        )
        last = outcome["last"]
        if last is not None and not last["held"]:
            result = last["result"]
            worst, p95 = result.worst_p95()
            print(
                f"  next step k={last['factor']:g} not held: {result.errors} errors, "
                f"{result.rate:.0f} of {last['offered']:.0f} req/s served, worst p95 {worst} "
                f"{p95 * 1000:.0f} ms"
            )
    problems = check["problems"]
    failures += bool(problems)
    print(
        f"  sheet versions: {check['saves']} successful saves, {check['versions']} versions "
        f"({check['unanswered_saved']} from saves cut off by the end of a step), "
        f"{len(problems)} sheets with lost or duplicated versions [{stack_verdict(not problems)}]"
    )
    for problem in problems[:5]:
        print(f"    {problem}")
    return failures


def stack_verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 s steps at k = 1, 2, 4")
    parser.add_argument("--stacks", nargs="+", choices=list(LABELS))
    parser.add_argument("--factors", type=float, nargs="+")
    parser.add_argument("--step-seconds", type=float)
    parser.add_argument(
        "--server",
        type=server_shape,
        help="every stack: uvicorn processes (4, make serve) or gunicorn workers x threads (4x2)",
    )
    args = parser.parse_args(argv)
    args.stacks = args.stacks or ["postgres", "sqlite"]
    args.factors = args.factors or ([1, 2, 4] if args.quick else [0.5, 1, 1.5, 2, 3, 4, 6, 8])
    args.step_seconds = args.step_seconds or (10.0 if args.quick else 30.0)
    args.floor_seconds = 6.0 if args.quick else 15.0

    print("== capacity of one machine (locust, the server on loopback)")
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.2f} at start")
    print(
        f"ladder: k = {', '.join(f'{k:g}' for k in args.factors)}, {args.step_seconds:g} s each; "
        f"held = 0 errors, every p95 <= {P95_BUDGET * 1000:.0f} ms, >= {SERVED_SHARE:.0%} served"
    )
    outcomes = [run_stack(name, args) for name in args.stacks]
    print("\n-- summary")
    failures = sum(report(outcome) for outcome in outcomes)
    rates = {o["name"]: o["best"]["result"].rate for o in outcomes if o["best"]}
    if "sqlite" in rates and "postgres" in rates:
        print(f"SQLite / PostgreSQL capacity: {rates['sqlite'] / rates['postgres']:.2f}")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Beyond one machine: two app servers sharing PostgreSQL and Redis behave as one.

Run from the repository root (PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379)::

    .venv/bin/python bench/bench_cluster.py [--quick] [--seconds 30]

Two servers as ``make serve`` runs them (``python -m config.serve``: uvicorn, 2 processes each;
``--light``: 1) on two free loopback ports in 8600-8699 (``BENCH_PORTS`` for another range),
with the same environment as several machines behind one proxy would have: network mode (plain
http), the same secret key (a shared data folder), PostgreSQL ``doko_i16load``
(``CLUSTER_DATABASE_URL`` for another), ``REDIS_URL=redis://127.0.0.1:6379/5`` (cache and
throttle counters; ``CLUSTER_REDIS_URL``), ``TRUST_X_FORWARDED_FOR=1`` (the proxy says who the
client is). Checks, each printed with PASS or FAIL:

1. the settings the servers run with: cache in Redis, sessions in the database;
2. the load mix of ``bench_capacity.py`` at k = 1 for ``--seconds`` with every client
   sticking to one of the two servers, alternately: 0 errors, and afterwards in the database
   0 lost or duplicated sheet versions;
3. a sheet confirmed through server A is in the public standings of A and B within the cache
   time (``PUBLIC_CACHE_SECONDS``, 5 s);
4. the director's live board (its JSON) and the public standings: the same body and ETag from
   A and B, and each answers 304 to the other's ETag;
5. the round's clock started through A and paused through B is the same on both;
6. the captain throttle counts across both: wrong links from one address, alternately to A and
   B, are refused with 429 exactly from the 11th on (``MAX_FAILURES`` = 10), on both.

``--light`` replaces the locust mix by sequential saves alternating between the servers (what
``tests/perf/test_cluster.py`` runs, a few seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stack

OPEN_RE = re.compile(r"(\d+) von (\d+) Listen noch offen")
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
MAX_FAILURES = 10  # scoring/sheets/captain_access.py
CACHE_SECONDS = 5  # PUBLIC_CACHE_SECONDS' default


def services_available(pg_url: str, redis_url: str) -> str:
    """'' if PostgreSQL and Redis answer, else what is missing."""
    missing = []
    try:
        import redis

        redis.Redis.from_url(redis_url, socket_connect_timeout=2).ping()
    except Exception as error:  # any failure means: not available
        missing.append(f"Redis at {redis_url} ({type(error).__name__})")
    try:
        import psycopg

        psycopg.connect(pg_url.rsplit("/", 1)[0] + "/postgres", connect_timeout=2).close()
    except Exception as error:
        missing.append(f"PostgreSQL at {pg_url} ({type(error).__name__})")
    return ", ".join(missing)


def open_sheets(port: int, slug: str) -> int:
    status, text, _headers = stack.Browser(port).request("GET", f"/t/{slug}/tabelle/")
    found = OPEN_RE.search(text)
    if status != 200:
        raise RuntimeError(f"standings on port {port}: HTTP {status}")
    return int(found.group(1)) if found else 0


def light_mix(servers: list[stack.Server], plan: dict, saves: int = 3) -> tuple[dict, list[str]]:
    """Every captain saves ``saves`` times, alternating between the servers (GET on one, POST
    on the other: the session and CSRF cookie must work across both); the standings are polled
    on both with each other's ETag. Returns the successful saves per link and the errors."""
    saved: dict[str, int] = {}
    errors: list[str] = []
    for round_ in range(saves):
        for index, table in enumerate(plan["captains"]):
            first = servers[(index + round_) % 2]
            second = servers[(index + round_ + 1) % 2]
            browser = stack.Browser(first.port)
            path = f"/e/{table['token']}/"
            try:
                csrf, revision = browser.form(path)
            except RuntimeError as error:
                errors.append(str(error))
                continue
            browser.port = second.port
            body = dict(plan["bodies"][str(table["size"])][round_ % 3])
            body.update(csrfmiddlewaretoken=csrf, revision=revision, save="1")
            status, _text, _headers = browser.request("POST", path, body)
            if status == 302:
                saved[table["token"]] = saved.get(table["token"], 0) + 1
            else:
                errors.append(f"POST {path} on port {second.port}: HTTP {status}")
    a, b = servers
    _status, _text, headers = stack.Browser(a.port).request("GET", plan["standings"])
    etag = headers.get("ETag", "")
    status, _text, _headers = stack.Browser(b.port).request(
        "GET", plan["standings"], headers={"If-None-Match": etag}
    )
    if status != 304:
        errors.append(f"standings on B with A's ETag: HTTP {status}, expected 304")
    return saved, errors


def confirm_visible(servers: list[stack.Server], plan: dict) -> tuple[float, str, str]:
    """Confirm table 1's sheet through A; seconds until both A and B show one open sheet
    fewer (inf if not within 3 × the cache time), the link of the sheet, and an error."""
    a, b = servers
    before = {server.port: open_sheets(server.port, plan["slug"]) for server in servers}
    desk = stack.Browser(a.port)
    desk.login(plan["username"], plan["password"])
    table = plan["captains"][0]
    path = f"/verwaltung/{plan['slug']}/durchgang/{plan['round']}/tisch/{table['table']}/"
    csrf, revision = desk.form(path)
    body = dict(plan["bodies"][str(table["size"])][0])
    body.update(csrfmiddlewaretoken=csrf, revision=revision, confirm="1")
    status, _text, _headers = desk.request("POST", path, body)
    confirmed = time.monotonic()
    if status != 302:
        return float("inf"), "", f"confirm through A: HTTP {status}"
    waiting = {a.port, b.port}
    while waiting and time.monotonic() - confirmed < 3 * CACHE_SECONDS:
        for port in list(waiting):
            if open_sheets(port, plan["slug"]) == before[port] - 1:
                waiting.discard(port)
        if waiting:
            time.sleep(0.05)
    seconds = time.monotonic() - confirmed
    if waiting:
        return float("inf"), table["token"], f"not visible on ports {sorted(waiting)}"
    return seconds, table["token"], ""


def clock_across(servers: list[stack.Server], plan: dict) -> str:
    """Start the round's clock through A, pause it through B: a captain's clock must be the same
    on A and B after each step (stored in the database, computed from the server's time). The
    first difference found, or ""."""
    slug, number = plan["slug"], plan["round"]
    clock = f"/verwaltung/{slug}/durchgang/{number}/uhr/"
    token = plan["captains"][-1]["token"]

    def captain_clock(server: stack.Server) -> dict:
        status, text, _headers = stack.Browser(server.port).request("GET", f"/e/{token}/uhr/")
        if status != 200:
            return {"status": f"HTTP {status}"}
        answer = json.loads(text)
        # A running clock's deadline is fixed; a paused one's time left stands still.
        key = "deadline" if answer["status"] == "running" else "remaining"
        return {"status": answer["status"], key: [table[key] for table in answer["tables"]]}

    for server, action in zip(servers, ("starten", "anhalten"), strict=True):
        desk = stack.Browser(server.port)
        desk.login(plan["username"], plan["password"])
        csrf, _revision = desk.form(clock)
        status, _text, _headers = desk.request(
            "POST", f"{clock}{action}/", {"csrfmiddlewaretoken": csrf}
        )
        if status != 302:
            return f"{action} through port {server.port}: HTTP {status}"
        seen = [captain_clock(server) for server in servers]
        if seen[0] != seen[1] or seen[0]["status"] not in ("running", "paused"):
            return f"after {action}: A {seen[0]} B {seen[1]}"
    return ""


def same_answers(servers: list[stack.Server], browser: stack.Browser, path: str) -> str:
    """GET ``path`` on A and B with the same cookies: the same status 200, body and ETag, and
    each server answers 304 to the other's ETag. The first difference found, or ""."""
    answers = []
    for server in servers:
        browser.port = server.port
        status, text, headers = browser.request("GET", path)
        if status != 200:
            return f"{path} on port {server.port}: HTTP {status}"
        answers.append((text, headers.get("ETag", "")))
    # A page's form carries the CSRF token masked anew on every answer: not a difference.
    (body_a, etag_a), (body_b, etag_b) = ((CSRF_RE.sub("", text), etag) for text, etag in answers)
    if not etag_a:
        return f"{path}: no ETag"
    if (body_a, etag_a) != (body_b, etag_b):
        at = next((i for i, (x, y) in enumerate(zip(body_a, body_b, strict=False)) if x != y), 0)
        return (
            f"{path}: A and B differ (ETag {etag_a} / {etag_b}, bodies from character {at}: "
            f"{body_a[at - 40 : at + 40]!r} / {body_b[at - 40 : at + 40]!r})"
        )
    for server, etag in zip(servers, (etag_b, etag_a), strict=True):
        browser.port = server.port
        status, _text, _headers = browser.request("GET", path, headers={"If-None-Match": etag})
        if status != 304:
            return f"{path} on port {server.port} with the other server's ETag: HTTP {status}"
    return ""


def answers_across(servers: list[stack.Server], plan: dict) -> str:
    """The director's live board (its JSON, organiser logged in through A, the session valid on
    B) and the public standings: the same on A and B. The board's ETag names the minute (quiet
    minutes), so a pair that straddles a minute is asked again. The first difference, or ""."""
    desk = stack.Browser(servers[0].port)
    desk.login(plan["username"], plan["password"])
    board = f"/verwaltung/{plan['slug']}/durchgang/{plan['round']}/tische-live/daten/"
    problem = ""
    for _attempt in range(3):
        problem = same_answers(servers, desk, board)
        if not problem:
            break
    return problem or same_answers(servers, stack.Browser(servers[0].port), plan["standings"])


def throttle_across(servers: list[stack.Server]) -> list[int]:
    """Statuses of MAX_FAILURES + 2 wrong links from one (new) address, alternately A, B."""
    address = f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"
    statuses = []
    for attempt in range(MAX_FAILURES + 2):
        server = servers[attempt % 2]
        wrong = secrets.token_urlsafe(24)
        status, _text, _headers = stack.Browser(server.port, forwarded_for=address).request(
            "GET", f"/e/{wrong}/"
        )
        statuses.append(status)
    return statuses


def run_cluster(
    *,
    light: bool,
    seconds: float = 30.0,
    players: int = 400,
    pg_url: str = stack.PG_URL,
    redis_url: str = stack.REDIS_URL,
    report=print,
) -> list[tuple[str, bool, str]]:
    """Start two servers, run the checks, stop the servers; the checks as (name, ok, value)."""
    data_dir = Path(tempfile.mkdtemp(prefix="doko-i16load-cluster-"))
    env = stack.postgres_environment(pg_url, data_dir=data_dir, redis_url=redis_url)
    env["TRUST_X_FORWARDED_FOR"] = "1"
    plan_path = Path(tempfile.gettempdir()) / f"doko-i16load-cluster-{os.getpid()}.json"
    tables = players // 4
    captains = tables - 4 if not light else min(8, tables - 4)
    checks: list[tuple[str, bool, str]] = []
    servers: list[stack.Server] = []
    try:
        plan = stack.prepare(env, plan_path, captains=captains, desk_tables=4, players=players)
        found = plan["settings"]
        report(f"settings: {found}")
        checks.append(
            (
                "cache (standings, throttle counters) shared in Redis",
                found["cache"].endswith("RedisCache"),
                found["cache"],
            )
        )
        checks.append(
            (
                "sessions in the database (or Redis)",
                found["sessions"]
                in (
                    "django.contrib.sessions.backends.db",
                    "django.contrib.sessions.backends.cache",
                ),
                found["sessions"],
            )
        )
        workers = 1 if light else 2
        first = stack.start_server(env, workers, wait=False)
        servers.append(first)
        port = stack.free_port(exclude=(first.port,))
        second = stack.start_server(env, workers, port=port, wait=False)
        servers.append(second)
        for server in servers:
            stack.wait_until_up(server)
        report(f"servers: A {first.url}, B {second.url} ({' '.join(first.args)} each)")
        meter = stack.CpuMeter(servers)
        if light:
            saved, errors = light_mix(servers, plan)
            unknown: dict[str, int] = {}
            report(f"light mix: {sum(saved.values())} saves alternating A/B, {len(errors)} errors")
            for error in errors[:5]:
                report(f"  error: {error}")
            checks.append(("errors in the mix", not errors, str(len(errors))))
        else:
            stack.warm_up(first, plan, rounds=10)
            stack.warm_up(second, plan, rounds=10)
            meter.start()
            result = stack.run_locust(
                plan_path,
                [first.url, second.url],
                users={"Player": 200, "Captain": captains, "Desk": 1},
                seconds=seconds,
                settings={
                    "poll_interval": 5.0,
                    "captain_pause": 10.0,
                    "desk_pause": 10.0,
                    "etag": stack.current_etag(first, plan),
                },
                label="cluster",
            )
            shares = meter.stop(result.client_cpu)
            report(f"load mix over A and B (k = 1), {seconds:g} s:")
            # A poll per phone every 5 s, an autosave per captain every 10 s, the desk.
            for line in stack.step_lines(result, 200 / 5 + captains / 10 + 0.3):
                report(line)
            report("  " + stack.cpu_line(shares))
            saved, unknown = dict(result.extra["saved"]), dict(result.extra["unknown"])
            worst, p95 = result.worst_p95()
            checks.append(("errors in the mix", result.errors == 0, str(result.errors)))
            checks.append(
                ("p95 of every kind (<= 200 ms)", p95 <= 0.2, f"{worst} {p95 * 1000:.0f} ms")
            )
        seconds_visible, token, problem = confirm_visible(servers, plan)
        if token:
            saved[token] = saved.get(token, 0) + 1
        checks.append(
            (
                f"confirmed through A, visible on A and B (<= {CACHE_SECONDS} s)",
                seconds_visible <= CACHE_SECONDS,
                problem or f"{seconds_visible:.2f} s",
            )
        )
        problem = answers_across(servers, plan)
        checks.append(
            (
                "live board and standings the same on A and B (body, ETag, 304 to the other's)",
                not problem,
                problem or "same",
            )
        )
        problem = clock_across(servers, plan)
        checks.append(("round clock the same on A and B", not problem, problem or "same"))
        statuses = throttle_across(servers)
        expected = [404] * MAX_FAILURES + [429, 429]
        checks.append(
            (
                f"captain throttle across A and B (429 from wrong link {MAX_FAILURES + 1} on)",
                statuses == expected,
                " ".join(map(str, statuses)),
            )
        )
    finally:
        for server in servers:
            code = stack.stop_server(server)
            report(f"server on port {server.port} stopped (exit code {code})")
    check = stack.verify(env, plan_path, saved, unknown)
    problems = check["problems"]
    report(
        f"sheet versions: {check['saves']} successful saves, {check['versions']} versions in "
        f"the database"
    )
    for problem in problems[:5]:
        report(f"  {problem}")
    checks.append(("lost or duplicated sheet versions", not problems, str(len(problems))))
    shutil.rmtree(data_dir, ignore_errors=True)
    return checks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="15 s of load instead of 30 s")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--light", action="store_true", help="sequential saves, no locust")
    args = parser.parse_args(argv)
    seconds = args.seconds or (15.0 if args.quick else 30.0)
    pg_url = os.environ.get("CLUSTER_DATABASE_URL", stack.PG_URL)
    redis_url = os.environ.get("CLUSTER_REDIS_URL", stack.REDIS_URL)
    print("== two app servers sharing PostgreSQL and Redis (loopback)")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    missing = services_available(pg_url, redis_url)
    if missing:
        print(f"not run: {missing} not reachable [FAIL]")
        return 1
    checks = run_cluster(light=args.light, seconds=seconds, pg_url=pg_url, redis_url=redis_url)
    failures = 0
    for name, ok, value in checks:
        failures += not ok
        print(f"{name}: {value} [{'PASS' if ok else 'FAIL'}]")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

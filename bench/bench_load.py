"""Load test on loopback: gunicorn in production settings with PostgreSQL, players polling the
public standings while table captains save their sheets.

Run from the repository root (PostgreSQL must be running)::

    .venv/bin/python bench/bench_load.py [--seconds 60] [--pollers 200] [--captains 100]

Set-up: the database ``doko_load`` (``LOAD_DATABASE_URL`` to choose another PostgreSQL database)
is created and migrated, and a 400-player tournament is generated anew: two rounds confirmed
(3,200 games) and a third round released with empty sheets, one per captain. Static files are
collected, then ``gunicorn config.wsgi -w 4 --threads 4`` serves on 127.0.0.1 with
``DOKO_PRODUCTION=1`` (``SECURE_SSL_REDIRECT=0`` for plain http on loopback).

Traffic, from threads of this process with ``http.client`` (keep-alive), only to 127.0.0.1:

- each of ``--pollers`` players GETs ``/t/<slug>/tabelle/`` every ``--poll-interval`` seconds
  (starts spread over the first interval);
- each of ``--captains`` captains owns one table's link ``/e/<token>/``: GET the page, take the
  CSRF token and the ``revision`` field, POST 16 games, wait ``--captain-pause`` seconds, again.

Every request has a 30 s timeout and every loop ends at the deadline, so the test stops by
itself. Afterwards the server is stopped (SIGTERM, then waited for) and the database is checked:
every sheet has exactly as many versions as its captain had successful POSTs, numbered 1..n
without gaps or duplicates, and the sheet's revision is n.

Budgets: no errors (any status other than 200 for GET and 302 for POST, any exception), no 409
(each captain writes only its own sheet, so a 409 would be a lost write), no lost or duplicated
versions. Ratio: achieved requests per second against the offered rate.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import resource
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import defaultdict
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/doko_load"
HOST = "127.0.0.1"
TIMEOUT = 30.0
CSRF_RE = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
REVISION_RE = re.compile(rb'name="revision" value="(\d+)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Recorder:
    """Latencies and outcomes per kind of request, from many threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)
        self.stale: dict[str, int] = defaultdict(int)
        self.saved: dict[str, int] = defaultdict(int)  # token -> successful POSTs
        self.unknown: dict[str, int] = defaultdict(int)  # token -> POSTs without an answer

    def ok(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)

    def error(self, kind: str, message: str) -> None:
        with self.lock:
            self.errors[kind].append(message)

    def conflict(self, kind: str) -> None:
        with self.lock:
            self.stale[kind] += 1

    def saved_one(self, token: str) -> None:
        with self.lock:
            self.saved[token] += 1

    def no_answer(self, token: str) -> None:
        with self.lock:
            self.unknown[token] += 1


class Browser:
    """One client: a keep-alive connection and its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, body: bytes | None = None
    ) -> tuple[int, bytes, float]:
        headers = {"Host": f"{HOST}:{self.port}", "User-Agent": "doko-bench-load"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
            start = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if attempt == 2 or method != "GET":
                    raise  # a POST is never sent twice: the first may have been saved
                continue  # the server closed an idle keep-alive connection: reconnect once
            elapsed = time.perf_counter() - start
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return response.status, data, elapsed
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def poller(port: int, path: str, interval: float, offset: float, deadline: float, rec: Recorder):
    browser = Browser(port)
    next_at = time.monotonic() + offset
    try:
        while next_at < deadline and time.monotonic() < deadline:
            pause = next_at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            next_at += interval
            try:
                status, _body, elapsed = browser.request("GET", path)
            except Exception as error:  # every failure counts as an error
                rec.error("standings GET", f"{type(error).__name__}: {error}")
                browser.close()
                continue
            if status == 200:
                rec.ok("standings GET", elapsed)
            else:
                rec.error("standings GET", f"HTTP {status}")
    finally:
        browser.close()


def captain(
    port: int,
    token: str,
    table_size: int,
    pause: float,
    offset: float,
    deadline: float,
    seed: int,
    rec: Recorder,
):
    from scoring.demo.records import form_data, sheet_records

    browser = Browser(port)
    path = f"/e/{token}/"
    rng = random.Random(seed)
    next_at = time.monotonic() + offset
    try:
        while next_at < deadline and time.monotonic() < deadline:
            wait = next_at - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            next_at += pause
            try:
                status, body, elapsed = browser.request("GET", path)
            except Exception as error:
                rec.error("captain GET", f"{type(error).__name__}: {error}")
                browser.close()
                continue
            csrf, revision = CSRF_RE.search(body), REVISION_RE.search(body)
            if status != 200 or csrf is None or revision is None:
                rec.error("captain GET", f"HTTP {status}, form fields found: {bool(csrf)}")
                continue
            rec.ok("captain GET", elapsed)
            if time.monotonic() >= deadline:
                return
            games = table_size * 4
            fields = form_data(sheet_records(table_size, games, rng))
            fields.update(
                csrfmiddlewaretoken=csrf.group(1).decode(),
                revision=revision.group(1).decode(),
                save="1",
            )
            try:
                status, body, elapsed = browser.request(
                    "POST", path, urlencode(fields).encode("ascii")
                )
            except Exception as error:
                rec.error("captain POST", f"{type(error).__name__}: {error}")
                rec.no_answer(token)  # the server may still have saved it
                browser.close()
                continue
            if status == 302:
                rec.ok("captain POST", elapsed)
                rec.saved_one(token)
            elif status == 409:
                rec.conflict("captain POST")
            else:
                rec.error("captain POST", f"HTTP {status}")
    finally:
        browser.close()


def server_environment(url: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "DJANGO_SETTINGS_MODULE", "BENCH_DATABASE_URL"}
    }
    env.update(
        DOKO_PRODUCTION="1",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=url,
        LOG_LEVEL="WARNING",
    )
    return env


def machine_cpu() -> tuple[int, int]:
    """(idle, total) jiffies of all cores since boot, from /proc/stat."""
    with open("/proc/stat", encoding="ascii") as stat:
        values = [int(value) for value in stat.readline().split()[1:9]]
    return values[3] + values[4], sum(values)


def _proc_stats() -> list[tuple[int, str, int, int]]:
    """(pid, command, parent pid, CPU ticks incl. reaped children) of every process."""
    stats = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        ticks = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        command = text[text.index("(") + 1 : text.rindex(")")]
        stats.append((int(entry), command, int(fields[1]), ticks))
    return stats


def postgres_cpu() -> float:
    """CPU seconds of the PostgreSQL server processes on this machine, including backends that
    have ended (counted in their parent's children times)."""
    ticks = sum(t for _pid, command, _parent, t in _proc_stats() if command == "postgres")
    return ticks / os.sysconf("SC_CLK_TCK")


def server_cpu(master: int) -> float:
    """CPU seconds of the gunicorn master and its workers."""
    ticks = sum(t for pid, _c, parent, t in _proc_stats() if master in (pid, parent))
    return ticks / os.sysconf("SC_CLK_TCK")


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def wait_until_up(port: int, process: subprocess.Popen, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited with {process.returncode} before serving")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/", headers={"Host": f"{HOST}:{port}"})
            status = connection.getresponse().status
            connection.close()
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 30 s")


def stop_server(process: subprocess.Popen) -> int | None:
    """Graceful stop (SIGTERM to the gunicorn master we started), SIGKILL after 30 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    return process.returncode


def verify_versions(
    tournament, number: int, saved: dict[str, int], unknown: dict[str, int]
) -> tuple[list[str], int]:
    """Every sheet's versions are numbered 1..n without gaps, and n is its captain's count of
    successful POSTs (plus at most the POSTs that got no answer, whose outcome the client cannot
    know). Returns the problems and the number of versions written by unanswered POSTs."""
    from scoring.models import Sheet

    problems = []
    unanswered_saved = 0
    sheets = Sheet.objects.filter(round__tournament=tournament, round__number=number)
    for sheet in sheets.select_related("table").prefetch_related("versions"):
        token = sheet.table.entry_token
        numbers = sorted(version.number for version in sheet.versions.all())
        n, ok, maybe = len(numbers), saved.get(token, 0), unknown.get(token, 0)
        if numbers != list(range(1, n + 1)):
            problems.append(f"table {sheet.table.number}: version numbers {numbers} have gaps")
        elif n < ok:
            problems.append(f"table {sheet.table.number}: {ok} successful POSTs, {n} versions")
        elif n > ok + maybe:
            problems.append(
                f"table {sheet.table.number}: {ok} successful POSTs (+{maybe} unanswered), "
                f"{n} versions"
            )
        elif sheet.revision != n:
            problems.append(f"table {sheet.table.number}: revision {sheet.revision} != {n}")
        unanswered_saved += n - ok
    return problems, unanswered_saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pollers", type=int, default=200)
    parser.add_argument("--poll-interval", type=float, default=5.0)
    parser.add_argument("--captains", type=int, default=100)
    parser.add_argument("--captain-pause", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=400, help="tournament size")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be between 1 and 600")

    url = os.environ.get("LOAD_DATABASE_URL", DEFAULT_DATABASE_URL)
    if "postgres" not in url.split(":", 1)[0]:
        parser.error("the load test needs PostgreSQL (LOAD_DATABASE_URL=postgres://...)")
    os.environ["BENCH_DATABASE_URL"] = url
    common.setup()
    from django.core.management import call_command

    from scoring.models import Sheet

    common.header("load test (gunicorn + PostgreSQL on loopback)")
    start = time.perf_counter()
    slug = common.demo_slug(args.players, 2, True)
    call_command(
        "generate_demo",
        players=args.players,
        rounds=2,
        seed=common.DEMO_SEED,
        slug=slug,
        open_round=True,
        replace=True,
        stdout=sys.stderr,
    )
    common.vacuum()
    from tournament.models import Tournament

    tournament = Tournament.objects.get(slug=slug)
    number = tournament.rounds_count
    sheets = list(
        Sheet.objects.filter(round__tournament=tournament, round__number=number)
        .select_related("table")
        .order_by("table__number")
    )
    if len(sheets) < args.captains:
        parser.error(f"only {len(sheets)} tables for {args.captains} captains")
    sizes = {sheet.pk: sheet.table.seats.count() for sheet in sheets}
    print(f"set-up: {slug} generated (and vacuumed) in {time.perf_counter() - start:.1f} s")

    port = free_port()
    env = server_environment(url)
    log_path = Path("/tmp") / f"doko-bench-gunicorn-{port}.log"
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=common.ROOT,
        env=env,
        check=True,
    )
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [
        str(gunicorn),
        "config.wsgi",
        "-w",
        str(args.workers),
        "--threads",
        str(args.threads),
        "-b",
        f"{HOST}:{port}",
        "--graceful-timeout",
        "20",
        "--access-logfile",
        "-" if os.environ.get("BENCH_ACCESS_LOG") else os.devnull,
        "--error-logfile",
        str(log_path),
    ]
    from django.db import connections

    connections.close_all()
    process = subprocess.Popen(command, cwd=common.ROOT, env=env, start_new_session=True)
    offered = args.pollers / args.poll_interval + args.captains * 2 / args.captain_pause
    print(
        f"server: gunicorn -w {args.workers} --threads {args.threads} on {HOST}:{port}, "
        f"DOKO_PRODUCTION=1, CONN_MAX_AGE={env.get('CONN_MAX_AGE', '0')} s, "
        f"PUBLIC_CACHE_SECONDS={env.get('PUBLIC_CACHE_SECONDS', '5')}"
    )
    print(
        f"traffic: {args.pollers} players GET standings every {args.poll_interval:g} s, "
        f"{args.captains} captains GET + POST 16 games every {args.captain_pause:g} s, "
        f"for {args.seconds:g} s; offered {offered:.1f} requests/s"
    )
    rec = Recorder()
    try:
        wait_until_up(port, process)
        server_before = server_cpu(process.pid)
        client_before = cpu_seconds(resource.RUSAGE_SELF)
        idle_before, total_before = machine_cpu()
        postgres_before = postgres_cpu()
        started = time.monotonic()
        deadline = started + args.seconds
        threads = []
        standings_path = f"/t/{slug}/tabelle/"
        for index in range(args.pollers):
            offset = args.poll_interval * index / args.pollers
            threads.append(
                threading.Thread(
                    target=poller,
                    args=(port, standings_path, args.poll_interval, offset, deadline, rec),
                    daemon=True,
                )
            )
        for index, sheet in enumerate(sheets[: args.captains]):
            offset = args.captain_pause * index / args.captains
            threads.append(
                threading.Thread(
                    target=captain,
                    args=(
                        port,
                        sheet.table.entry_token,
                        sizes[sheet.pk],
                        args.captain_pause,
                        offset,
                        deadline,
                        index,
                        rec,
                    ),
                    daemon=True,
                )
            )
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()) + TIMEOUT + 5)
        elapsed = time.monotonic() - started
        idle_after, total_after = machine_cpu()
        database_cpu = postgres_cpu() - postgres_before
        gunicorn_cpu = server_cpu(process.pid) - server_before
        client_cpu = cpu_seconds(resource.RUSAGE_SELF) - client_before
        hanging = sum(thread.is_alive() for thread in threads)
    finally:
        code = stop_server(process)
    cores = os.cpu_count() or 1
    busy = (1 - (idle_after - idle_before) / max(1, total_after - total_before)) * cores
    print(f"server stopped (exit code {code}); log {log_path}")
    known = (gunicorn_cpu + database_cpu + client_cpu) / elapsed
    print(
        f"cpu (cores busy on average): machine {busy:.2f} of {cores}; gunicorn "
        f"{gunicorn_cpu / elapsed:.2f}, PostgreSQL {database_cpu / elapsed:.2f}, load client "
        f"{client_cpu / elapsed:.2f}, other processes {max(0.0, busy - known):.2f}"
    )

    failures = 0
    total = sum(len(values) for values in rec.latencies.values())
    errors = sum(len(values) for values in rec.errors.values())
    stale = sum(rec.stale.values())
    achieved = (total + errors + stale) / elapsed
    print(
        f"requests: {total} ok, {errors} errors, {stale} conflicts (409) in {elapsed:.1f} s; "
        f"{achieved:.1f} requests/s of {offered:.1f} offered, ratio {achieved / offered:.2f}"
    )
    for kind in ("standings GET", "captain GET", "captain POST"):
        values = rec.latencies.get(kind, [])
        if values:
            stats = common.summary(values)
            print(
                f"  {kind:14s} {len(values):6d} ok, {len(values) / elapsed:6.1f}/s, "
                f"median {common.ms(stats['median'])}, p95 {common.ms(stats['p95'])}, "
                f"max {common.ms(stats['max'])}"
            )
        for message in sorted(set(rec.errors.get(kind, [])))[:5]:
            print(f"    error: {message} (x{rec.errors[kind].count(message)})")
    if hanging:
        print(f"  {hanging} client threads still running after the deadline")
    problems, unanswered_saved = verify_versions(tournament, number, rec.saved, rec.unknown)
    saved = sum(rec.saved.values())
    print(
        f"sheet versions: {saved} successful POSTs on {len(rec.saved)} sheets; "
        f"{len(problems)} sheets with lost or duplicated versions"
        + (f"; {unanswered_saved} versions from POSTs that timed out" if unanswered_saved else "")
    )
    for problem in problems[:10]:
        print(f"    {problem}")
    checks = [
        ("errors", errors == 0, f"{errors}"),
        ("conflicts (lost writes)", stale == 0, f"{stale}"),
        ("lost or duplicated versions", not problems, f"{len(problems)}"),
        ("server exited cleanly", code == 0, f"exit code {code}"),
    ]
    for name, ok, value in checks:
        failures += not ok
        print(f"{name}: {value} [{common.verdict(ok)}]")
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

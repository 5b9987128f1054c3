"""The server side of the load benchmarks: prepare a database, start and stop the server, count
CPU, run locust headless and read its statistics, check the sheet versions afterwards.

Used by ``bench_capacity.py`` (one machine) and ``bench_cluster.py`` (two app servers). Every
step that needs Django runs as a subprocess of this file with the server's own environment
(``python bench/stack_django.py prepare|verify``), so one benchmark can drive PostgreSQL and SQLite
(network mode) in turn; that part is ``stack_django.py``, and the CPU meter
``stack_cpu.py``.

``prepare`` (re)generates the 400-player tournament with a third round released and empty
(``generate_demo``), gives the ``bench-organiser`` login access, vacuums PostgreSQL and writes
the locust plan: the tables with their captain links and sizes, ready form bodies, the login.
``verify`` checks every sheet of that round: its versions are numbered 1..n without gaps or
duplicates, n equals the successful saves the clients counted (plus at most the saves that got
no answer), and the sheet's revision is n.
"""

from __future__ import annotations

import csv
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from stack_browser import HOST, Browser  # noqa: F401 - re-exported for the benches
from stack_cpu import CpuMeter, cpu_line, machine_cpu  # noqa: F401 - re-exported for the benches

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(1, str(ROOT))
from config import serve  # noqa: E402 - the server as make serve starts it

PYTHON = sys.executable
BIN = Path(sys.executable).parent
PLAYERS = 400
SEED = 20250403
ORGANISER = "bench-organiser"
ORGANISER_PASSWORD = "bench-password-not-secret-42"
PG_URL = "postgres://postgres@127.0.0.1:5432/doko_i16load"
REDIS_URL = "redis://127.0.0.1:6379/5"
NOT_TIMED = ("desk login",)


def free_port(low: int = 0, high: int = 0, exclude: tuple[int, ...] = ()) -> int:
    """A free port on loopback in 8600-8699 (the range this project's benchmarks use; another
    with ``BENCH_PORTS=9100-9199``, e.g. when several people benchmark on one machine)."""
    if not low:
        low, high = (int(part) for part in os.environ.get("BENCH_PORTS", "8600-8699").split("-"))
    ports = [port for port in range(low, high + 1) if port not in exclude]
    random.shuffle(ports)
    for port in ports:
        with socket.socket() as sock:
            try:
                sock.bind((HOST, port))
            except OSError:
                continue
            return port
    raise SystemExit(f"no free port in {low}-{high}")


# ---------------------------------------------------------------------------- environments


def base_environment() -> dict[str, str]:
    drop = {"DEBUG", "DJANGO_SETTINGS_MODULE", "BENCH_DATABASE_URL", "DOKO_MODE", "REDIS_URL"}
    drop |= {"DOKO_PRODUCTION", "DATABASE_URL", "SECRET_KEY", "CONN_MAX_AGE", "ALLOWED_HOSTS"}
    return {key: value for key, value in os.environ.items() if key not in drop}


def postgres_environment(
    url: str = PG_URL, *, data_dir: Path, redis_url: str = ""
) -> dict[str, str]:
    """Network mode (plain http, as ``make serve``) with PostgreSQL, persistent connections
    (``CONN_MAX_AGE=60``, the production default, for gunicorn; ``config/asgi.py`` sets 0) and
    Redis if given. Network rather than
    production mode because production marks cookies Secure, which a load client on plain
    http does not send back; the request path is the same. Servers sharing ``data_dir`` share
    the secret key (sessions, CSRF)."""
    env = sqlite_environment(data_dir)
    env.update(DATABASE_URL=url, CONN_MAX_AGE="60")
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def sqlite_environment(data_dir: Path) -> dict[str, str]:
    """The club evening: ``DOKO_MODE=network`` (as ``make serve``), SQLite in ``data_dir``."""
    env = base_environment()
    data_dir.mkdir(parents=True, exist_ok=True)
    env.update(
        DOKO_MODE="network",
        DATA_DIR=str(data_dir),
        LOG_LEVEL="WARNING",
        STATIC_ROOT="/tmp/doko-i16load-static",
    )
    return env


# ---------------------------------------------------------------------------- servers


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path
    args: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"


def run_django(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    completed = subprocess.run([PYTHON, *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if completed.returncode != 0:
        sys.stderr.write(completed.stdout[-2000:] + completed.stderr[-4000:])
        raise SystemExit(f"{' '.join(args[:2])} failed (exit {completed.returncode})")
    return completed


def start_server(
    env: dict[str, str],
    workers: int,
    threads: int = 0,
    port: int | None = None,
    wait: bool = True,
) -> Server:
    """The server as ``make serve`` runs it (``python -m config.serve``: uvicorn, ``workers``
    processes) or, with ``threads`` > 0, the earlier gunicorn shape ``-w workers --threads
    threads`` for comparison."""
    port = port or free_port()
    log = Path("/tmp") / f"doko-i16load-server-{port}.log"
    if threads:
        args = ["gunicorn", "-w", str(workers), "--threads", str(threads)]
        command = [
            str(BIN / "gunicorn"),
            "config.wsgi",
            *args[1:],
            "-b",
            f"{HOST}:{port}",
            "--graceful-timeout",
            "20",
            "--timeout",
            "60",
            "--no-control-socket",
            "--access-logfile",
            os.devnull,
            "--error-logfile",
            str(log),
        ]
    else:
        args = ["uvicorn", "--workers", str(workers)]
        command = serve.command(HOST, port, workers)
        # The load client is one address standing for hundreds of phones.
        env = {**env, "SERVE_PER_ADDRESS": "100000"}
    with open(log, "ab") as output:  # Django's log (404s of the throttle check, warnings)
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, start_new_session=True, stdout=output, stderr=output
        )
    server = Server(process, port, log, args)
    if wait:
        wait_until_up(server)
    return server


def wait_until_up(server: Server, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise SystemExit(f"server exited with {server.process.returncode}; see {server.log}")
        try:
            status, _body, _headers = get(server.port, "/")
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    stop_server(server)
    raise SystemExit(f"server did not answer within {seconds:g} s; see {server.log}")


def stop_server(server: Server) -> int | None:
    """Graceful stop (SIGTERM to the server's master process started here), SIGKILL after 30 s."""
    process = server.process
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    return process.returncode


def get(
    port: int, path: str, headers: dict[str, str] | None = None
) -> tuple[int, bytes, http.client.HTTPMessage]:
    """Status, body and headers (looked up in any case: a2wsgi sends the names in lower case)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": f"{HOST}:{port}", **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read(), response.headers
    finally:
        connection.close()


def current_etag(server: Server, plan: dict) -> str:
    """The standings page's ETag now (what phones that have the page open hold)."""
    _status, _body, headers = get(server.port, plan["standings"])
    return headers.get("ETag", "")


def warm_up(server: Server, plan: dict, rounds: int = 30) -> None:
    """First requests of each worker compile templates and fill caches: not part of a step."""
    paths = [plan["standings"], plan["static"], f"/e/{plan['captains'][0]['token']}/"]
    for _ in range(rounds):
        for path in paths:
            get(server.port, path)


# ---------------------------------------------------------------------------- CPU


@dataclass
class StepResult:
    """One locust run: per request kind (name) its count, failures, median, p95, max."""

    seconds: float
    kinds: dict[str, dict[str, float]]
    failures: list[str]
    extra: dict
    client_cpu: float

    @property
    def requests(self) -> int:
        return int(sum(kind["count"] for kind in self.kinds.values()))

    @property
    def errors(self) -> int:
        return int(sum(kind["failures"] for kind in self.kinds.values()))

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def worst_p95(self) -> tuple[str, float]:
        """The kind with the highest p95, leaving out the organiser's login (one request per
        run, slow on purpose: password hashing)."""
        kinds = {name: kind for name, kind in self.kinds.items() if name not in NOT_TIMED}
        if not kinds:
            return "-", float("inf")
        name = max(kinds, key=lambda kind: kinds[kind]["p95"])
        return name, kinds[name]["p95"]


def run_locust(
    plan_path: Path,
    hosts: list[str],
    *,
    users: dict[str, int],
    seconds: float,
    settings: dict,
    label: str,
) -> StepResult:
    """Run ``bench/locustfile.py`` headless for ``seconds`` against ``hosts`` (users are spread
    over them round robin) and read its CSV statistics and our own counters."""
    out = Path("/tmp") / f"doko-i16load-locust-{os.getpid()}-{label}"
    results = out.with_suffix(".json")
    env = dict(os.environ)
    env.update(
        DOKO_LOCUST_PLAN=str(plan_path),
        DOKO_LOCUST_HOSTS=",".join(hosts),
        DOKO_LOCUST_RESULTS=str(results),
        DOKO_LOCUST_SETTINGS=json.dumps({**settings, "users": users}),
    )
    total = sum(users.values())
    command = [
        str(BIN / "locust"),
        "-f",
        str(BENCH / "locustfile.py"),
        "--headless",
        "--only-summary",
        "-u",
        str(total),
        "-r",
        str(total),
        "-t",
        f"{seconds:g}s",
        "--stop-timeout",
        "10",
        "--csv",
        str(out),
        "--host",
        hosts[0],
        "--exit-code-on-error",
        "0",
        "--loglevel",
        "WARNING",
    ]
    started = time.monotonic()
    usage_before = os.times()
    completed = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    usage_after = os.times()
    elapsed = time.monotonic() - started
    client_cpu = (usage_after.children_user - usage_before.children_user) + (
        usage_after.children_system - usage_before.children_system
    )
    if completed.returncode != 0 or not results.exists():
        sys.stderr.write(completed.stdout[-3000:] + completed.stderr[-3000:])
        raise SystemExit(f"locust failed (exit {completed.returncode})")
    kinds: dict[str, dict[str, float]] = {}
    with open(f"{out}_stats.csv", newline="", encoding="utf-8") as stats:
        for row in csv.DictReader(stats):
            if row["Name"] == "Aggregated":
                continue
            kinds[row["Name"]] = {
                "count": int(row["Request Count"]),
                "failures": int(row["Failure Count"]),
                "median": float(row["50%"] or 0) / 1000,
                "p95": float(row["95%"] or 0) / 1000,
                "max": float(row["Max Response Time"] or 0) / 1000,
            }
    failures = []
    failures_path = Path(f"{out}_failures.csv")
    if failures_path.exists():
        with open(failures_path, newline="", encoding="utf-8") as rows:
            for row in csv.DictReader(rows):
                failures.append(f"{row['Name']}: {row['Error']} (x{row['Occurrences']})")
    extra = json.loads(results.read_text())
    measured = extra.get("seconds") or max(1.0, elapsed - 3)
    return StepResult(measured, kinds, failures, extra, client_cpu)


def step_lines(result: StepResult, offered: float) -> list[str]:
    lines = [
        f"  {result.requests} requests, {result.errors} errors in {result.seconds:.1f} s: "
        f"{result.rate:.1f} req/s of {offered:.1f} offered"
    ]
    for name in sorted(result.kinds):
        kind = result.kinds[name]
        lines.append(
            f"    {name:16s} {int(kind['count']):6d} ok+err, {int(kind['failures'])} err, "
            f"median {kind['median'] * 1000:6.1f} ms, p95 {kind['p95'] * 1000:6.1f} ms, "
            f"max {kind['max'] * 1000:7.1f} ms"
        )
    polls = result.extra.get("polls", {})
    if polls:
        total = sum(polls.values()) or 1
        lines.append(
            f"    polls answered 304: {polls.get('304', 0)} of {total} "
            f"({100 * polls.get('304', 0) / total:.0f} %)"
        )
        even = total / max(result.seconds * 10, 1)
        lines.append(
            f"    spread: at most {result.extra.get('most_polls_in_a_tenth', 0)} polls began in "
            f"one tenth of a second (even: {even:.1f})"
        )
    for failure in result.failures[:5]:
        lines.append(f"    error: {failure}")
    return lines


# ---------------------------------------------------------------------------- prepare / verify


def prepare(
    env: dict[str, str],
    plan_path: Path,
    *,
    captains: int,
    desk_tables: int,
    players: int = PLAYERS,
) -> dict:
    """Migrate, generate the tournament and write the locust plan (in a subprocess)."""
    if env.get("DATABASE_URL", "").startswith("postgres"):
        import common

        # The bench's own scratch database, made anew for every run.
        common.ensure_postgres_database(env["DATABASE_URL"], fresh=True)
    run_django(
        env,
        str(BENCH / "stack_django.py"),
        "prepare",
        str(plan_path),
        str(captains),
        str(desk_tables),
        str(players),
    )
    return json.loads(plan_path.read_text())


def verify(env: dict[str, str], plan_path: Path, saved: dict, unknown: dict) -> dict:
    counts = plan_path.with_suffix(".saved.json")
    counts.write_text(json.dumps({"saved": saved, "unknown": unknown}))
    completed = run_django(
        env, str(BENCH / "stack_django.py"), "verify", str(plan_path), str(counts)
    )
    return json.loads(completed.stdout)

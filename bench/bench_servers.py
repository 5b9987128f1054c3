"""Server shapes side by side on the club evening's database (issues 21, 26): throughput and
latency of the same requests, and page loads while slow clients are held.

    .venv/bin/python bench/bench_servers.py [--servers 4x2 4 4/0] [--rounds 6] [--seconds 8]
        [--postgres]

The servers run at once on one SQLite database in network mode (``--postgres``: PostgreSQL,
``BENCH_DATABASE_URL``; ``bench/stack.py``). ``4x2`` is gunicorn with 4 workers of 2 threads,
the shape before issue 21; ``4`` is ``make serve``'s uvicorn with 4 processes (Django in a pool
of threads, a2wsgi behind ``config.asgi_wsgi``); ``4/0`` the same with Django's own ASGI handler
(a thread per request, before issue 26); ``4/2`` a pool of 2 threads. The rounds alternate
between them, so a machine busy with other work slows all alike: compare the ratios (each
against the first shape), not the absolute figures of a busy machine.

1. **throughput**: ``--clients`` threads without pause, each with its own captain's table,
   repeat: the captain's page, an autosave of its 16 or 20 games, the public standings (full
   page), a poll with the current ETag (304), the stylesheet; per round requests/s, median,
   p95 and the CPU time of the server's processes per request, summed per server.
2. **slow clients**: 8 and then 64 connections that send a header line every 2 s, plus as many
   that send nothing; meanwhile 10 page loads of the standings, each timed (budget 2 s).
"""

from __future__ import annotations

import argparse
import http.client
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stack

CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
REVISION_RE = re.compile(r'name="revision" value="(\d+)"')


def shape(text: str) -> tuple[int, int, int | None]:
    """``4x2``: gunicorn, 4 workers of 2 threads; ``4``: uvicorn as ``make serve`` (4 processes,
    Django in a2wsgi's pool of threads, ``config.asgi_wsgi``); ``4/0``: uvicorn with Django's own
    ASGI handler (a thread per request, issue 21's shape); ``4/2``: a pool of 2 threads per
    process."""
    if "/" in text:
        workers, pool = (int(part) for part in text.split("/"))
        return workers, 0, pool
    parts = [int(part) for part in text.lower().split("x")]
    return (parts[0], parts[1], None) if len(parts) == 2 else (parts[0], 0, None)


def label(workers: int, threads: int, pool: int | None = None) -> str:
    if threads:
        return f"gunicorn {workers}x{threads}"
    if pool == 0:
        return f"uvicorn {workers}, Django's handler"
    return f"uvicorn {workers}, pool {pool or 'default'}"


def environment(env: dict[str, str], pool: int | None) -> dict[str, str]:
    return env if pool is None else {**env, "SERVE_THREADS": str(pool)}


class Client:
    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection(stack.HOST, port, timeout=30)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str = "", headers: dict | None = None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.connection.request(method, path, body=body or None, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response, text


def work(port: int, plan: dict, table: dict, seconds: float, times: list[float]) -> None:
    client = Client(port)
    bodies = plan["bodies"][str(table["size"])]
    path = f"/e/{table['token']}/"
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        began = time.monotonic()
        _response, html = client.request("GET", path)
        times.append(time.monotonic() - began)
        csrf, revision = CSRF_RE.search(html), REVISION_RE.search(html)
        if csrf and revision:
            body = dict(bodies[turn % len(bodies)], revision=revision.group(1))
            body["csrfmiddlewaretoken"] = csrf.group(1)
            began = time.monotonic()
            client.request(
                "POST",
                path + "sichern/",
                urlencode(body),
                {"Content-Type": "application/x-www-form-urlencoded", "Referer": path},
            )
            times.append(time.monotonic() - began)
        for extra in ({}, None, {}):
            began = time.monotonic()
            if extra is None:
                response, _ = client.request("GET", plan["standings"])
                etag = response.getheader("ETag", "")
                client.request("GET", plan["standings"], headers={"If-None-Match": etag})
            else:
                client.request("GET", plan["static"] if turn % 2 else plan["standings"])
            times.append(time.monotonic() - began)
        turn += 1


def throughput(server: stack.Server, plan: dict, clients: int, seconds: float) -> list[float]:
    times: list[float] = []
    threads = [
        threading.Thread(target=work, args=(server.port, plan, table, seconds, times))
        for table in plan["captains"][:clients]
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def page_load(port: int) -> float:
    began = time.monotonic()
    try:
        connection = http.client.HTTPConnection(stack.HOST, port, timeout=10)
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        connection.close()
        return time.monotonic() - began if response.status == 200 else float("inf")
    except OSError:
        return float("inf")


def slow_clients(port: int, count: int) -> list[float]:
    """Page loads while ``count`` slow and ``count`` idle connections are held."""
    stop = threading.Event()
    held: list[socket.socket] = []

    def drip(connection: socket.socket) -> None:
        line = 0
        while not stop.wait(2):
            try:
                connection.sendall(f"X-Slow-{line}: {line}\r\n".encode())
            except OSError:
                return
            line += 1

    for _ in range(count):
        slow = socket.create_connection((stack.HOST, port))
        slow.sendall(f"GET / HTTP/1.1\r\nHost: {stack.HOST}\r\n".encode())
        held += [slow, socket.create_connection((stack.HOST, port))]
        threading.Thread(target=drip, args=(slow,), daemon=True).start()
    time.sleep(3)
    loads = [page_load(port) for _ in range(10)]
    stop.set()
    for connection in held:
        connection.close()
    return loads


def summary(times: list[float], seconds: float) -> str:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95)] if ordered else 0.0
    median = statistics.median(ordered) if ordered else 0.0
    return (
        f"{len(times) / seconds:6.1f} req/s, median {median * 1000:5.1f} ms, "
        f"p95 {p95 * 1000:6.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", nargs="+", default=["4x2", "4"])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument(
        "--postgres", action="store_true", help="PostgreSQL (BENCH_DATABASE_URL) instead of SQLite"
    )
    args = parser.parse_args(argv)
    args.servers = [shape(text) for text in args.servers]
    data_dir = Path(tempfile.mkdtemp(prefix="doko-servers-"))
    if args.postgres:
        url = stack.os.environ.get("BENCH_DATABASE_URL", stack.PG_URL)
        env = stack.postgres_environment(url, data_dir=data_dir)
    else:
        env = stack.sqlite_environment(data_dir)
    plan = stack.prepare(env, data_dir / "plan.json", captains=args.clients, desk_tables=0)
    servers: list[stack.Server] = []
    names = [label(*shape_) for shape_ in args.servers]
    print(f"load average {stack.os.getloadavg()[0]:.2f} at start, {stack.os.cpu_count()} cores")
    try:
        for workers, threads, pool in args.servers:  # inside: one that fails stops the others
            servers.append(stack.start_server(environment(env, pool), workers, threads))
        for server in servers:
            stack.warm_up(server, plan)
        totals: list[list[float]] = [[] for _ in servers]
        cpu = [0.0 for _ in servers]  # seconds of CPU of each server's processes
        for number in range(args.rounds):
            for index, server in enumerate(servers):
                meter = stack.CpuMeter([server])
                meter.start()
                times = throughput(server, plan, args.clients, args.seconds)
                used = meter.stop(0.0)["server"] * args.seconds
                cpu[index] += used
                totals[index] += times
                per_request = used / max(1, len(times)) * 1000
                print(
                    f"round {number + 1} {names[index]:22} {summary(times, args.seconds)}, "
                    f"cpu {per_request:4.1f} ms/request"
                )
        spent = args.rounds * args.seconds
        rates, costs = [], []
        for index, name in enumerate(names):
            rates.append(len(totals[index]) / spent)
            costs.append(cpu[index] / max(1, len(totals[index])) * 1000)
            print(
                f"total   {name:22} {summary(totals[index], spent)}, "
                f"cpu {costs[index]:4.1f} ms/request"
            )
        for index in range(1, len(names)):
            print(f"throughput {names[index]} / {names[0]}: {rates[index] / rates[0]:.2f}")
            print(f"cpu per request {names[index]} / {names[0]}: {costs[index] / costs[0]:.2f}")
        for count in (8, 64):
            for index, server in enumerate(servers):
                loads = slow_clients(server.port, count)
                shown = " ".join("-" if t == float("inf") else f"{t * 1000:.0f}" for t in loads)
                worst = max(loads)
                verdict = "held" if worst <= 2.0 else "NOT held"
                print(f"slow {count:2} + idle {count:2}: {names[index]:22} {verdict}; ms: {shown}")
        print(f"load average {stack.os.getloadavg()[0]:.2f} at the end")
    finally:
        for server in servers:
            stack.stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m config.serve``: the club evening on the local network, on Linux, macOS and Windows.

``make serve`` runs this; a Windows laptop without make runs the same module
(README, "On a Windows laptop"). It prepares the database like every start
(migrate, collect the static files, make sure an organiser login exists, print the addresses
for the phones) and then serves ``config.asgi`` with uvicorn in ``WORKERS`` processes.

Why uvicorn: each process reads requests in an event loop and hands Django only a
complete request (headers, and the body, which Django's ASGI handler reads whole before the
view). A phone that sends a header line every 2 s, or a connection that sends nothing, costs a
socket and a few kilobytes, never a worker thread; gunicorn's threads read the request
themselves, so eight such connections froze its 4 × 2 threads. Why several processes: the
pages are Python work under one lock per process (the GIL); four processes use both cores and
keep one slow page from delaying the others (docs/performance.md, section 8). uvicorn's
``--workers`` starts them on Windows too (spawned processes sharing the listening socket) and
restarts one that dies.

Why h11 rather than httptools: pure Python, the same on every system, and it bounds what a client
may send before its request is complete (``MAX_HEAD`` bytes), so hundreds of slow connections
cannot grow the memory without end; ``config.serve_protocol`` bounds them in time (a connection
without a complete head after ``HEAD_SECONDS`` is closed) and in number per client address, and
each start raises the soft limit for open files to the hard one and prints it, so one device's
thousands of silent connections cannot take the other phones' places. Requests whose address is too
long for our pages get our own 414 page from Django
(``config.middleware.AddressLengthMiddleware``), which refuses far below that bound; bodies are
bounded in ``config.asgi_limits``. Django's WSGI application answers in a fixed pool of threads per
process (a2wsgi's ``WSGIMiddleware``, behind ``config.asgi_wsgi``, which reads each body whole
first): with Django's own ASGI handler (a thread per request) each request cost about 30 % more CPU
than under gunicorn's threads (docs/performance.md, section 10); with the pool about a tenth more
(section 12).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPLICATION = "config.asgi:application"
WORKERS = 4
# The most a request's line and headers may take before uvicorn answers a bare 400 itself:
# 64 KB, far above our own limit for addresses (``config.errors.MAX_ADDRESS_BYTES``).
MAX_HEAD = 64 * 1024
# h11 with a deadline for the request head and a bound per client address (config.serve_protocol).
PROTOCOL = "config.serve_protocol:GuardedH11Protocol"
# The listen queue, and what asyncio accepts in one go before any connection is looked at: with
# uvicorn's 2,048 a burst of silent connections took more open files at once than the common
# limit of 1,024 per process, before the bound per address could close one.
BACKLOG = 128
# Where the hard limit is unlimited (macOS), the most a soft limit for open files may be.
OPEN_FILES_CAP = 10240
SETUP_STEPS = (
    ("migrate", "--noinput"),
    ("collectstatic", "--noinput", "--verbosity", "0"),
    ("ensure_organiser",),
)


def uvicorn_options(host: str, port: int, workers: int = WORKERS) -> dict[str, object]:
    """The server's settings, also used by the benchmarks and the tests that start it."""
    return {
        "host": host,
        "port": port,
        "workers": workers,
        "http": PROTOCOL,
        "h11_max_incomplete_event_size": MAX_HEAD,
        "backlog": BACKLOG,
        "lifespan": "off",  # Django's ASGI handler has no lifespan events
        "interface": "asgi3",
        # REMOTE_ADDR is the device that connected: nothing stands in front in a club room, and
        # the login brake and the debug guard must not believe an X-Forwarded-For header.
        "proxy_headers": False,
        "server_header": False,
        "access_log": False,
        # Longer than the capacity ladder's client intervals: at 5 s a client sending every 5 s
        # met its connection being closed as it sent (7 autosaves lost their answer at k = 2).
        # An idle connection costs a socket and a few kilobytes.
        "timeout_keep_alive": 15,
        "timeout_graceful_shutdown": 10,
    }


def command(host: str, port: int, workers: int = WORKERS) -> list[str]:
    """The server alone, as ``make serve`` starts it after the set-up steps (for the tests and
    the benchmarks, which prepare their databases themselves)."""
    where = ["--host", host, "--port", str(port), "--workers", str(workers)]
    return [sys.executable, "-m", "config.serve", "--no-setup", *where]


def raise_open_files_limit() -> tuple[int, int] | None:
    """The soft limit for open files raised to the hard one (each connection is an open file;
    the common soft limit is 1,024 per process): ``(before, after)``, or None where the system
    has no such limits (Windows). The processes uvicorn starts inherit it."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_CAP if hard == resource.RLIM_INFINITY else hard
    for limit in (wanted, min(wanted, OPEN_FILES_CAP)):
        if limit <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
            break
        except (ValueError, OSError):
            continue
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def open_files_banner(limits: tuple[int, int] | None) -> str:
    """The start-up line that says how many open files (connections) each process may hold."""
    if limits is None:
        return "Offene Dateien je Prozess / open files per process: nach dem System"
    before, after = limits
    raised = f"{before} → {after}" if after != before else str(after)
    return f"Offene Dateien je Prozess / open files per process: {raised}"


def prepare(host: str, port: int) -> None:
    """What every start does before serving (the steps ``make serve`` had)."""
    for step in SETUP_STEPS:
        subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, check=True)
    lan = ("lan_addresses", "--host", host, "--port", str(port))
    subprocess.run([sys.executable, "manage.py", *lan], cwd=ROOT, check=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m config.serve", description=__doc__)
    parser.add_argument("--host", default=os.environ.get("HOST") or "0.0.0.0")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument("--workers", type=int, default=WORKERS)
    parser.add_argument(
        "--no-setup", action="store_true", help="serve only (no migrate, collectstatic, ...)"
    )
    args = parser.parse_args(argv)
    # The network mode unless told otherwise (the benchmarks also serve PostgreSQL this way).
    os.environ.setdefault("DOKO_MODE", "network")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    limits = raise_open_files_limit()
    if not args.no_setup:
        try:
            prepare(args.host, args.port)
        except subprocess.CalledProcessError as error:
            sys.exit(error.returncode)
    print(open_files_banner(limits), flush=True)
    sys.path.insert(0, str(ROOT))
    import uvicorn  # only the server needs it, not the set-up steps

    uvicorn.run(APPLICATION, **uvicorn_options(args.host, args.port, args.workers))


if __name__ == "__main__":
    main()

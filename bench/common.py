"""Shared set-up of the benchmarks: a dedicated database, the demo tournaments, statistics.

Each ``bench_*.py`` script calls :func:`setup` before importing anything from Django or the app.
The database is ``BENCH_DATABASE_URL``, else ``DATABASE_URL``, else the SQLite file
``/tmp/doko-bench.sqlite3``; a PostgreSQL database that does not exist yet is created, and
migrations run on every start (a no-op once applied). Tournaments come from
``manage.py generate_demo`` and are reused while present and complete.
"""

from __future__ import annotations

import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH_DIR = ROOT / "bench"
DEFAULT_DATABASE_URL = "sqlite:////tmp/doko-bench.sqlite3"
DEMO_SEED = 20250403


def database_url() -> str:
    return (
        os.environ.get("BENCH_DATABASE_URL")
        or os.environ.get("DATABASE_URL")
        or DEFAULT_DATABASE_URL
    )


def ensure_postgres_database(url: str, *, fresh: bool = False) -> None:
    """Create the PostgreSQL database of ``url`` if it does not exist (SQLite needs nothing);
    ``fresh``: drop it first, so that a scratch database left by another checkout (other
    migrations, other tables) cannot fail the run."""
    import dj_database_url

    config = dj_database_url.parse(url)
    if "postgresql" not in config["ENGINE"]:
        return
    import psycopg
    from psycopg import sql

    params = {
        "host": config.get("HOST") or "127.0.0.1",
        "port": config.get("PORT") or 5432,
        "user": config.get("USER") or "postgres",
        "dbname": "postgres",
    }
    if config.get("PASSWORD"):
        params["password"] = config["PASSWORD"]
    with psycopg.connect(**params, autocommit=True) as connection:
        if fresh:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(config["NAME"])
                )
            )
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]
        ).fetchone()
        if not exists:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(config["NAME"])))


def setup(*, migrate: bool = True) -> str:
    """Point Django at the benchmark database, set it up and return its URL."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    url = database_url()
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "0")  # no SQL log and no debug pages while timing
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    ensure_postgres_database(url)
    import django

    django.setup()
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
    return url


def database_label() -> str:
    from django.db import connection

    if connection.vendor == "sqlite":
        return f"SQLite {connection.Database.sqlite_version} ({connection.settings_dict['NAME']})"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
    return f"PostgreSQL {version} (database {connection.settings_dict['NAME']})"


def machine_line() -> str:
    load = os.getloadavg()[0]
    return (
        f"machine: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, load average {load:.2f} at start"
    )


def demo_slug(players: int, rounds: int, open_round: bool, ruleset: str | None = None) -> str:
    prefix = f"bench-{ruleset}" if ruleset else "bench"
    return f"{prefix}-{players}p-{rounds}r" + ("-open" if open_round else "")


def ensure_demo(
    players: int, rounds: int = 2, *, open_round: bool = False, ruleset: str | None = None
):
    """The generated tournament of that size, made with ``generate_demo`` unless present and
    complete (every sheet of the played rounds confirmed, the open round still empty); the
    ``bench_user`` has access to it (a plain organiser, as on a club evening). ``ruleset``:
    another ruleset's key (its own made-up rounds)."""
    from django.core.management import call_command

    from scoring.models import Sheet, SheetVersion
    from tournament.models import Tournament
    from tournament.permissions import grant_access

    slug = demo_slug(players, rounds, open_round, ruleset)
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is not None:
        played = Sheet.objects.filter(round__tournament=tournament, round__number__lte=rounds)
        released = tournament.rounds.exclude(status="draft").count()
        open_versions = SheetVersion.objects.filter(
            sheet__round__tournament=tournament, sheet__round__number__gt=rounds
        )
        if (
            released == rounds + int(open_round)
            and played.exists()
            and not played.exclude(status="confirmed").exists()
            and not open_versions.exists()
        ):
            grant_access(tournament, bench_user())
            return tournament
    start = time.perf_counter()
    call_command(
        "generate_demo",
        players=players,
        rounds=rounds,
        seed=DEMO_SEED,
        slug=slug,
        open_round=open_round,
        replace=True,
        organiser=bench_user().get_username(),
        stdout=sys.stderr,
        **({"ruleset": ruleset} if ruleset else {}),
    )
    print(
        f"  (generated {slug} in {time.perf_counter() - start:.1f} s)",
        file=sys.stderr,
        flush=True,
    )
    vacuum()
    return Tournament.objects.get(slug=slug)


def vacuum() -> None:
    """After generating anew, clear PostgreSQL's dead rows and statistics, so that every run
    starts from the same state (repeated runs leave hundreds of thousands of dead rows)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def bench_user(username: str = "bench-organiser"):
    from django.contrib.auth import get_user_model

    users = get_user_model()
    user = users.objects.filter(username=username).first()
    if user is None:
        user = users.objects.create_user(username, password="bench-password-not-secret-42")
    return user


# ---------------------------------------------------------------------------- statistics


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (``share`` 0..1) of ``values``."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p95": percentile(values, 0.95),
        "min": min(values),
        "max": max(values),
    }


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def git_revision() -> str:
    try:
        result = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return result.stdout.strip()


def header(title: str) -> None:
    print(f"== {title}")
    print(machine_line())
    print(f"database: {database_label()}")
    print(f"commit: {git_revision()} (working tree may differ)")

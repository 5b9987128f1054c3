"""Two app servers (as ``make serve`` runs them) sharing PostgreSQL and Redis behave as one
(``bench/bench_cluster.py --light`` in a test): captains' saves alternating between the servers
all kept, exactly once; a confirmation through one server in the public standings of both within
the cache time; the director's live board and the public standings the same on both (body,
ETag, 304 to the other's ETag); the captain throttle counted across both. Skipped with a
message when PostgreSQL or Redis is not on loopback; about 15 s."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import bench_cluster  # noqa: E402
import stack  # noqa: E402

pytestmark = pytest.mark.cluster

PG_URL = os.environ.get("CLUSTER_DATABASE_URL", stack.PG_URL)
REDIS_URL = os.environ.get("CLUSTER_REDIS_URL", stack.REDIS_URL)


def test_two_servers_on_shared_postgres_and_redis_behave_as_one():
    missing = bench_cluster.services_available(PG_URL, REDIS_URL)
    if missing:
        pytest.skip(f"needs PostgreSQL and Redis on loopback: {missing}")
    lines: list[str] = []
    checks = bench_cluster.run_cluster(
        light=True, players=40, pg_url=PG_URL, redis_url=REDIS_URL, report=lines.append
    )
    failed = [f"{name}: {value}" for name, ok, value in checks if not ok]
    assert not failed, "\n".join(failed + lines)
    assert any("servers:" in line and "uvicorn" in line for line in lines), lines  # make serve's
    names = {name for name, _ok, _value in checks}
    assert {
        "errors in the mix",
        "lost or duplicated sheet versions",
        "cache (standings, throttle counters) shared in Redis",
        "sessions in the database (or Redis)",
        "round clock the same on A and B",
        "live board and standings the same on A and B (body, ETag, 304 to the other's)",
    } <= names
    assert any(name.startswith("captain throttle across A and B") for name in names)
    assert any(name.startswith("confirmed through A, visible on A and B") for name in names)

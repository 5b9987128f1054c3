"""The club evening's files (issue 21): the network-mode database holds sessions, password hashes
and captain links, so it and its -wal and -shm files are private to the server's user (0600),
like the secret key; an empty ``DATABASE_URL=`` counts as unset instead of crashing settings."""

from __future__ import annotations

import sqlite3
import stat

from config import network
from tests.reliability.test_network_mode import network_env, network_settings


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_network_database_and_its_wal_files_are_private(tmp_path):
    env = network_env(tmp_path)
    env.pop("DATABASE_URL")  # the default: DATA_DIR/db.sqlite3
    report, _stderr = network_settings(env)
    database = tmp_path / "data" / "db.sqlite3"
    assert report["database"] == str(database)
    assert mode(database) == 0o600
    with sqlite3.connect(database) as connection:  # as the server writes it: WAL
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("CREATE TABLE t (x)")
        connection.execute("INSERT INTO t VALUES (1)")
        for suffix in ("-wal", "-shm"):
            assert mode(tmp_path / "data" / f"db.sqlite3{suffix}") == 0o600, suffix


def test_a_readable_database_from_before_is_made_private_at_start(tmp_path):
    database = tmp_path / "db.sqlite3"
    wal_files = [tmp_path / "db.sqlite3-wal", tmp_path / "db.sqlite3-shm"]
    connection = sqlite3.connect(database)  # open, so that the -wal and -shm files exist
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("CREATE TABLE t (x)")
        connection.commit()
        for path in (database, *wal_files):
            path.chmod(0o644)
        network_settings(network_env(tmp_path))  # DATABASE_URL: tmp_path/db.sqlite3
        for path in (database, *wal_files):
            assert mode(path) == 0o600, path.name
        assert connection.execute("SELECT COUNT(*) FROM t").fetchone() == (0,)
    finally:
        connection.close()


def test_keep_private_creates_nothing_for_an_in_memory_database(tmp_path):
    network.keep_private(tmp_path / "sub" / "new.sqlite3")
    assert mode(tmp_path / "sub" / "new.sqlite3") == 0o600
    network.keep_private(network.Path(":memory:"))


def test_an_empty_database_url_counts_as_unset(tmp_path):
    report, stderr = network_settings(network_env(tmp_path, DATABASE_URL=""))
    assert report["database"] == str(tmp_path / "data" / "db.sqlite3"), stderr
    local, stderr = network_settings(network_env(tmp_path, DATABASE_URL="", DOKO_MODE="local"))
    assert local["database"].endswith("db.sqlite3") and local["mode"] == "local", stderr

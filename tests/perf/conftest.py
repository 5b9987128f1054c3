"""Generated tournaments of two sizes, and a way to count the queries of one request."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.models import Tournament

SMALL, LARGE = 8, 40


@pytest.fixture
def generate(organiser) -> Callable[..., Tournament]:
    """``generate(players, open_round=False)``: a tournament made by ``generate_demo`` with two
    confirmed rounds (and a third, released and empty, with ``open_round``); the ``organiser``
    has access to it."""

    def make(players: int, *, open_round: bool = False, seed: int = 20250403) -> Tournament:
        slug = f"perf-{players}" + ("-open" if open_round else "")
        call_command(
            "generate_demo",
            players=players,
            rounds=2,
            seed=seed,
            slug=slug,
            open_round=open_round,
            organiser=organiser.username,
            stdout=io.StringIO(),
        )
        return Tournament.objects.get(slug=slug)

    return make


@dataclass
class Counted:
    status: int
    queries: int
    sql: list[str]


def count_queries(client, method: str, url: str, data: dict | None = None) -> Counted:
    """The queries of one request (``method`` "get" or "post")."""
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(url, data or {})
    return Counted(
        response.status_code,
        len(captured.captured_queries),
        [query["sql"] for query in captured.captured_queries],
    )

"""The cache holds data only, and an unreachable Redis is never a 500 (issue 21, items 3 and 4).

Django's own cache backends unpickle whatever they read back: a pickle written into Redis (no
password on 127.0.0.1) ran in the server. Here the public pages, the API, the projector, the
season pages, the login and the captains' links are walked once so that the app writes every
key it writes; then each of those keys, found in the cache itself (Redis, the database cache
table, this process's ``local`` cache), is overwritten with a pickle whose unpickling would
create a marker file, exactly as Django's backend would store it. The walk again: the marker
never appears and every page answers as before (the planted value is a miss). On Redis (db of
``TEST_REDIS_URL``, skipped without one) and on the database cache.

Then Redis at a closed port: the same walk answers without a single 500, and the brakes still
brake (counted in the process).
"""

from __future__ import annotations

import base64
import datetime
import pickle
import socket
import uuid
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from config import login
from demo.management.commands.generate_demo import generated_records
from demo.play import play_round
from scoring.evening.rounds import draw_round, release_round
from seasons.services import create_season
from tests.reliability.test_throttle import REDIS_LOCATION
from tournament import throttle
from tournament.cache import redis as redis_backend
from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import Table
from tournament.participants.services import import_participants

CACHE_TABLE = "doko_test_safety_cache"
LOCAL = {
    "BACKEND": "tournament.cache.backends.DataOnlyLocMemCache",
    "LOCATION": "doko-test-local",
}
NAMES = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
NAMES += ["Emil Engel", "Frieda Fuchs", "Gerd Graf", "Hanna Hahn"]
PASSWORD = "ein-langes-passwort-1"


class RunsCode:
    """Unpickling this opens (creates) ``path``: the proof that a cache value ran code."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return (open, (str(self.path), "w"))


@pytest.fixture
def club_evening(transactional_db, django_user_model):
    """A club's evening: round 1 confirmed, round 2 released with open sheets (captains' links
    work), in a public season; an organiser login."""
    club = create_club("doko-freunde", name="Doko-Freunde")
    tournament = create_tournament(
        name="Januar", date=datetime.date(2025, 1, 10), slug="januar", club=club, cycles=1
    )
    import_participants(tournament, ("Name\n" + "\n".join(NAMES) + "\n").encode(), "m.csv")
    for number in (1, 2):
        round_ = draw_round(tournament, number, seed=number)
        release_round(tournament, number)
        if number == 1:
            play_round(round_, generated_records(7, 1, 1))
    season = create_season(club, "2025", name="Saison 2025", tournaments=[tournament])
    django_user_model.objects.create_superuser("leitung", password=PASSWORD)
    return tournament, season


def walk(tournament, season) -> dict[str, int]:
    """Every page that reads or writes the cache, as a player, a captain and an organiser
    would call it; path -> status. Each client comes from its own address."""
    table = Table.objects.filter(round__tournament=tournament, round__number=2).first()
    slug, season_args = tournament.slug, [season.club.slug, season.slug]
    pages = [
        reverse("public:home"),
        reverse("public:tournament", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("public:standings", args=[slug]) + "?after_round=1",
        reverse("public:projector", args=[slug]),
        reverse("public:seating", args=[slug]),
        reverse("api:standings", args=[slug]),
        reverse("api:tables", args=[slug, 2]),
        reverse("public:season", args=season_args),
        reverse("public:season_projector", args=season_args),
        reverse("api:season", args=season_args),
        reverse("captain:sheet", args=[table.entry_token]),
        reverse("captain:sheet", args=["x" * 32]),  # a wrong link: counted
        reverse("captain:code") + f"?code={table.short_code}",
        reverse("captain:code") + "?code=ZZZZ-ZZZZ",
        reverse("login"),
    ]
    statuses = {path: Client(REMOTE_ADDR="10.9.0.1").get(path).status_code for path in pages}
    guesser = Client(REMOTE_ADDR="10.9.0.2")
    statuses["login: wrong password"] = guesser.post(
        reverse("login"), {"username": "leitung", "password": "falsch"}
    ).status_code
    statuses["login: right password"] = (
        Client(REMOTE_ADDR="10.9.0.3")
        .post(reverse("login"), {"username": "leitung", "password": PASSWORD})
        .status_code
    )
    return statuses


EXPECTED = {
    "/e/" + "x" * 32 + "/": 404,
    "/e/?code=ZZZZ-ZZZZ": 404,
    "login: wrong password": 200,  # the form again, with its message
    "login: right password": 302,
}


def assert_answered(statuses: dict[str, int]) -> None:
    for path, status in statuses.items():
        expected = EXPECTED.get(path, 302 if path.startswith("/e/?code=") else 200)
        assert status == expected, (path, status, statuses)


# ---------------------------------------------------------------------------- the shared caches


@pytest.fixture
def database_cache(club_evening):
    caches_setting = {
        "default": {
            "BACKEND": "tournament.cache.backends.DataOnlyDatabaseCache",
            "LOCATION": CACHE_TABLE,
        },
        "local": LOCAL,
    }
    with override_settings(CACHES=caches_setting):
        call_command("createcachetable", verbosity=0)
        try:
            yield plant_in_database
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE {connection.ops.quote_name(CACHE_TABLE)}")


def plant_in_database(payload: bytes) -> list[str]:
    """Every key of the cache table overwritten as Django's DatabaseCache stores a value."""
    table = connection.ops.quote_name(CACHE_TABLE)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT cache_key FROM {table}")
        keys = [key for (key,) in cursor.fetchall()]
        cursor.execute(f"UPDATE {table} SET value = %s", [base64.b64encode(payload).decode()])
    return keys


@pytest.fixture
def redis_cache(club_evening):
    redis = pytest.importorskip("redis", reason="the redis package is not installed")
    try:
        redis.Redis.from_url(REDIS_LOCATION, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError as error:
        pytest.skip(f"no Redis at {REDIS_LOCATION} ({error}): set TEST_REDIS_URL to test it")
    prefix = f"doko-test-{uuid.uuid4().hex}"
    caches_setting = {
        "default": {
            "BACKEND": "tournament.cache.redis.DataOnlyRedisCache",
            "LOCATION": REDIS_LOCATION,
            "KEY_PREFIX": prefix,
        },
        "local": LOCAL,
    }
    client = redis.Redis.from_url(REDIS_LOCATION)

    def plant(payload: bytes) -> list[str]:
        keys = [key.decode() for key in client.scan_iter(f"{prefix}:*")]
        for key in keys:
            client.set(key, payload, keepttl=True)  # as Django's RedisSerializer stores it
        return keys

    with override_settings(CACHES=caches_setting):
        try:
            yield plant
        finally:
            for key in client.scan_iter(f"{prefix}:*"):
                client.delete(key)


def plant_in_local(payload: bytes) -> list[str]:
    """Every key of this process's ``local`` cache overwritten as Django's LocMemCache keeps a
    value (a pickle)."""
    local = caches["local"]
    with local._lock:
        for key in local._cache:
            local._cache[key] = payload
        return list(local._cache)


@pytest.mark.parametrize("shared", ["database_cache", "redis_cache"])
def test_a_pickle_planted_under_every_key_never_runs(request, shared, club_evening, tmp_path):
    plant_in_shared = request.getfixturevalue(shared)
    tournament, season = club_evening
    assert_answered(walk(tournament, season))

    marker = tmp_path / "pwned"
    payload = pickle.dumps(RunsCode(marker))
    planted = plant_in_shared(payload) + plant_in_local(payload)
    # Every kind of key the app writes is there to be planted.
    for family in (
        ":standings:",
        ":season-evening:",
        ":throttle:login:",
        ":throttle:captain-token:",
        'template.cache."public-standings-table"',  # the rendered rows
    ):
        assert any(family in key for key in planted), (family, planted)

    assert_answered(walk(tournament, season))
    assert not marker.exists(), "a cached pickle was unpickled: it ran code"
    # The planted values were misses, replaced by data: the pages work on from the cache.
    assert_answered(walk(tournament, season))
    assert not marker.exists()


# ---------------------------------------------------------------------------- Redis unreachable


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed again when the probe is


@pytest.fixture
def unreachable_redis(club_evening):
    pytest.importorskip("redis", reason="the redis package is not installed")
    caches_setting = {
        "default": {
            "BACKEND": "tournament.cache.redis.DataOnlyRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/2",
            "KEY_PREFIX": "doko",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        },
        "local": LOCAL,
    }
    redis_backend._resting_until.clear()
    throttle.FALLBACK.clear()  # the brakes' counts of this process while Redis is away
    with override_settings(CACHES=caches_setting):
        yield
    redis_backend._resting_until.clear()
    throttle.FALLBACK.clear()


def test_with_redis_unreachable_every_page_answers(unreachable_redis, club_evening):
    tournament, season = club_evening
    assert_answered(walk(tournament, season))
    redis_backend._resting_until.clear()  # not resting: every call meets the closed port
    assert_answered(walk(tournament, season))


def test_with_redis_unreachable_the_login_brake_still_holds(unreachable_redis, club_evening):
    """Counted in this process meanwhile: the limit holds, our 429 page, never a 500."""
    guesser = Client(REMOTE_ADDR="10.9.0.7")
    statuses = [
        guesser.post(reverse("login"), {"username": "leitung", "password": f"falsch{n}"})
        for n in range(login.MAX_FAILURES + 2)
    ]
    assert [r.status_code for r in statuses] == [200] * login.MAX_FAILURES + [429, 429]
    assert "Zu viele" in statuses[-1].content.decode()
    right = guesser.post(reverse("login"), {"username": "leitung", "password": PASSWORD})
    assert right.status_code == 429  # still blocked: the brake does not fail open
    other = Client(REMOTE_ADDR="10.9.0.8")
    assert (
        other.post(reverse("login"), {"username": "leitung", "password": PASSWORD}).status_code
        == 302
    )

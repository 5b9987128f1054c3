"""Shared fixtures: an organiser, tournaments with participants, drawn rounds."""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from demo.names import FIRST_NAMES, LAST_NAMES
from demo.names import player_name as demo_player_name
from demo.play import play_round
from tournament.events.services import create_tournament
from tournament.models import Participant, Round, Tournament
from tournament.participants.services import add_participant, import_participants

# The tests' participants: the first 20 first names and 10 last names of the demo lists, as they
# have always been (tests assert names, and orders and ties that follow from them).
TEST_FIRST_NAMES = FIRST_NAMES[:20]
TEST_LAST_NAMES = LAST_NAMES[:10]

# Property tests: ``ci`` for make test, ``deep`` for make test-deep (tests/examples.py scales the
# tests that state their own count). No deadline: the machine is shared, a slow example is not a
# wrong one.
hypothesis_settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile(
    "deep", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Hashing passwords with PBKDF2 (production's hasher) costs about a third of the suite's time;
# tests/reliability/test_security.py checks that production keeps a strong hasher.
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def player_name(index: int) -> str:
    return demo_player_name(index, TEST_FIRST_NAMES, TEST_LAST_NAMES)


def pytest_report_header(config) -> str:
    """Say which database the suite runs against (SQLite, or PostgreSQL with DATABASE_URL)."""
    from django.conf import settings

    return f"database: {settings.DATABASES['default']['ENGINE']}"


@pytest.fixture(autouse=True, scope="session")
def fast_password_hasher():
    """Every test hashes passwords with MD5: fast, and no test needs it strong. The processes some
    tests start (``manage.py check``, ``python -c``) read config.settings and keep its hasher;
    the live server of the browser tests runs in this process and shares the override."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        yield


@pytest.fixture(autouse=True)
def fresh_cache():
    """Public pages cache for a few seconds; every test starts with empty caches (the shared
    one and this process's own, ``local``)."""
    from django.core.cache import caches

    for alias in ("default", "local"):
        caches[alias].clear()
    yield
    for alias in ("default", "local"):
        caches[alias].clear()


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("leitung", password="geheim-und-lang-42")


@pytest.fixture
def organiser_client(organiser):
    """A logged-in organiser; a separate client from pytest-django's anonymous ``client``."""
    from django.test import Client

    logged_in = Client()
    logged_in.force_login(organiser)
    return logged_in


@pytest.fixture
def make_tournament(db, organiser) -> Callable[..., Tournament]:
    def make(name: str = "Herbstturnier", **options) -> Tournament:
        return create_tournament(
            name=name, date=datetime.date(2025, 4, 3), user=organiser, **options
        )

    return make


@pytest.fixture
def tournament(make_tournament) -> Tournament:
    return make_tournament()


@pytest.fixture
def add_participants(organiser) -> Callable[[Tournament, int], list[Participant]]:
    def add(tournament: Tournament, count: int, start: int = 0) -> list[Participant]:
        return [
            add_participant(tournament, name=player_name(start + i), user=organiser)
            for i in range(count)
        ]

    return add


EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "fixtures"


def example_sheet(table_size: int) -> dict:
    """An example sheet of fixtures/sheets: records, points, totals per game."""
    import json

    name = "sheet-4-players.json" if table_size == 4 else "sheet-5-players.json"
    return json.loads((EXAMPLES / "sheets" / name).read_text(encoding="utf-8"))


def example_records(table_size: int) -> list[dict]:
    return [game["record"] for game in example_sheet(table_size)["games"]]


@pytest.fixture
def confirm_round(db) -> Callable[..., None]:
    """``confirm_round(tournament, number=1, user=None)``: a released round played, every table's
    sheet the example sheet of its size (4 or 5 players), handed in as final and confirmed."""

    def confirm(tournament: Tournament, number: int = 1, user=None) -> None:
        round_ = Round.objects.get(tournament=tournament, number=number)
        play_round(round_, lambda sheet: example_records(sheet.size), user=user)

    return confirm


@pytest.fixture
def evening(tournament, organiser):
    """The 18 example participants, round 1 seated from slips (tables 4, 4, 5, 5), released.

    Table 1 holds the players of the 4-player example sheet, table 3 those of the 5-player one.
    """
    from scoring.evening.rounds import release_round
    from tournament.seating.services import enter_slips

    data = (EXAMPLES / "teilnehmer.csv").read_bytes()
    people = import_participants(tournament, data, "teilnehmer.csv", user=organiser)
    slips = [1, 2, 3, 4, 9, 10, 11, 12, 13, 5, 6, 7, 8, 14, 15, 16, 17, 18]
    enter_slips(tournament, {p.pk: n for p, n in zip(people, slips, strict=True)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament

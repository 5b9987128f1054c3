"""Shared fixtures: an organiser, tournaments with participants, drawn rounds."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Participant, Tournament

FIRST_NAMES = [
    "Anna",
    "Bernd",
    "Carla",
    "Dieter",
    "Elke",
    "Frank",
    "Gisela",
    "Heinz",
    "Ines",
    "Jürgen",
    "Karin",
    "Lothar",
    "Monika",
    "Norbert",
    "Olga",
    "Peter",
    "Renate",
    "Stefan",
    "Tanja",
    "Uwe",
]
LAST_NAMES = [
    "Müller",
    "Schäfer",
    "Groß",
    "Weiß",
    "Krämer",
    "Fuß",
    "Bäcker",
    "Löwe",
    "Jäger",
    "Voß",
]


def player_name(index: int) -> str:
    first = FIRST_NAMES[index % len(FIRST_NAMES)]
    last = LAST_NAMES[(index // len(FIRST_NAMES)) % len(LAST_NAMES)]
    suffix = index // (len(FIRST_NAMES) * len(LAST_NAMES))
    return f"{first} {last}" + (f" {suffix + 1}" if suffix else "")


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("leitung", password="geheim-und-lang-42")


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def make_tournament(db, organiser) -> Callable[..., Tournament]:
    def make(name: str = "Herbstturnier", **options) -> Tournament:
        return services.create_tournament(
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
            services.add_participant(tournament, name=player_name(start + i), user=organiser)
            for i in range(count)
        ]

    return add

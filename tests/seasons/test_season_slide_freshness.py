"""The projector's season slide stays fresh: a confirmation on another evening of the season, a
change of the season and an evening added to it give the projector a new ETag (not a 304 with
the old table), with the shared cache and without it."""

from __future__ import annotations

import re

import pytest
from django.core.cache.backends.dummy import DummyCache
from django.urls import reverse

from demo.management.commands.generate_demo import generated_records
from demo.play import play_round
from seasons.services import add_tournament, create_season, update_season
from tournament.polling import stamp as stamp_module

pytestmark = pytest.mark.django_db

FOUR = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]


def season_slide(html: str) -> str:
    found = re.search(r'<section class="slide[^"]*" data-kind="season".*?</section>', html, re.S)
    assert found, "no season slide"
    return found.group(0)


@pytest.fixture
def evenings(club, play_evening):
    """January with round 2 still open, February played; both in one season."""
    january = play_evening(club, "jan", FOUR, rounds=2, played=1)
    february = play_evening(club, "feb", FOUR, day=2, seed=5)
    season = create_season(club, "2025", name="Saison 2025", tournaments=[january, february])
    return january, february, season


def projector_of(tournament) -> str:
    return reverse("public:projector", args=[tournament.slug])


def confirm_januarys_second_round(january) -> None:
    play_round(january.rounds.get(number=2), generated_records(7, 2, 1))


def test_a_confirmation_on_another_evening_refreshes_the_season_slide(client, evenings):
    january, february, _season = evenings
    url = projector_of(february)
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304

    confirm_januarys_second_round(january)

    fresh = client.get(url, headers={"if-none-match": etag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != etag
    assert season_slide(fresh.content.decode()) != season_slide(first.content.decode())
    # Every player has one round more in the season table now.
    assert ">3</td>" in season_slide(fresh.content.decode())


def test_a_change_of_the_season_or_its_evenings_refreshes_the_slide(club, play_evening, client):
    january = play_evening(club, "jan", FOUR)
    march = play_evening(club, "mar", FOUR, day=3, seed=9)
    season = create_season(club, "2025", name="Saison 2025", tournaments=[january])
    url = projector_of(january)
    etag = client.get(url).headers["ETag"]

    add_tournament(season, march)
    added = client.get(url, headers={"if-none-match": etag})
    assert added.status_code == 200 and added.headers["ETag"] != etag

    etag = added.headers["ETag"]
    update_season(
        season,
        name="Jahreswertung 2025",
        rule="sum",
        best=None,
        min_rounds=0,
        public_standings=True,
        public_projector=True,
    )
    renamed = client.get(url, headers={"if-none-match": etag})
    assert renamed.status_code == 200 and "Jahreswertung 2025" in renamed.content.decode()


def test_without_a_shared_cache_the_other_evenings_changes_count_too(client, evenings, monkeypatch):
    monkeypatch.setattr(stamp_module, "cache", DummyCache("none", {}))  # keeps nothing
    january, february, _season = evenings
    url = projector_of(february)
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304

    confirm_januarys_second_round(january)

    assert client.get(url, headers={"if-none-match": etag}).status_code == 200


def test_an_evening_outside_the_season_leaves_the_projector_alone(club, play_evening, client):
    january = play_evening(club, "jan", FOUR, rounds=2, played=1)
    february = play_evening(club, "feb", FOUR, day=2, seed=5)
    create_season(club, "2025", name="Saison 2025", tournaments=[february])
    url = projector_of(february)
    etag = client.get(url).headers["ETag"]

    confirm_januarys_second_round(january)

    assert client.get(url, headers={"if-none-match": etag}).status_code == 304

"""Public pages: switches, names and points only, a fixed number of queries."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round
from scoring.models import ScoreLine
from tournament.events.services import create_tournament
from tournament.participants.services import set_checked_in, update_participant

pytestmark = pytest.mark.django_db

SWITCHES = {
    "public_seating": ["public:lookup", "public:seating"],
    "public_standings": ["public:standings"],
    "public_rules": ["public:rules"],
    "public_projector": ["public:projector"],
    "public_player_pages": ["public:player"],
}


def public_urls(tournament, names):
    participant = tournament.participants.first()
    urls = []
    for name in names:
        args = (
            [tournament.slug, participant.public_id]
            if name == "public:player"
            else [tournament.slug]
        )
        urls.append(reverse(name, args=args))
    return urls


@pytest.mark.parametrize("switch", list(SWITCHES))
def test_each_public_page_can_be_switched_off(client, evening, switch):
    urls = public_urls(evening, SWITCHES[switch])
    for url in urls:
        assert client.get(url).status_code == 200, url
    setattr(evening, switch, False)
    evening.save()
    for url in urls:
        assert client.get(url).status_code == 404, url
    others = [name for key, names in SWITCHES.items() if key != switch for name in names]
    for url in public_urls(evening, others):
        assert client.get(url).status_code == 200, url


def test_public_pages_show_names_and_points_only(client, evening, confirm_round):
    anna = evening.participants.get(name="Jürgen Müller")
    update_participant(anna, name="Jürgen Müller", club="Geheimer Verein")
    set_checked_in(anna, True)
    confirm_round(evening)
    urls = public_urls(evening, [name for names in SWITCHES.values() for name in names])
    urls += [reverse("public:tournament", args=[evening.slug]), f"/api/t/{evening.slug}/standings"]
    urls += [
        f"/api/t/{evening.slug}/rounds/1/tables",
        reverse("public:lookup", args=[evening.slug]) + "?q=jür",
    ]
    for url in urls:
        page = client.get(url).content.decode()
        assert "Geheimer Verein" not in page, url
        assert "DK Herz-Dame" not in page, url
        assert "anwesend" not in page, url
        assert "/e/" not in page, url  # no captain links


@pytest.mark.parametrize("players", [8, 48])
def test_public_pages_run_a_fixed_number_of_queries(
    client, tournament, add_participants, confirm_round, django_assert_max_num_queries, players
):
    people = add_participants(tournament, players)
    draw_round(tournament, 1, seed=5)
    release_round(tournament, 1)
    confirm_round(tournament)
    urls = public_urls(tournament, [name for names in SWITCHES.values() for name in names])
    urls.append(reverse("public:lookup", args=[tournament.slug]) + "?q=" + people[0].name[:4])
    # The player page reads the standings (with the rows that are no game, penalty lines: one
    # query) and the player's own lines: nine at most, whatever the number of players.
    for url in urls:
        with django_assert_max_num_queries(9):
            assert client.get(url).status_code == 200


def test_public_standings_are_cached_briefly(
    client, evening, django_assert_max_num_queries, settings
):
    settings.PUBLIC_CACHE_SECONDS = 60
    url = reverse("public:standings", args=[evening.slug])
    client.get(url)
    with django_assert_max_num_queries(2):  # the tournament; standings come from the cache
        assert client.get(url).status_code == 200


def test_player_page_lists_points_per_game(client, evening, confirm_round):
    confirm_round(evening)
    heinz = evening.participants.get(name="Heinz Groß")
    page = client.get(reverse("public:player", args=[evening.slug, heinz.public_id]))
    page = page.content.decode()
    assert "Tisch 1, Platz 3" in page and "Summe: 31" in page and "+27" in page
    other = create_tournament(name="Anderes", date=evening.date)
    elsewhere = reverse("public:player", args=[other.slug, heinz.public_id])
    assert client.get(elsewhere).status_code == 404


def test_player_pages_are_addressed_by_a_random_id_not_the_pk(client, evening, confirm_round):
    confirm_round(evening)
    people = list(evening.participants.order_by("pk"))
    ids = [person.public_id for person in people]
    assert len(set(ids)) == len(ids) and all(len(public_id) >= 12 for public_id in ids)
    assert not any(public_id.isdigit() for public_id in ids)
    heinz = evening.participants.get(name="Heinz Groß")
    assert client.get(f"/t/{evening.slug}/spieler/{heinz.public_id}/").status_code == 200
    # the old addresses by sequential pk lead nowhere, for any participant
    for person in people:
        assert client.get(f"/t/{evening.slug}/spieler/{person.pk}/").status_code == 404
    # the standings link every player by the public id, never by the pk
    page = client.get(reverse("public:standings", args=[evening.slug])).content.decode()
    links = re.findall(r'href="/t/[^/]+/spieler/([^/"]+)/"', page)
    assert sorted(links) == sorted(p.public_id for p in people if p.seats.exists())
    assert not any(link.isdigit() for link in links)


def test_projector_shows_new_seating_then_standings(client, evening, confirm_round):
    url = reverse("public:projector", args=[evening.slug])
    page = client.get(url).content.decode()
    assert "Sitzordnung" in page and "Tisch 3 · Platz 1" in page
    confirm_round(evening)
    assert ScoreLine.objects.exists()
    page = client.get(url).content.decode()
    assert "Stand nach Durchgang 1" in page and "Dieter Bäcker" in page
    assert "projector.js" in page and "<script>" not in page


def test_rules_page_shows_the_options_in_german(client, evening):
    evening.ruleset_options = {"deck": 48, "ddv_absage_bonus": True}
    evening.save()
    page = client.get(reverse("public:rules", args=[evening.slug])).content.decode()
    assert (
        "48 Karten" in page and "Zusatzpunkte nach DDV" in page and "Fuchs am End gefangen" in page
    )

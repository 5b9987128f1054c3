"""What the public web shows of a name: with "Vorname N." (or start numbers) no public surface
carries a full name — every public route of the URL map is walked, with every player's and
member's page — while the organiser's pages still do."""

from __future__ import annotations

import json

import pytest
from django.core.cache import caches

from demo.management.commands.generate_demo import generated_records
from demo.play import play_round
from tests.tournament.route_world import NAMES, build_world, routes, url_of
from tests.tournament.test_route_permissions import PUBLIC, ROUTES
from tournament.models import Member, NameChoice, Participant, PublicNames, Round
from tournament.privacy.names import initials, short_name, shown_name
from tournament.privacy.services import save_club_privacy, set_name_choice

pytestmark = pytest.mark.django_db

# Public routes that are no publishing surface: logging in and out, the language, an
# invitation, and the captains' links (the table's own sheet, names as on the paper list).
NOT_SURFACES = ("login", "logout", "set_language", "invitation")


def public_urls(world) -> list[str]:
    """Every public route of the URL map (new ones included), every player's and member's page,
    and the projector's fixed slides."""
    values = world.params()
    urls = []
    for route in routes():
        who = ROUTES.get(route.key, (None,))[0]
        if who != PUBLIC or route.key in NOT_SURFACES or route.key.startswith("captain:"):
            continue
        urls.append(url_of(route, values))
        if "<slug:public_id>" in route.path:
            for participant in Participant.objects.filter(tournament=world.tournament):
                urls.append(url_of(route, values | {"public_id": participant.public_id}))
        if "<slug:member>" in route.path:
            for member in Member.objects.filter(club=world.tournament.club):
                urls.append(url_of(route, values | {"member": member.public_id}))
    slug = world.tournament.slug
    urls += [f"/t/{slug}/beamer/?show=seating", f"/t/{slug}/beamer/?show=standings"]
    return urls


def played_world():
    world = build_world()
    round_ = Round.objects.get(tournament=world.tournament, number=1)
    play_round(round_, generated_records(7, 1, 1))
    return world


# Words of the rules page that are also surnames of the world ("Fuchs"): the page lists no
# players, so only full names are looked for there.
RULES_PAGE = "/regeln/"


def texts_of(client, urls):
    for url in urls:
        for alias in ("default", "local"):
            caches[alias].clear()
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response) if response.streaming else response.content
        yield url, body.decode()


def set_rule(club, rule: str) -> None:
    save_club_privacy(
        club,
        public_names=rule,
        consent_allowed=True,
        guest_retention_months=None,
        embed_origins="",
        public_player_pages=True,
    )


def test_with_vorname_n_no_public_surface_carries_a_full_name():
    world = played_world()
    set_rule(world.tournament.club, PublicNames.SHORT)
    client = world.client("anonymous")
    urls = public_urls(world)
    assert any("/api/" in url for url in urls) and any("saison" in url for url in urls)
    seen_short = False
    for url, text in texts_of(client, urls):
        for name in NAMES:
            surname = name.split()[1]
            assert name not in text, (url, name)
            assert RULES_PAGE in url or surname not in text, (url, surname)
        seen_short |= "Anna A." in text
    assert seen_short


def test_with_start_numbers_only_no_public_surface_carries_a_name():
    world = played_world()
    set_rule(world.tournament.club, PublicNames.NUMBER)
    for url, text in texts_of(world.client("anonymous"), public_urls(world)):
        for name in NAMES:
            assert name not in text, (url, name)
            for part in name.split():
                assert RULES_PAGE in url or part not in text, (url, part)


def test_organiser_pages_still_show_full_names():
    world = played_world()
    set_rule(world.tournament.club, PublicNames.NUMBER)
    slug, club = world.tournament.slug, world.tournament.club.slug
    leader = world.client("leader")
    for url in (
        f"/verwaltung/{slug}/tabelle/",
        f"/verwaltung/{slug}/teilnehmer/",
        f"/verwaltung/vereine/{club}/saisons/2025/",
    ):
        text = leader.get(url).content.decode()
        assert "Anna Arndt" in text, url


def test_the_tournament_setting_overrides_the_club_and_the_person_has_a_say():
    world = played_world()
    tournament = world.tournament
    set_rule(tournament.club, PublicNames.FULL)
    tournament.public_names = PublicNames.SHORT
    tournament.save()
    anna = Participant.objects.get(tournament=tournament, name="Anna Arndt")
    bernd = Participant.objects.get(tournament=tournament, name="Bernd Bauer")
    set_name_choice(anna.member, NameChoice.CONSENT)
    set_name_choice(bernd, NameChoice.OBJECTION)
    rows = json.loads(world.client("anonymous").get(f"/api/t/{tournament.slug}/standings").content)
    names = {row["name"] for row in rows}
    assert {"Anna Arndt", "B. B.", "Carla C."} <= names
    # Consent counts only where the club allows it; the objection always.
    save_club_privacy(
        tournament.club,
        public_names=PublicNames.FULL,
        consent_allowed=False,
        guest_retention_months=None,
        embed_origins="",
    )
    caches["default"].clear()
    rows = json.loads(world.client("anonymous").get(f"/api/t/{tournament.slug}/standings").content)
    assert {"Anna A.", "B. B."} <= {row["name"] for row in rows}


@pytest.mark.parametrize(
    ("name", "short", "letters"),
    [
        ("Anna Müller", "Anna M.", "A. M."),
        ("Müller, Anna", "Anna M.", "A. M."),
        ("Karl von der Heide", "Karl H.", "K. H."),
        ("Anna Maria Weiß", "Anna Maria W.", "A. M. W."),
        ("Cher", "Cher", "C."),
    ],
)
def test_short_names_and_initials(name, short, letters):
    assert short_name(name) == short
    assert initials(name) == letters


def test_an_objection_keeps_a_start_number_and_consent_needs_the_club():
    assert shown_name("Anna Müller", PublicNames.NUMBER, NameChoice.OBJECTION, 3, True) == "Nr. 3"
    assert shown_name("Anna Müller", PublicNames.NUMBER, NameChoice.CONSENT, 3, True) == (
        "Anna Müller"
    )
    assert shown_name("Anna Müller", PublicNames.SHORT, NameChoice.CONSENT, 3, False) == "Anna M."

"""A Helfer's pages offer only what a Helfer may do: no registration form, no import, no edit or
withdraw buttons, no new tournament, no restoring (each of those answers 403)."""

import re
from html import unescape
from urllib.parse import urlsplit

import pytest
from django.urls import Resolver404, resolve

from tests.tournament.route_world import build_world, routes, url_of
from tests.tournament.test_route_permissions import PUBLIC, ROUTES, expected_status

pytestmark = pytest.mark.django_db


def test_the_helpers_participant_list_has_check_in_but_no_registration():
    world = build_world()
    url = f"/verwaltung/{world.tournament.slug}/teilnehmer/"
    helper = world.client("helper").get(url).content.decode()
    leader = world.client("leader").get(url).content.decode()
    assert "alle anwesend" in helper and "alle anwesend" in leader
    withdraw = f"/teilnehmer/{world.participant.pk}/abmelden/"
    for offer in ('id="add-participant"', "/teilnehmer/import/", withdraw, "Bearbeiten"):
        assert offer in leader
        assert offer not in helper


def test_the_helpers_tournament_list_offers_no_new_tournament_or_restore():
    world = build_world()
    helper = world.client("helper").get("/verwaltung/").content.decode()
    leader = world.client("leader").get("/verwaltung/").content.decode()
    members = f"/verwaltung/vereine/{world.tournament.club.slug}/mitglieder/"
    for offer in ("/verwaltung/neu/", "/verwaltung/sicherung/einlesen/", members):
        assert offer in leader
        assert offer not in helper
    assert world.tournament.name in helper


FORM = re.compile(r"<form\b([^>]*)>", re.I)
LINK = re.compile(r"<a\b[^>]*\bhref=\"(/[^\"]*)\"", re.I)
ATTRIBUTE = re.compile(r"(\w+)=\"([^\"]*)\"")


def offers(html: str, page_url: str) -> set[tuple[str, str]]:
    """(method, path) of every form and internal link on a page."""
    found = set()
    for attributes in FORM.findall(html):
        values = dict(ATTRIBUTE.findall(attributes))
        method = values.get("method", "get").upper()
        found.add((method, urlsplit(unescape(values.get("action") or page_url)).path))
    for href in LINK.findall(html):
        found.add(("GET", urlsplit(unescape(href)).path))
    return found


def confirm_round_one(world) -> None:
    from demo.management.commands.generate_demo import generated_records
    from demo.play import play_round

    play_round(world.tournament.rounds.get(number=1), generated_records(7, 1, 1))


def draft_round_two(world) -> dict:
    from scoring.evening.rounds import draw_round

    confirm_round_one(world)
    draw_round(world.tournament, 2, seed=3)
    return {"number": 2}


def closed_round_one(world) -> dict:
    from scoring.evening.rounds import close_round

    confirm_round_one(world)
    close_round(world.tournament, 1)
    return {}


STATES = {
    "round 1 released, sheets open": lambda world: {},
    "round 1 confirmed, round 2 drawn (draft)": draft_round_two,
    "round 1 confirmed and closed": closed_round_one,
}


@pytest.mark.parametrize("state", STATES)
def test_no_page_a_helper_may_open_offers_an_action_a_helper_may_not_take(state):
    """Every form and link on every page the Helfer may open leads somewhere the Helfer may go:
    the permission table of test_route_permissions.py, read off the pages themselves."""
    world = build_world()
    values = world.params() | STATES[state](world)
    helper = world.client("helper")
    dead = []
    for route in routes():
        who, get_status, _post = ROUTES[route.key]
        if route.key.startswith("admin:") or who == PUBLIC:
            continue
        if expected_status(who, "helper", "GET", get_status) != 200:
            continue
        url = url_of(route, values)
        response = helper.get(url)
        if not response["Content-Type"].startswith("text/html"):
            continue
        for method, path in offers(response.content.decode(), url):
            try:
                match = resolve(path)
            except Resolver404:
                continue
            target = ROUTES.get(match.view_name)
            if target is None or match.view_name.startswith("admin:"):
                continue
            allowed = target[1] if method == "GET" else target[2]
            if expected_status(target[0], "helper", method, allowed) == 403:
                dead.append(f"{url}: {method} {path} ({match.view_name})")
    assert not dead, "A Helfer is offered what answers 403:\n" + "\n".join(sorted(set(dead)))

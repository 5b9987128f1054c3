"""The world the route walk of ``test_route_permissions.py`` runs in: a club with a tournament
(participants who are members, round 1 drawn and released, sheets and captains' links, an open
online sign-up with one sign-up), a season of that club, another club with its own
Turnierleitung, and a superuser; and every URL route of the project with its parameters filled
from that world."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from scoring.evening.rounds import draw_round, release_round
from seasons.services import create_season
from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import ClubMembership, Member, Participant, Signup, Table, Tournament
from tournament.participants.services import import_participants
from tournament.privacy.links import personal_token
from tournament.signup.services import save_settings, sign_up

NAMES = [
    "Anna Arndt",
    "Bernd Bauer",
    "Carla Cramer",
    "Dieter Dorn",
    "Emil Engel",
    "Frieda Fuchs",
    "Gerd Graf",
    "Hanna Hahn",
]
PASSWORD = "ein-langes-passwort-1"

ROLES = ("anonymous", "player", "helper", "leader", "other_club", "superuser")


@dataclass(frozen=True)
class World:
    tournament: Tournament
    participant: Participant
    member: Member
    season_slug: str
    token: str
    signup: Signup
    logins: dict[str, object]  # role -> user (None: no login)

    def params(self) -> dict[str, object]:
        """A value for every parameter name a route of the project uses."""
        return {
            "slug": self.tournament.slug,
            "number": 1,
            "table": 1,
            "pk": self.participant.pk,
            "public_id": self.participant.public_id,
            "club": self.tournament.club.slug,
            "season": self.season_slug,
            "member": self.member.public_id,
            "personal": personal_token(self.member),
            "token": self.token,
            "signup_token": self.signup.token,
            "signup_pk": self.signup.pk,
            # The admin's routes: nothing of that id exists (deterministic on every database).
            "app_label": "tournament",
            "object_id": "0",
            "id": "0",
            "content_type_id": "0",
            "url": "gibt-es-nicht/",
        }

    def client(self, role: str) -> Client:
        client = Client()
        user = self.logins[role]
        if user is not None:
            client.force_login(user)
        return client


def build_world() -> World:
    User = get_user_model()
    club = create_club("doko-freunde", name="Doko-Freunde Musterstadt")
    other = create_club("nachbarn", name="Die Nachbarn")
    leader = User.objects.create_user("leitung", password=PASSWORD)
    helper = User.objects.create_user("helfer", password=PASSWORD)
    stranger = User.objects.create_user("fremd", password=PASSWORD)
    superuser = User.objects.create_superuser("chef", password=PASSWORD)
    ClubMembership.objects.create(user=leader, club=club, role=ClubMembership.Role.ORGANISER)
    ClubMembership.objects.create(user=helper, club=club, role=ClubMembership.Role.HELPER)
    ClubMembership.objects.create(user=stranger, club=other, role=ClubMembership.Role.ORGANISER)
    tournament = create_tournament(
        name="Herbstturnier", date=datetime.date(2025, 10, 3), slug="herbst", club=club, cycles=1
    )
    csv = ("Name\n" + "\n".join(NAMES) + "\n").encode()
    people = import_participants(tournament, csv, "teilnehmer.csv")
    draw_round(tournament, 1, seed=7)
    release_round(tournament, 1)
    create_season(club, "2025", name="Jahreswertung 2025", tournaments=[tournament])
    participant = people[0]
    save_settings(tournament, {"enabled": True, "cap": 20})
    signup = sign_up(tournament, {"name": "Ida Igel"})
    return World(
        tournament=tournament,
        participant=participant,
        member=participant.member,
        season_slug="2025",
        token=Table.objects.get(round__tournament=tournament, number=1).entry_token,
        signup=signup,
        logins={
            "anonymous": None,
            "player": None,
            "helper": helper,
            "leader": leader,
            "other_club": stranger,
            "superuser": superuser,
        },
    )


@dataclass(frozen=True)
class Route:
    key: str  # ``namespace:name``; an unnamed route: ``namespace:`` and its pattern
    path: str  # the pattern from the root, e.g. "verwaltung/<slug:slug>/einstellungen/"


PLACEHOLDER = re.compile(r"<(?:\w+:)?(\w+)>")
REGEX_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def pattern_text(pattern: URLPattern | URLResolver) -> str:
    return str(pattern.pattern).removeprefix("^").removesuffix("$").removesuffix("\\Z")


def routes(patterns=None, namespace: str = "", prefix: str = "") -> list[Route]:
    """Every route of the URL map (named or not), depth first, as the resolver holds them."""
    if patterns is None:
        patterns = get_resolver().url_patterns
    found: list[Route] = []
    for pattern in patterns:
        text = prefix + pattern_text(pattern)
        if isinstance(pattern, URLResolver):
            inner = ":".join(part for part in (namespace, pattern.namespace or "") if part)
            found.extend(routes(pattern.url_patterns, inner, text))
        elif isinstance(pattern, URLPattern):
            name = pattern.name or pattern_text(pattern)
            found.append(Route(f"{namespace}:{name}" if namespace else name, text))
    return found


def url_of(route: Route, values: dict[str, object]) -> str:
    """The route's address with every parameter filled from ``values``."""
    path = REGEX_GROUP.sub(lambda m: str(values[m.group(1)]), route.path)
    path = PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), path)
    return "/" + path

"""The club's own pages for its logins: founding a club, inviting by link, roles, removing,
attaching an older tournament. Turnierleitung only: a Helfer gets 403, another club's logins
404, and neither changes anything."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournament.clubs.logins import accept_invitation, attach_tournament, found_club, invite
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.models import AuditEntry, Club, ClubInvitation, ClubMembership, Tournament
from tournament.permissions import grant_access

pytestmark = pytest.mark.django_db

PASSWORD = "ein-langes-passwort-1"
ORGANISER, HELPER = ClubMembership.Role.ORGANISER, ClubMembership.Role.HELPER


def make_user(name: str):
    return get_user_model().objects.create_user(name, password=PASSWORD)


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def leader(db):
    return make_user("leiterin")


@pytest.fixture
def club(leader):
    return found_club(leader, name="Doko-Club", slug="doko")


@pytest.fixture
def helper(club):
    user = make_user("helfer")
    ClubMembership.objects.create(user=user, club=club, role=HELPER)
    return user


@pytest.fixture
def neighbour(db):
    user = make_user("nachbar")
    found_club(user, name="Nachbarverein", slug="nachbarn")
    return user


def club_urls(club: Club) -> list[str]:
    """Every page of the club's login management."""
    return [
        reverse(name, args=[club.slug])
        for name in (
            "clubs:logins",
            "clubs:login",
            "clubs:invitation_withdraw",
            "clubs:tournaments",
        )
    ]


def state() -> list:
    return [
        list(ClubMembership.objects.order_by("pk").values_list("user", "club", "role")),
        list(ClubInvitation.objects.order_by("pk").values_list("pk", "accepted_at")),
        list(Tournament.objects.order_by("pk").values_list("pk", "club")),
        list(Club.objects.order_by("pk").values_list("slug")),
    ]


def test_a_login_without_a_club_founds_one_on_its_own_pages(leader):
    client = login(make_user("neu"))
    home = client.get(reverse("tournament:list")).content.decode()
    assert reverse("clubs:create") in home
    assert client.get(reverse("clubs:create")).status_code == 200
    response = client.post(reverse("clubs:create"), {"name": "Skatfreunde Nord", "slug": ""})
    assert response.status_code == 302
    assert response["Location"] == reverse("clubs:logins", args=["skatfreunde-nord"])
    club = Club.objects.get(slug="skatfreunde-nord")
    assert club.memberships.get().role == ORGANISER
    assert reverse("clubs:create") not in client.get(reverse("tournament:list")).content.decode()


def test_founding_refuses_bad_input_at_the_field(leader):
    client = login(leader)
    response = client.post(reverse("clubs:create"), {"name": "", "slug": "x"})
    assert response.status_code == 200 and not Club.objects.exists()
    response = client.post(reverse("clubs:create"), {"name": "Verein", "slug": "Mit Leer"})
    assert "nur Kleinbuchstaben" in response.content.decode()
    assert not Club.objects.exists()


def test_a_login_with_a_club_cannot_found_another_and_strangers_must_log_in(club, helper):
    for user in (club.memberships.get(role=ORGANISER).user, helper):
        client = login(user)
        assert client.get(reverse("clubs:create")).status_code == 403
        assert client.post(reverse("clubs:create"), {"name": "Zweiter"}).status_code == 403
    response = Client().get(reverse("clubs:create"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert Club.objects.count() == 1


def test_the_helper_gets_403_and_another_club_404_on_every_club_page(club, helper, neighbour):
    urls = club_urls(club)
    leader = club.memberships.get(role=ORGANISER)
    invitation, _token = invite(club, role=HELPER, by=leader.user)
    older = create_tournament(name="Alt", date=datetime.date(2024, 1, 5), user=helper)
    hostile = {
        "action": "remove",
        "login": leader.pk,
        "role": HELPER,
        "invitation": invitation.pk,
        "tournament": older.slug,
        "note": "x",
    }
    before = state()
    for client, status in ((login(helper), 403), (login(neighbour), 404)):
        for url in urls:
            assert client.get(url).status_code == status, url
            assert client.post(url, hostile).status_code == status, url
    assert state() == before


def test_an_invitation_link_is_shown_once_and_makes_a_helper(club, leader):
    client = login(leader)
    url = reverse("clubs:logins", args=[club.slug])
    assert client.post(url, {"role": HELPER, "note": "Karl"}).status_code == 302
    page = client.get(url).content.decode()
    link = re.search(r'id="invitation-link" value="([^"]+)"', page).group(1)
    assert "Karl" in page
    assert "invitation-link" not in client.get(url).content.decode()  # shown only once
    path = link.removeprefix("http://testserver")
    guest = Client()
    opened = guest.get(path)
    assert opened.status_code == 200
    assert "als Helfer mitzumachen" in opened.content.decode()
    refused = guest.post(path, {"username": "karl", "password1": "a", "password2": "b"})
    assert "stimmen nicht überein" in refused.content.decode()
    answer = guest.post(
        path,
        {"username": "karl", "password1": "karl-spielt-gern", "password2": "karl-spielt-gern"},
    )
    assert answer.status_code == 302 and answer["Location"] == reverse("tournament:list")
    karl = get_user_model().objects.get(username="karl")
    assert ClubMembership.objects.get(user=karl, club=club).role == HELPER
    tournament = create_tournament(name="Abend", date=datetime.date(2025, 1, 10), club=club)
    assert guest.get(reverse("tournament:detail", args=[tournament.slug])).status_code == 200
    assert guest.get(reverse("tournament:settings", args=[tournament.slug])).status_code == 403
    used = Client().get(path)
    assert used.status_code == 404
    assert "gilt nicht" in used.content.decode()


def test_a_logged_in_login_joins_with_the_link(club, leader):
    _invitation, token = invite(club, role=ORGANISER, by=leader)
    other = make_user("zweite")
    client = login(other)
    path = reverse("invitation", args=[token])
    assert "Mit diesem Zugang beitreten" in client.get(path).content.decode()
    assert client.post(path, {"join": "1"}).status_code == 302
    assert ClubMembership.objects.get(user=other).role == ORGANISER
    again = login(leader).post(path, {"join": "1"})
    assert again.status_code == 200 and "schon angenommen" in again.content.decode()


def test_roles_and_removal_from_the_page_keep_a_leader(club, leader, helper):
    client = login(leader)
    own = club.memberships.get(user=leader)
    theirs = club.memberships.get(user=helper)
    url = reverse("clubs:logins", args=[club.slug])
    change = reverse("clubs:login", args=[club.slug])
    answer = client.post(change, {"login": own.pk, "action": "remove"})
    assert answer["Location"] == url
    assert "mindestens eine Turnierleitung" in client.get(url).content.decode()
    client.post(change, {"login": theirs.pk, "action": "role", "role": ORGANISER})
    assert club.memberships.get(user=helper).role == ORGANISER
    client.post(change, {"login": theirs.pk, "action": "remove"})
    assert not club.memberships.filter(user=helper).exists()
    bad = client.post(change, {"login": own.pk, "action": "role", "role": "chef"})
    assert bad.status_code == 302
    assert club.memberships.get(user=leader).role == ORGANISER
    for nonsense in ("", "abc", "-1", "9" * 40, str(theirs.pk)):  # theirs: gone now
        answer = client.post(change, {"login": nonsense, "action": "remove"})
        assert answer.status_code == 302
    assert "gibt es im Verein nicht" in client.get(url).content.decode()
    assert client.get(change).status_code == 405


def test_an_invitation_is_withdrawn_from_the_page(club, leader, neighbour):
    invitation, token = invite(club, role=HELPER, by=leader)
    theirs, _other = invite(Club.objects.get(slug="nachbarn"), role=HELPER, by=neighbour)
    client = login(leader)
    withdraw = reverse("clubs:invitation_withdraw", args=[club.slug])
    assert client.post(withdraw, {"invitation": theirs.pk}).status_code == 302
    assert ClubInvitation.objects.filter(pk=theirs.pk).exists()  # another club's: untouched
    assert client.post(withdraw, {"invitation": invitation.pk}).status_code == 302
    assert not ClubInvitation.objects.filter(pk=invitation.pk).exists()
    assert Client().get(reverse("invitation", args=[token])).status_code == 404


def test_an_older_tournament_is_attached_from_the_clubs_page(club, leader):
    older = create_tournament(name="Altes Turnier", date=datetime.date(2024, 3, 1), user=leader)
    foreign = create_tournament(
        name="Fremdes Turnier", date=datetime.date(2024, 3, 1), user=make_user("fremd")
    )
    client = login(leader)
    url = reverse("clubs:tournaments", args=[club.slug])
    page = client.get(url).content.decode()
    assert "Altes Turnier" in page and "Fremdes Turnier" not in page
    client.post(url, {"tournament": foreign.slug})
    assert Tournament.objects.get(pk=foreign.pk).club is None
    client.post(url, {"tournament": older.slug})
    assert Tournament.objects.get(pk=older.pk).club == club
    assert "gehört jetzt zum Verein" in client.get(url).content.decode()


def test_a_co_organiser_of_one_tournament_cannot_hand_it_to_a_club_of_its_own(db):
    """The takeover: a login given one tournament founds a club, attaches the tournament and
    invites a stranger as Turnierleitung, who then opens and changes its settings. Only the
    owner (who created it) or a superuser may move it into a club."""
    owner = make_user("besitzerin")
    evening = create_tournament(name="Sommerturnier", date=datetime.date(2025, 6, 1), user=owner)
    co_organiser = make_user("mitorganisator")
    grant_access(evening, co_organiser)
    client = login(co_organiser)
    assert client.post(reverse("clubs:create"), {"name": "Eigener Verein", "slug": "eigen"})
    own_club = Club.objects.get(slug="eigen")
    url = reverse("clubs:tournaments", args=[own_club.slug])
    assert "Sommerturnier" not in client.get(url).content.decode()
    answer = client.post(url, {"tournament": evening.slug}, follow=True)
    assert "Bitte ein Turnier aus der Liste wählen" in answer.content.decode()
    assert Tournament.objects.get(pk=evening.pk).club is None
    _invitation, token = invite(own_club, role=ORGANISER, by=co_organiser)
    stranger = make_user("fremder")
    accept_invitation(token, stranger)
    settings_page = reverse("tournament:settings", args=[evening.slug])
    assert login(stranger).get(settings_page).status_code == 404
    with pytest.raises(DomainError, match="angelegt hat"):
        attach_tournament(own_club, evening, by=co_organiser)
    assert not evening.audit_entries.filter(details__club="eigen").exists()


def test_the_owner_attaches_its_tournament_and_the_move_is_in_the_protocol(club, leader):
    evening = create_tournament(name="Sommerturnier", date=datetime.date(2025, 6, 1), user=leader)
    login(leader).post(reverse("clubs:tournaments", args=[club.slug]), {"tournament": evening.slug})
    assert Tournament.objects.get(pk=evening.pk).club == club
    entry = evening.audit_entries.get(action=AuditEntry.Action.TOURNAMENT_CHANGED)
    assert entry.user == leader and entry.text == "Dem Verein „Doko-Club“ zugeordnet"


def test_the_club_pages_speak_english(club, leader):
    client = login(leader)
    client.cookies["django_language"] = "en"
    text = client.get(reverse("clubs:logins", args=[club.slug])).content.decode()
    assert "Invite someone" in text and "Jemanden einladen" not in text
    newcomer = login(make_user("neu"))
    newcomer.cookies["django_language"] = "en"
    assert "Found a club" in newcomer.get(reverse("clubs:create")).content.decode()


def test_the_tournament_list_offers_a_helper_no_club_management(club, leader, helper):
    helper_page = login(helper).get(reverse("tournament:list")).content.decode()
    leader_page = login(leader).get(reverse("tournament:list")).content.decode()
    for name in ("clubs:members", "clubs:logins", "clubs:tournaments"):
        link = reverse(name, args=[club.slug])
        assert link in leader_page and link not in helper_page, name
    assert reverse("clubs:create") not in helper_page + leader_page

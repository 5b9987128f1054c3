"""A club runs its own logins (tournament/clubs/logins.py): founding, invitations, roles,
removal, bringing an older tournament in; the club never loses its last Turnierleitung."""

from __future__ import annotations

import datetime
import hashlib
import time

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.scoring.test_concurrency import run_concurrently
from tournament.clubs import logins
from tournament.clubs.logins import (
    accept_invitation,
    accept_with_new_login,
    attach_tournament,
    attachable_tournaments,
    found_club,
    invite,
    open_invitation,
    remove_login,
    set_role,
    withdraw_invitation,
)
from tournament.clubs.services import add_member, create_club
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.models import AuditEntry, Club, ClubInvitation, ClubMembership
from tournament.permissions import FULL, HELPER, role_of, tournaments_for

ORGANISER, HELPER_ROLE = ClubMembership.Role.ORGANISER, ClubMembership.Role.HELPER
PASSWORD = "ein-langes-passwort-1"


def make_user(name: str, **extra):
    return get_user_model().objects.create_user(name, password=PASSWORD, **extra)


@pytest.fixture
def founder(db):
    return make_user("gruenderin")


@pytest.fixture
def club(founder):
    return found_club(founder, name="Doko-Freunde Musterstadt")


@pytest.mark.django_db
def test_a_login_without_a_club_founds_one_and_leads_it(founder):
    club = found_club(founder, name="  Doko-Freunde   Musterstadt ")
    assert (club.name, club.slug) == ("Doko-Freunde Musterstadt", "doko-freunde-musterstadt")
    membership = ClubMembership.objects.get(club=club)
    assert (membership.user, membership.role) == (founder, ORGANISER)


@pytest.mark.django_db
def test_a_login_with_a_club_founds_no_second_one_but_a_superuser_may(club, founder):
    with pytest.raises(DomainError, match="schon zu einem Verein"):
        found_club(founder, name="Zweitverein")
    chief = get_user_model().objects.create_superuser("chef", password=PASSWORD)
    found_club(chief, name="Erster")
    found_club(chief, name="Zweiter")
    assert Club.objects.count() == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("slug", "message"), [("neu", "reserviert"), ("Mit Leerzeichen", "Kleinbuchstaben")]
)
def test_a_bad_or_reserved_short_name_is_refused(founder, slug, message):
    with pytest.raises(DomainError, match=message):
        found_club(founder, name="Verein", slug=slug)
    assert not Club.objects.exists()


@pytest.mark.django_db
def test_a_taken_short_name_is_refused(founder):
    create_club("doko", name="Andere")
    with pytest.raises(DomainError, match="gibt es schon"):
        found_club(founder, name="Doko", slug="doko")
    assert not ClubMembership.objects.exists()


@pytest.mark.django_db
def test_an_invitation_makes_a_new_login_with_the_role_and_opens_once(club, founder):
    invitation, token = invite(club, role=HELPER_ROLE, note="Karl", by=founder)
    # Only the hash is stored: the database alone opens nothing.
    assert token not in invitation.token_hash
    assert invitation.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert open_invitation(token) == invitation
    user = accept_with_new_login(token, username="karl", password="karl-spielt-gern-doko")
    assert user.check_password("karl-spielt-gern-doko")
    assert ClubMembership.objects.get(user=user, club=club).role == HELPER_ROLE
    tournament = create_tournament(name="Abend", date=datetime.date(2025, 1, 10), club=club)
    assert role_of(user, tournament) == HELPER
    assert open_invitation(token) is None
    with pytest.raises(DomainError, match="schon angenommen"):
        accept_with_new_login(token, username="mallory", password="mallory-versucht-es")
    assert not get_user_model().objects.filter(username="mallory").exists()


@pytest.mark.django_db
def test_an_existing_login_joins_with_an_invitation(club, founder):
    _invitation, token = invite(club, role=ORGANISER, by=founder)
    other = make_user("zweite")
    accept_invitation(token, other)
    assert ClubMembership.objects.get(user=other, club=club).role == ORGANISER


@pytest.mark.django_db
def test_a_member_of_the_club_does_not_use_up_the_invitation(club, founder):
    _invitation, token = invite(club, role=HELPER_ROLE, by=founder)
    with pytest.raises(DomainError, match="gehört schon zum Verein"):
        accept_invitation(token, founder)
    assert open_invitation(token) is not None


@pytest.mark.django_db
def test_expired_withdrawn_and_unknown_invitations_open_nothing(club, founder):
    invitation, token = invite(club, role=HELPER_ROLE, by=founder)
    ClubInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    for bad in (token, "erfunden", "", "x" * 5000):
        assert open_invitation(bad) is None
        with pytest.raises(DomainError, match="gilt nicht"):
            accept_with_new_login(bad, username="karl", password="karl-spielt-gern-doko")
    _second, second_token = invite(club, role=HELPER_ROLE, by=founder)
    withdraw_invitation(_second, by=founder)
    with pytest.raises(DomainError, match="gilt nicht"):
        accept_invitation(second_token, make_user("zweite"))
    assert ClubMembership.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("username", "password", "field"),
    [
        ("", "karl-spielt-gern-doko", "username"),
        ("karl leer", "karl-spielt-gern-doko", "username"),
        ("GRUENDERIN", "karl-spielt-gern-doko", "username"),  # taken (any case)
        ("karl", "12345678", "password"),
        ("karl", "kurz", "password"),
    ],
)
def test_a_new_login_follows_the_rules_and_leaves_the_invitation_open(
    club, founder, username, password, field
):
    _invitation, token = invite(club, role=HELPER_ROLE, by=founder)
    with pytest.raises(DomainError) as refused:
        accept_with_new_login(token, username=username, password=password)
    assert refused.value.field == field
    assert open_invitation(token) is not None
    assert get_user_model().objects.count() == 1


@pytest.mark.django_db
def test_only_the_turnierleitung_invites_and_changes_logins(club, founder):
    helper = make_user("helfer")
    ClubMembership.objects.create(user=helper, club=club, role=HELPER_ROLE)
    stranger = make_user("fremd")
    for user in (helper, stranger):
        with pytest.raises(DomainError, match="nur die Turnierleitung"):
            invite(club, role=ORGANISER, by=user)
        with pytest.raises(DomainError, match="nur die Turnierleitung"):
            set_role(ClubMembership.objects.get(user=helper), ORGANISER, by=user)
        with pytest.raises(DomainError, match="nur die Turnierleitung"):
            remove_login(ClubMembership.objects.get(user=founder), by=user)
    assert not ClubInvitation.objects.exists()
    assert ClubMembership.objects.get(user=helper).role == HELPER_ROLE


@pytest.mark.django_db
def test_roles_change_and_logins_leave_but_the_last_leader_stays(club, founder):
    helper = make_user("helfer")
    membership = ClubMembership.objects.create(user=helper, club=club, role=HELPER_ROLE)
    own = ClubMembership.objects.get(user=founder)
    with pytest.raises(DomainError, match="mindestens eine Turnierleitung"):
        set_role(own, HELPER_ROLE, by=founder)
    with pytest.raises(DomainError, match="mindestens eine Turnierleitung"):
        remove_login(own, by=founder)
    set_role(membership, ORGANISER, by=founder)
    set_role(own, HELPER_ROLE, by=founder)  # another leader now: allowed
    assert ClubMembership.objects.get(user=founder).role == HELPER_ROLE
    remove_login(ClubMembership.objects.get(user=founder), by=helper)
    assert list(ClubMembership.objects.values_list("user__username", "role")) == [
        ("helfer", ORGANISER)
    ]
    assert get_user_model().objects.filter(username="gruenderin").exists()  # login stays


@pytest.mark.django_db
def test_an_older_tournament_joins_the_club_with_its_players_as_members(
    club, founder, add_participants
):
    older = create_tournament(name="Altes Turnier", date=datetime.date(2024, 3, 1), user=founder)
    players = add_participants(older, 5)
    existing = add_member(club, players[0].name.upper())  # the same person, typed otherwise
    assert attachable_tournaments(founder) == [older]
    attach_tournament(club, older, by=founder)
    older.refresh_from_db()
    assert older.club == club
    linked = dict(older.participants.values_list("name", "member__key"))
    assert all(linked.values()) and len(set(linked.values())) == 5
    assert club.members.count() == 5
    assert older.participants.get(name=players[0].name).member_id == existing.pk
    assert attachable_tournaments(founder) == []
    entry = AuditEntry.objects.filter(tournament=older).first()
    assert entry.text == "Dem Verein „Doko-Freunde Musterstadt“ zugeordnet"
    helper = make_user("helfer")
    ClubMembership.objects.create(user=helper, club=club, role=HELPER_ROLE)
    assert role_of(helper, older) == HELPER and role_of(founder, older) == FULL


@pytest.mark.django_db
def test_a_tournament_the_login_cannot_manage_or_of_another_club_is_not_attached(club, founder):
    foreign = create_tournament(
        name="Fremd", date=datetime.date(2024, 3, 1), user=make_user("fremd")
    )
    with pytest.raises(DomainError, match="gibt es nicht"):
        attach_tournament(club, foreign, by=founder)
    other = create_club("andere", name="Andere")
    chief = get_user_model().objects.create_superuser("chef", password=PASSWORD)
    theirs = create_tournament(name="Deren", date=datetime.date(2024, 3, 1), club=other)
    with pytest.raises(DomainError, match="anderen Verein"):
        attach_tournament(club, theirs, by=chief)
    assert foreign not in tournaments_for(founder)
    foreign.refresh_from_db()
    theirs.refresh_from_db()
    assert foreign.club is None and theirs.club == other


@pytest.mark.django_db(transaction=True)
def test_one_invitation_opened_twice_at_once_makes_one_login(club, founder):
    _invitation, token = invite(club, role=HELPER_ROLE, by=founder)
    results = run_concurrently(
        [
            lambda: accept_with_new_login(token, username="erster", password="erster-ist-schnell"),
            lambda: accept_with_new_login(token, username="zweiter", password="zweiter-ist-lahm"),
        ]
    )
    errors = [r for r in results if isinstance(r, DomainError)]
    assert len(errors) == 1, results
    assert "schon angenommen" in str(errors[0])
    assert ClubMembership.objects.filter(club=club, role=HELPER_ROLE).count() == 1
    assert get_user_model().objects.count() == 2  # the founder and one new login


@pytest.mark.django_db(transaction=True)
def test_two_invitations_taking_one_user_name_at_once_make_one_login(club, founder):
    tokens = [invite(club, role=HELPER_ROLE, by=founder)[1] for _ in range(2)]
    results = run_concurrently(
        [
            lambda token=token: accept_with_new_login(
                token, username="karl", password="karl-spielt-gern-doko"
            )
            for token in tokens
        ]
    )
    errors = [r for r in results if isinstance(r, DomainError)]
    assert len(errors) == 1, results
    assert "gibt es schon" in str(errors[0])
    assert get_user_model().objects.filter(username="karl").count() == 1
    assert sum(open_invitation(token) is None for token in tokens) == 1  # the other stays open


@pytest.fixture
def slow_count(monkeypatch):
    """Each writer pauses between counting the leaders and writing, so that both have counted
    before either writes unless the club's lock keeps them apart."""
    count = logins._leaders_after

    def slow(*args, **kwargs):
        found = count(*args, **kwargs)
        time.sleep(0.3)
        return found

    monkeypatch.setattr(logins, "_leaders_after", slow)


@pytest.mark.django_db(transaction=True)
def test_two_leaders_removing_each_other_at_once_leave_one(club, founder, slow_count):
    second = make_user("zweite")
    ClubMembership.objects.create(user=second, club=club, role=ORGANISER)
    mine, theirs = (ClubMembership.objects.get(user=u) for u in (founder, second))
    results = run_concurrently(
        [
            lambda: remove_login(theirs, by=founder),
            lambda: remove_login(mine, by=second),
        ]
    )
    assert sum(isinstance(r, DomainError) for r in results) == 1, results
    assert ClubMembership.objects.filter(club=club, role=ORGANISER).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_leaders_stepping_down_at_once_leave_one(club, founder, slow_count):
    second = make_user("zweite")
    ClubMembership.objects.create(user=second, club=club, role=ORGANISER)
    mine, theirs = (ClubMembership.objects.get(user=u) for u in (founder, second))
    results = run_concurrently(
        [
            lambda: set_role(mine, HELPER_ROLE, by=founder),
            lambda: set_role(theirs, HELPER_ROLE, by=second),
        ]
    )
    assert sum(isinstance(r, DomainError) for r in results) == 1, results
    assert ClubMembership.objects.filter(club=club, role=ORGANISER).count() == 1

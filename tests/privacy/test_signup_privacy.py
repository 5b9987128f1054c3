"""Anonymising and the guests' retention reach the online sign-up; the export holds a person's
sign-ups."""

from __future__ import annotations

import datetime
import re

import pytest

from tournament.audit import record
from tournament.models import AuditEntry, ClubMembership, Member, Participant, Signup
from tournament.privacy.services import (
    REMOVED_SIGNUP,
    anonymise_expired_guests,
    anonymise_guest,
    anonymise_member,
    personal_data,
)

pytestmark = pytest.mark.django_db

NAMES = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
DETAILS = {"club": "SK Rhein", "ddv_number": "4711", "contact": "0171 123", "remark": "spät"}


@pytest.fixture
def evenings(club, play_evening):
    first = play_evening(club, "januar", NAMES, day=10, guests=("Gustav Gast",))
    second = play_evening(club, "februar", NAMES, seed=11, day=20)
    return first, second


def signup(tournament, name, position, participant=None, status=Signup.Status.CONFIRMED, **kw):
    return Signup.objects.create(
        tournament=tournament,
        name=name,
        position=position,
        status=status,
        participant=participant,
        **DETAILS | kw,
    )


def cleared(row: Signup, pseudonym: str) -> bool:
    row.refresh_from_db()
    values = (row.name, row.club, row.ddv_number, row.contact, row.remark)
    return values == (pseudonym, "", "", "", "")


def test_anonymising_a_guest_or_a_member_clears_the_sign_up_they_came_from(evenings, club):
    first, second = evenings
    gustav = Participant.objects.get(tournament=first, name="Gustav Gast")
    # The desk corrected the name at check-in: the sign-up's differs from the participant's.
    guest_row = signup(first, "G. Gast", 1, gustav)
    anna = Member.objects.get(club=club, name="Anna Arndt")
    anna_rows = [
        signup(evening, "Anna Arndt", 2, Participant.objects.get(tournament=evening, member=anna))
        for evening in (first, second)
    ]
    other = signup(
        first, "Bernd Bauer", 3, Participant.objects.get(tournament=first, name="Bernd Bauer")
    )
    anonymise_guest(gustav)
    gustav.refresh_from_db()
    assert cleared(guest_row, gustav.name)
    anonymise_member(anna)
    anna.refresh_from_db()
    assert all(cleared(row, anna.name) for row in anna_rows)
    other.refresh_from_db()
    assert (other.name, other.contact) == ("Bernd Bauer", DETAILS["contact"])


def test_the_export_of_a_person_holds_their_sign_ups(evenings, club):
    first, second = evenings
    gustav = Participant.objects.get(tournament=first, name="Gustav Gast")
    came = signup(first, "G. Gast", 1, gustav)
    anna = Member.objects.get(club=club, name="Anna Arndt")
    anna_row = signup(
        second, "Anna Arndt", 1, Participant.objects.get(tournament=second, member=anna)
    )
    # A sign-up of the same name that was cancelled: it names her, so it belongs to her data.
    cancelled = signup(first, "Anna Arndt", 2, status=Signup.Status.CANCELLED)
    guest_rows = {row["id"] for row in personal_data(gustav)["tables"]["tournament.signup"]}
    assert guest_rows == {came.pk}
    member_rows = personal_data(anna)["tables"]["tournament.signup"]
    assert {row["id"] for row in member_rows} == {anna_row.pk, cancelled.pk}
    assert {row["contact"] for row in member_rows} == {DETAILS["contact"]}


def test_the_retention_deletes_old_sign_ups_that_never_became_participants(evenings, club):
    first, second = evenings
    gustav = Participant.objects.get(tournament=first, name="Gustav Gast")
    anna = Participant.objects.get(tournament=first, name="Anna Arndt")
    guest_row = signup(first, "G. Gast", 1, gustav)
    member_row = signup(first, "Anna Arndt", 2, anna)
    gone = [
        signup(first, "Wilma Weg", 3, status=Signup.Status.CANCELLED),
        signup(first, "Xaver Wartend", 4, status=Signup.Status.WAITING),
        signup(first, "Yvonne Nichtda", 5, no_show=True),
    ]
    record(
        first,
        AuditEntry.Action.SIGNUP_ADDED,
        message="%(name)s (Zusage)",
        params={"name": "Wilma Weg"},
    )
    recent = signup(second, "Zora Später", 1, status=Signup.Status.CANCELLED)
    club.guest_retention_months = 6
    club.save()
    assert anonymise_expired_guests(club, today=datetime.date(2025, 7, 15)) == 1
    assert not Signup.objects.filter(pk__in=[row.pk for row in gone]).exists()
    gustav.refresh_from_db()
    assert cleared(guest_row, gustav.name)
    member_row.refresh_from_db()
    assert (member_row.name, member_row.contact) == ("Anna Arndt", DETAILS["contact"])
    assert Signup.objects.filter(pk=recent.pk).exists()  # its evening is within the retention
    entry = first.audit_entries.filter(action=AuditEntry.Action.SIGNUP_ADDED).get()
    assert entry.params == {"name": REMOVED_SIGNUP}


def test_the_club_page_counts_old_sign_ups_and_its_button_deletes_them(
    evenings, club, client, django_user_model
):
    first, _second = evenings
    Participant.objects.filter(tournament=first, member=None).update(anonymised=True)
    old = signup(first, "Wilma Weg", 1, status=Signup.Status.CANCELLED)
    club.guest_retention_months = 1
    club.save()
    leader = django_user_model.objects.create_user("leitung", password="x-lang-genug-123")
    ClubMembership.objects.create(user=leader, club=club, role=ClubMembership.Role.ORGANISER)
    client.force_login(leader)
    url = f"/verwaltung/vereine/{club.slug}/datenschutz/"
    page = client.get(url).content.decode()
    assert "0 Gäste sind länger her" in page
    assert "1 Online-Anmeldung aus dieser Zeit wurde nie zum Teilnehmer" in page
    button = re.search(r'<button[^>]*name="anonymise_guests"[^>]*>', page).group(0)
    assert "disabled" not in button
    assert client.post(url, {"anonymise_guests": "1"}).status_code == 302
    assert not Signup.objects.filter(pk=old.pk).exists()

"""The member registry: one entry per person, renamed without losing evenings, merged, never
deleted with results; members ticked for an evening, "wie beim letzten Mal"."""

from __future__ import annotations

import datetime

import pytest

from tournament.clubs.services import (
    add_member,
    create_club,
    delete_member,
    last_evening_members,
    make_member,
    merge_members,
    register_members,
    rename_member,
)
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.models import AuditEntry, Member, Participant
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return create_club("doko", name="Doko-Club")


def evening(club, day: int, slug: str):
    return create_tournament(name=slug, date=datetime.date(2025, 3, day), slug=slug, club=club)


def test_a_name_is_one_member_whatever_the_case_and_spacing(club):
    anna = add_member(club, "  Anna   Müller ")
    assert anna.name == "Anna Müller"
    with pytest.raises(DomainError, match="schon in der Mitgliederliste"):
        add_member(club, "ANNA MÜLLER")
    add_member(club, "Hans Weiß")
    add_member(club, "Hans Weiss")  # ß and ss are two people, as in the duplicate check
    other = create_club("andere", name="Andere")
    add_member(other, "Anna Müller")  # another club's registry
    assert club.members.count() == 3


def test_renaming_keeps_the_evenings_and_the_names_they_were_played_under(club):
    anna = add_member(club, "Anna Müller")
    jan = evening(club, 1, "jan")
    register_members(jan, [anna])
    rename_member(anna, "Anna Berger")
    participant = Participant.objects.get(tournament=jan)
    assert (participant.name, participant.member.name) == ("Anna Müller", "Anna Berger")
    add_member(club, "Bernd")
    with pytest.raises(DomainError, match="schon in der Mitgliederliste"):
        rename_member(anna, "bernd")


def test_a_member_with_evenings_is_never_deleted(club):
    anna, bernd = add_member(club, "Anna"), add_member(club, "Bernd")
    register_members(evening(club, 1, "jan"), [anna])
    with pytest.raises(DomainError, match="bleibt in der Liste"):
        delete_member(anna)
    delete_member(bernd)
    assert list(club.members.values_list("name", flat=True)) == ["Anna"]


def test_merging_moves_the_evenings_and_is_audited(club, organiser):
    anna, doppelt = add_member(club, "Anna Müller"), add_member(club, "A. Müller")
    jan, feb = evening(club, 1, "jan"), evening(club, 2, "feb")
    register_members(jan, [anna])
    register_members(feb, [doppelt])
    merge_members(anna, doppelt, user=organiser)
    assert not Member.objects.filter(pk=doppelt.pk).exists()
    assert set(anna.participations.values_list("tournament__slug", flat=True)) == {"jan", "feb"}
    entry = feb.audit_entries.get(action=AuditEntry.Action.MEMBERS_MERGED)
    assert entry.summary == "A. Müller → Anna Müller"


def test_two_members_of_the_same_evening_are_not_merged(club):
    anna, bernd = add_member(club, "Anna"), add_member(club, "Bernd")
    register_members(evening(club, 1, "jan"), [anna, bernd])
    with pytest.raises(DomainError, match="am selben Abend"):
        merge_members(anna, bernd)
    with pytest.raises(DomainError, match="mit sich selbst"):
        merge_members(anna, anna)
    other = add_member(create_club("x", name="X"), "Anna")
    with pytest.raises(DomainError, match="desselben Vereins"):
        merge_members(anna, other)
    assert Member.objects.count() == 3


def test_ticking_members_registers_them_once_linked(club, organiser):
    anna, bernd = add_member(club, "Anna"), add_member(club, "Bernd")
    jan = evening(club, 1, "jan")
    assert len(register_members(jan, [anna, bernd], user=organiser)) == 2
    assert register_members(jan, [anna]) == []  # already there
    assert {p.member for p in jan.participants.all()} == {anna, bernd}
    stranger = add_member(create_club("x", name="X"), "Fremd")
    with pytest.raises(DomainError, match="eigenen Vereins"):
        register_members(jan, [stranger])
    entry = jan.audit_entries.get(action=AuditEntry.Action.PARTICIPANTS_IMPORTED)
    assert entry.summary == "2 aus der Mitgliederliste"


def test_like_last_time_offers_the_previous_evenings_members(club):
    anna, bernd, carla = (add_member(club, name) for name in ("Anna", "Bernd", "Carla"))
    jan, feb, mar = evening(club, 1, "jan"), evening(club, 2, "feb"), evening(club, 3, "mar")
    assert not last_evening_members(jan).exists()
    register_members(jan, [anna, bernd, carla])
    register_members(feb, [anna, bernd])
    assert set(last_evening_members(mar)) == {anna, bernd}
    assert set(last_evening_members(feb)) == {anna, bernd, carla}


def test_a_guest_becomes_a_member(club, organiser):
    jan = evening(club, 1, "jan")
    guest = add_participant(jan, name="Gustav Gast", user=organiser)
    assert guest.member is None
    member = make_member(guest, user=organiser)
    assert member.name == "Gustav Gast"
    assert make_member(guest) == member  # again: the same
    # next time, typed in by hand, he is recognised
    feb = evening(club, 2, "feb")
    assert add_participant(feb, name="gustav  gast").member == member


def test_a_tournament_without_club_has_guests_only(organiser):
    loose = create_tournament(name="Offen", date=datetime.date(2025, 1, 1))
    participant = add_participant(loose, name="Anna")
    assert participant.member is None
    with pytest.raises(DomainError, match="zu keinem Verein"):
        make_member(participant)
    with pytest.raises(DomainError, match="zu keinem Verein"):
        register_members(loose, [])

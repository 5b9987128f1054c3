"""Seating round 1: digital draw, drawn slips, edits before release, release."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round
from tournament.errors import DomainError
from tournament.models import Round, Seat
from tournament.participants.services import add_participant, set_checked_in
from tournament.seating.reading import round_with_seating, seating_of
from tournament.seating.services import (
    add_late_arrival,
    enter_slips,
    make_captain,
    set_withdrawn,
    swap_players,
)

pytestmark = pytest.mark.django_db


def seating_rows(tournament, number=1):
    round_ = round_with_seating(tournament, number)
    return [
        (table.number, seat.number, seat.participant.name)
        for table in round_.tables.all()
        for seat in table.seats.all()
    ]


@pytest.mark.parametrize("count", [4, 5, 8, 9, 10, 13, 18, 23, 40])
def test_draw_seats_everyone_once_with_captain_at_seat_1(tournament, add_participants, count):
    people = add_participants(tournament, count)
    round_ = draw_round(tournament, 1, seed=4711)
    seats = list(Seat.objects.filter(round=round_))
    assert sorted(s.participant_id for s in seats) == sorted(p.pk for p in people)
    tables = round_with_seating(tournament, 1).tables.all()
    sizes = [len(table.seats.all()) for table in tables]
    assert sizes == sorted(sizes)  # five-player tables last
    assert sizes.count(5) == count % 4
    for table in tables:
        assert [seat.number for seat in table.seats.all()] == list(
            range(1, len(table.seats.all()) + 1)
        )


def test_same_seed_reproduces_the_same_seating(make_tournament, add_participants):
    first, second = make_tournament("A"), make_tournament("B")
    add_participants(first, 18)
    add_participants(second, 18)
    draw_round(first, 1, seed=12345)
    draw_round(second, 1, seed=12345)
    assert seating_rows(first) == seating_rows(second)
    draw_round(second, 1, seed=54321)
    assert seating_rows(first) != seating_rows(second)
    draw_round(second, 1, seed=12345)
    assert seating_rows(first) == seating_rows(second)


def test_draw_without_seed_stores_the_seed_it_used(tournament, add_participants):
    add_participants(tournament, 8)
    round_ = draw_round(tournament, 1)
    assert 1 <= round_.seed <= 999_999_999
    assert round_.method == Round.Method.DIGITAL
    assert tournament.audit_entries.filter(action="round.drawn", details__seed=round_.seed).exists()


@pytest.mark.parametrize(
    ("count", "hint"),
    [
        (3, "Bitte 1 Teilnehmer hinzufügen"),
        (6, "Bitte 1 Teilnehmer abmelden oder 2 Teilnehmer hinzufügen"),
        (7, "Bitte 2 Teilnehmer abmelden oder 1 Teilnehmer hinzufügen"),
        (11, "Bitte 1 Teilnehmer abmelden oder 1 Teilnehmer hinzufügen"),
    ],
)
def test_unseatable_counts_are_refused_with_advice(tournament, add_participants, count, hint):
    add_participants(tournament, count)
    with pytest.raises(DomainError) as info:
        draw_round(tournament, 1, seed=1)
    assert hint in str(info.value)
    assert not Seat.objects.exists()


def test_withdrawn_and_absent_players_are_not_seated(tournament, add_participants):
    people = add_participants(tournament, 10)
    set_withdrawn(people[0], True)
    for person in people[1:9]:
        set_checked_in(person, True)
    round_ = draw_round(tournament, 1, seed=3)
    seated = set(Seat.objects.filter(round=round_).values_list("participant_id", flat=True))
    assert seated == {p.pk for p in people[1:9]}


def test_slips_seat_by_number_and_flag_problems(tournament, add_participants):
    people = add_participants(tournament, 9)
    numbers = {p.pk: i + 1 for i, p in enumerate(people)}
    numbers[people[8].pk] = 1  # duplicate of people[0]; number 9 missing
    result = enter_slips(tournament, numbers)
    assert not result.applied
    codes = {problem.code for problem in result.problems}
    assert codes == {"duplicate", "missing"}
    assert any("Losnummer 1 ist mehrfach vergeben" in text for text in result.messages)
    assert any("Losnummer 9 fehlt" in text for text in result.messages)
    assert not Seat.objects.exists()
    assert Round.objects.get().slips[str(people[8].pk)] == 1  # typed numbers are kept

    numbers[people[8].pk] = 9
    result = enter_slips(tournament, numbers)
    assert result.applied
    rows = seating_rows(tournament)
    # numbers 1-4 -> table 1 seats 1-4; 5-9 -> five-player table 2
    assert rows[0] == (1, 1, people[0].name)
    assert rows[4] == (2, 1, people[4].name)
    assert rows[8] == (2, 5, people[8].name)


def test_edits_before_release(tournament, add_participants):
    people = add_participants(tournament, 9)
    draw_round(tournament, 1, seed=99)
    seating = seating_of(round_with_seating(tournament, 1))
    a, b = seating.tables[0].seats[1], seating.tables[1].seats[2]
    by_pk = {p.pk: p for p in people}
    swap_players(tournament, 1, by_pk[a], by_pk[b])
    after = seating_of(round_with_seating(tournament, 1))
    assert after.position_of(a) == seating.position_of(b)
    make_captain(tournament, 1, by_pk[a])
    assert seating_of(round_with_seating(tournament, 1)).position_of(a).seat == 1


def test_late_arrival_turns_a_four_table_into_five(tournament, add_participants):
    people = add_participants(tournament, 8)
    draw_round(tournament, 1, seed=5)
    late = add_participant(tournament, name="Zu Spät")
    add_late_arrival(tournament, 1, late, 1)
    seat = Seat.objects.get(participant=late)
    assert (seat.table.number, seat.number) == (1, 5)
    assert len(people) + 1 == Seat.objects.count()


def test_release_freezes_the_seating(tournament, add_participants):
    people = add_participants(tournament, 8)
    draw_round(tournament, 1, seed=5)
    release_round(tournament, 1)
    with pytest.raises(DomainError, match="bereits freigegeben"):
        draw_round(tournament, 1, seed=6)
    with pytest.raises(DomainError, match="bereits freigegeben"):
        swap_players(tournament, 1, people[0], people[5])
    round_ = Round.objects.get()
    assert round_.status == Round.Status.RELEASED
    assert round_.sheets.count() == 2


def test_withdrawing_a_player_of_a_draft_at_a_four_table_discards_the_draft(
    tournament, add_participants
):
    people = add_participants(tournament, 8)
    draw_round(tournament, 1, seed=5)
    notices = set_withdrawn(people[0], True)
    assert "neu auslosen" in notices[0]
    assert not Seat.objects.exists()


def test_withdrawing_from_a_five_table_keeps_the_draft(tournament, add_participants):
    add_participants(tournament, 9)
    draw_round(tournament, 1, seed=5)
    five = round_with_seating(tournament, 1).tables.all()[1]
    leaving = five.seats.all()[0].participant
    assert set_withdrawn(leaving, True) == []
    assert Seat.objects.count() == 8


def test_round_two_needs_round_one(tournament, add_participants):
    add_participants(tournament, 8)
    with pytest.raises(DomainError, match="Zuerst muss Durchgang 1"):
        draw_round(tournament, 2)
    with pytest.raises(DomainError, match="Durchgang 3 gibt es nicht"):
        draw_round(tournament, 3)


def test_draw_round_command(tournament, add_participants, capsys):
    add_participants(tournament, 9)
    call_command("draw_round", tournament.slug, "1", "--seed", "42", "--release")
    out = capsys.readouterr().out
    assert "seed 42 (released)" in out and "Tisch 2:" in out
    assert Round.objects.get().status == Round.Status.RELEASED
    with pytest.raises(CommandError, match="bereits freigegeben"):
        call_command("draw_round", tournament.slug, "1")


def test_round_page_draws_and_releases(organiser_client, tournament, add_participants):
    add_participants(tournament, 13)
    url = reverse("tournament:round", args=[tournament.slug, 1])
    assert "Digital auslosen" in organiser_client.get(url).content.decode()
    organiser_client.post(reverse("tournament:draw", args=[tournament.slug, 1]), {"seed": "777"})
    page = organiser_client.get(url).content.decode()
    assert "777" in page and "Tisch 3" in page and "Listenführer" in page
    organiser_client.post(reverse("tournament:release", args=[tournament.slug, 1]))
    assert Round.objects.get().status == Round.Status.RELEASED


def test_slip_page_flags_duplicates_at_the_rows(organiser_client, tournament, add_participants):
    people = add_participants(tournament, 4)
    url = reverse("tournament:slips", args=[tournament.slug, 1])
    data = {f"slip-{p.pk}": str(i + 1) for i, p in enumerate(people)}
    data[f"slip-{people[3].pk}"] = "2"
    response = organiser_client.post(url, {**data, "apply": "1"})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Losnummer 2 ist mehrfach vergeben" in page and "Losnummer 4 fehlt" in page
    data[f"slip-{people[3].pk}"] = "4"
    response = organiser_client.post(url, {**data, "apply": "1"})
    assert response.status_code == 302
    assert Seat.objects.count() == 4


def test_public_lookup_shows_only_released_rounds(client, tournament, add_participants):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=1)
    url = reverse("public:lookup", args=[tournament.slug])
    assert "noch nicht freigegeben" in client.get(url, {"q": "Anna"}).content.decode()
    release_round(tournament, 1)
    page = client.get(url, {"q": "anna"}).content.decode()
    seat = Seat.objects.get(participant__name="Anna Müller")
    assert f"Tisch {seat.table.number} · Platz {seat.number}" in page

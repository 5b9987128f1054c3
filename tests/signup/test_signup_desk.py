"""On the evening: the desk checks in from the sign-up list, the list stays fast with 10,000
sign-ups, and the pages say how the count seats."""

from __future__ import annotations

import datetime

import pytest

from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import Participant, Signup
from tournament.participants.services import add_participant
from tournament.signup.feasibility import arrival_feasibility, signup_feasibility
from tournament.signup.services import (
    check_in,
    mark_no_shows,
    save_settings,
    sign_up,
    undo_check_in,
)

pytestmark = pytest.mark.django_db


def sign_up_many(tournament, names):
    return [sign_up(tournament, {"name": name, "club": "DF"}) for name in names]


def test_ticked_sign_ups_become_checked_in_participants_without_retyping(
    organiser_client, open_signup
):
    tournament = open_signup(cap=10, ask_club=True)
    anna, bernd, carla = sign_up_many(tournament, ["Anna", "Bernd", "Carla"])
    url = f"/verwaltung/{tournament.slug}/anmeldungen/ankunft/"
    response = organiser_client.post(url, {"aktion": "ankunft", "signup": [anna.pk, bernd.pk]})
    assert response.status_code == 302
    here = Participant.objects.filter(tournament=tournament, checked_in=True)
    assert sorted(here.values_list("name", "club")) == [("Anna", "DF"), ("Bernd", "DF")]
    assert Signup.objects.get(pk=anna.pk).participant.name == "Anna"
    page = organiser_client.get(url + "?q=ann").content.decode()
    assert "Anna" in page and "Bernd" not in page

    organiser_client.post(url, {"aktion": "zurueck", "signup": [bernd.pk]})
    assert not Participant.objects.get(name="Bernd").checked_in
    assert [p.name for p in tournament.participants.drawable()] == ["Anna"]
    organiser_client.post(url, {"aktion": "ankunft", "signup": [bernd.pk]})
    assert Participant.objects.filter(name="Bernd").count() == 1  # the same participant again

    organiser_client.post(url, {"aktion": "nicht-erschienen"})
    carla.refresh_from_db()
    assert carla.no_show and carla.status == Signup.Status.CONFIRMED  # marked, not deleted
    assert Signup.objects.filter(no_show=True).count() == 1


def test_a_walk_in_registered_by_hand_is_the_same_person_when_ticked(open_signup, organiser):
    tournament = open_signup()
    (anna,) = sign_up_many(tournament, ["Anna"])
    by_hand = add_participant(tournament, name="anna", user=organiser)
    result = check_in(tournament, [anna.pk], user=organiser)
    assert result.arrived == [anna.pk] and result.problems == []
    assert Participant.objects.filter(tournament=tournament).count() == 1
    by_hand.refresh_from_db()
    assert by_hand.checked_in


def test_in_a_club_that_wants_it_an_arrived_guest_becomes_a_member(organiser):
    club = create_club("doko", name="Doko-Club")
    tournament = create_tournament(name="Clubabend", date=datetime.date(2025, 4, 3), club=club)
    save_settings(tournament, {"enabled": True, "make_members": True}, user=organiser)
    (anna,) = sign_up_many(tournament, ["Anna Neu"])
    check_in(tournament, [anna.pk], user=organiser)
    participant = Participant.objects.get(tournament=tournament)
    assert participant.member is not None and participant.member.name == "Anna Neu"


def test_undo_and_no_show_leave_every_sign_up_on_the_list(open_signup, organiser):
    tournament = open_signup()
    signups = sign_up_many(tournament, ["Anna", "Bernd"])
    check_in(tournament, [signups[0].pk], user=organiser)
    assert undo_check_in(tournament, [signups[0].pk], user=organiser) == [signups[0].pk]
    assert mark_no_shows(tournament, user=organiser) == 2
    assert Signup.objects.count() == 2


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (22, "22 Zusagen: 3 Vierertische und 2 Fünfertische"),
        (24, "24 Zusagen: 6 Vierertische"),
        (9, "9 Zusagen: 1 Vierertisch und 1 Fünfertisch"),
    ],
)
def test_the_count_of_zusagen_says_its_tables(count, text):
    assert signup_feasibility(count, (4, 5)) == (True, text)


@pytest.mark.parametrize(
    ("count", "advice"), [(6, "1 Teilnehmer abmelden oder 2"), (7, "2"), (11, "1")]
)
def test_counts_that_cannot_be_seated_say_what_to_do(count, advice):
    seatable, text = signup_feasibility(count, (4, 5))
    assert not seatable
    assert text.startswith(f"{count} Zusagen: {count} Teilnehmer lassen sich nicht an Vierer-")
    assert "Bitte" in text and "hinzufügen" in text and advice in text


def test_count_down_games_seat_7_at_a_three_table():
    assert arrival_feasibility(7, (3, 4, 5)) == (
        True,
        "7 anwesend: 1 Vierertisch und 1 Dreiertisch",
    )


def test_the_list_of_10000_sign_ups_shows_a_page_in_a_fixed_number_of_queries(
    organiser_client, open_signup, django_assert_max_num_queries
):
    tournament = open_signup(cap=24)
    Signup.objects.bulk_create(
        Signup(
            tournament=tournament,
            name=f"Spieler {i:05d}",
            status=Signup.Status.CONFIRMED if i < 24 else Signup.Status.WAITING,
            position=i + 1,
            token=f"token-{i:05d}-" + "x" * 20,
            short_code=f"{i:08d}",
        )
        for i in range(10_000)
    )
    url = f"/verwaltung/{tournament.slug}/anmeldungen/?liste=warteliste&seite=50"
    with django_assert_max_num_queries(16):
        response = organiser_client.get(url)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('<tr id="s-') == 100
    assert "Seite 50 von 100" in page and "9976 auf der Warteliste" in page
    with django_assert_max_num_queries(16):
        desk = organiser_client.get(f"/verwaltung/{tournament.slug}/anmeldungen/ankunft/")
    assert desk.content.decode().count('<tr id="s-') == 24

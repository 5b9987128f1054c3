"""Registering participants: add, edit, withdraw, check in, search."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.errors import DomainError
from tournament.models import AuditEntry, Participant
from tournament.participants.services import (
    add_participant,
    eligible_participants,
    set_checked_in,
    update_participant,
)
from tournament.seating.services import set_withdrawn

pytestmark = pytest.mark.django_db


def test_add_participant_normalises_whitespace_and_logs(tournament, organiser):
    participant = add_participant(
        tournament, name="  Jürgen   Müller ", club=" DK ", user=organiser
    )
    assert participant.name == "Jürgen Müller"
    assert participant.club == "DK"
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.PARTICIPANT_ADDED).get()
    assert entry.summary == "Jürgen Müller"
    assert entry.user == organiser


def test_duplicate_names_are_refused_case_insensitively(tournament):
    add_participant(tournament, name="Änne Schäfer")
    with pytest.raises(DomainError, match="bereits angemeldet"):
        add_participant(tournament, name="änne  schäfer")
    assert tournament.participants.count() == 1


def test_same_name_in_two_tournaments_is_fine(make_tournament):
    first, second = make_tournament("A"), make_tournament("B")
    add_participant(first, name="Heinz Groß")
    add_participant(second, name="Heinz Groß")
    assert Participant.objects.filter(name="Heinz Groß").count() == 2


def test_empty_name_is_refused(tournament):
    with pytest.raises(DomainError, match="Name fehlt"):
        add_participant(tournament, name="   ")


def test_rename_to_existing_name_is_refused(tournament):
    a = add_participant(tournament, name="Anna")
    add_participant(tournament, name="Bernd")
    with pytest.raises(DomainError):
        update_participant(a, name="BERND")
    a.refresh_from_db()
    assert a.name == "Anna"


def test_withdraw_and_check_in(tournament, organiser):
    anna = add_participant(tournament, name="Anna")
    set_checked_in(anna, True, user=organiser)
    set_withdrawn(anna, True, user=organiser)
    anna.refresh_from_db()
    assert anna.checked_in and anna.withdrawn
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"participant.checked_in", "participant.withdrawn"} <= actions


def test_eligible_participants_are_the_checked_in_once_check_in_started(
    tournament, add_participants
):
    people = add_participants(tournament, 6)
    assert len(eligible_participants(tournament)) == 6
    set_checked_in(people[0], True)
    assert eligible_participants(tournament) == [people[0]]
    set_withdrawn(people[0], True)
    assert len(eligible_participants(tournament)) == 5


def test_participant_page_lists_and_searches(organiser_client, tournament, add_participants):
    add_participants(tournament, 5)
    add_participant(tournament, name="Zacharias Zett", club="Kreuz-Buben Köln")
    url = reverse("tournament:participants", args=[tournament.slug])
    page = organiser_client.get(url).content.decode()
    assert "Zacharias Zett" in page and "Anna Müller" in page
    found = organiser_client.get(url, {"q": "köln"}).content.decode()
    assert "Zacharias Zett" in found and "Anna Müller" not in found


def test_participant_page_adds_and_refuses_duplicates(organiser_client, tournament):
    url = reverse("tournament:participants", args=[tournament.slug])
    response = organiser_client.post(url, {"name": "Birgit Weiß", "club": ""})
    assert response.status_code == 302
    response = organiser_client.post(url, {"name": "birgit weiß", "club": ""})
    assert response.status_code == 400
    assert "bereits angemeldet" in response.content.decode()
    assert tournament.participants.count() == 1


def test_check_in_and_withdraw_buttons(organiser_client, tournament):
    anna = add_participant(tournament, name="Anna")
    organiser_client.post(
        reverse("tournament:participant_checkin", args=[tournament.slug, anna.pk]),
        {"checked_in": "1"},
    )
    organiser_client.post(
        reverse("tournament:participant_withdraw", args=[tournament.slug, anna.pk]),
        {"withdrawn": "1"},
    )
    anna.refresh_from_db()
    assert anna.checked_in and anna.withdrawn


def test_edit_page_renames(organiser_client, tournament):
    anna = add_participant(tournament, name="Anna")
    url = reverse("tournament:participant_edit", args=[tournament.slug, anna.pk])
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, {"name": "Anna Berg", "club": "DK"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.club) == ("Anna Berg", "DK")


def test_participant_of_another_tournament_is_404(organiser_client, make_tournament):
    first, second = make_tournament("A"), make_tournament("B")
    anna = add_participant(first, name="Anna")
    url = reverse("tournament:participant_edit", args=[second.slug, anna.pk])
    assert organiser_client.get(url).status_code == 404


def test_check_in_without_javascript_goes_back_to_the_row(organiser_client, tournament):
    anna = add_participant(tournament, name="Anna")
    url = reverse("tournament:participant_checkin", args=[tournament.slug, anna.pk])
    back = reverse("tournament:participants", args=[tournament.slug]) + "?sort=club"
    response = organiser_client.post(url, {"checked_in": "1", "next": back})
    assert response.status_code == 302
    assert response["Location"] == f"{back}#p-{anna.pk}"
    page = organiser_client.get(back).content.decode()
    assert f'id="p-{anna.pk}"' in page


def test_check_in_asked_for_json_answers_the_new_cells(organiser_client, tournament):
    anna = add_participant(tournament, name="Anna")
    add_participant(tournament, name="Bernd")
    url = reverse("tournament:participant_checkin", args=[tournament.slug, anna.pk])
    back = reverse("tournament:participants", args=[tournament.slug])
    response = organiser_client.post(
        url, {"checked_in": "1", "next": back}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 200
    data = response.json()
    assert data["checked_in"] is True
    assert 'name="checked_in" value="0"' in data["cell"]
    assert f'value="{back}"' in data["cell"]
    assert "anwesend" in data["status"]
    assert data["lead"] == "2 angemeldet, 1 anwesend"
    anna.refresh_from_db()
    assert anna.checked_in


def test_check_in_all_and_undo(organiser_client, tournament, organiser):
    here = add_participant(tournament, name="Anna", checked_in=True)
    bernd = add_participant(tournament, name="Bernd")
    carla = add_participant(tournament, name="Carla")
    gone = add_participant(tournament, name="Dora")
    set_withdrawn(gone, True)
    list_url = reverse("tournament:participants", args=[tournament.slug])
    response = organiser_client.post(
        reverse("tournament:participant_checkin_all", args=[tournament.slug])
    )
    assert response.status_code == 302
    checked = set(tournament.participants.filter(checked_in=True).values_list("pk", flat=True))
    assert checked == {here.pk, bernd.pk, carla.pk}
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.PARTICIPANT_CHECKED_IN).last()
    assert entry.details == {"ids": [bernd.pk, carla.pk]}
    assert entry.user == organiser
    assert "„alle anwesend“ rückgängig" in organiser_client.get(list_url).content.decode()

    response = organiser_client.post(
        reverse("tournament:participant_checkin_all_undo", args=[tournament.slug])
    )
    assert response.status_code == 302
    checked = set(tournament.participants.filter(checked_in=True).values_list("pk", flat=True))
    assert checked == {here.pk}
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PARTICIPANT_CHECKED_OUT).exists()
    assert "„alle anwesend“ rückgängig" not in organiser_client.get(list_url).content.decode()


def test_check_in_all_service_returns_the_changed_ids(tournament):
    from tournament.participants.services import check_in_all, check_out

    anna = add_participant(tournament, name="Anna")
    assert check_in_all(tournament) == [anna.pk]
    assert check_in_all(tournament) == []
    assert check_out(tournament, [anna.pk]) == [anna.pk]

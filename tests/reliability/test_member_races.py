"""Two changes of the member registry at once (issue 21): each gives one consistent result and a
clear message on SQLite and PostgreSQL, never a 500 (KeyError, IntegrityError, a foreign key
broken at commit), and nothing is lost.
"""

from __future__ import annotations

import datetime

import pytest

import tournament.clubs.services as club_services
from tests.concurrent import one_after_another
from tournament.clubs.services import (
    add_member,
    create_club,
    delete_member,
    merge_members,
    register_members,
    rename_member,
)
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.models import Member, Participant

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club():
    return create_club("doko", name="Doko-Club")


def evening(club, day: int, slug: str):
    return create_tournament(name=slug, date=datetime.date(2025, 3, day), slug=slug, club=club)


def test_two_members_merged_into_each_other_at_once_leave_one_with_every_evening(club):
    anna = add_member(club, "Anna Müller")
    anne = add_member(club, "Anne Müller")
    register_members(evening(club, 1, "jan"), [anna])
    register_members(evening(club, 2, "feb"), [anne])

    first, second = one_after_another(
        lambda: merge_members(anna, anne),
        lambda: merge_members(anne, anna),
        pause_at=(club_services, "record"),  # evenings moved, duplicate not yet deleted
    )

    assert isinstance(first, Member), first
    assert isinstance(second, DomainError), second
    assert "„Anne Müller“ steht nicht mehr in der Mitgliederliste" in second.message
    assert list(club.members.values_list("name", flat=True)) == ["Anna Müller"]
    assert Participant.objects.filter(member=anna).count() == 2


def test_two_members_renamed_to_one_name_at_once_keep_one_each(club):
    anna = add_member(club, "Anna Müller")
    berta = add_member(club, "Berta Schmidt")

    first, second = one_after_another(
        lambda: rename_member(anna, "Anna Schmidt"),
        lambda: rename_member(berta, "anna  schmidt"),
        pause_at=(Member, "save"),  # the new name written, not yet committed
    )

    assert isinstance(first, Member), first
    assert isinstance(second, DomainError), second
    assert second.message == "„anna schmidt“ steht schon in der Mitgliederliste."
    assert second.field == "name"
    names = sorted(club.members.values_list("name", flat=True))
    assert names == ["Anna Schmidt", "Berta Schmidt"]


def test_a_member_deleted_while_being_registered_is_not_registered(club):
    anna = add_member(club, "Anna Müller")
    berta = add_member(club, "Berta Schmidt")
    jan = evening(club, 1, "jan")

    deleted, registered = one_after_another(
        lambda: delete_member(anna),
        lambda: register_members(jan, [anna, berta]),
        pause_at=(Member, "delete"),  # the row deleted, not yet committed
    )

    assert deleted is None, deleted
    assert isinstance(registered, DomainError), registered
    assert "„Anna Müller“ steht nicht mehr in der Mitgliederliste" in registered.message
    assert "Niemand wurde angemeldet" in registered.message
    assert not Participant.objects.exists()
    assert list(club.members.values_list("name", flat=True)) == ["Berta Schmidt"]


def test_a_member_registered_while_being_deleted_stays(club):
    anna = add_member(club, "Anna Müller")
    jan = evening(club, 1, "jan")

    registered, deleted = one_after_another(
        lambda: register_members(jan, [anna]),
        lambda: delete_member(anna),
        pause_at=(club_services, "record"),  # the participant written, not yet committed
    )

    assert [p.name for p in registered] == ["Anna Müller"]
    assert isinstance(deleted, DomainError), deleted
    assert "hat schon an Abenden teilgenommen" in deleted.message
    assert Participant.objects.get().member == anna


def test_the_register_page_keeps_the_ticks_when_a_ticked_member_is_deleted_meanwhile(club):
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tournament.models import ClubMembership

    user = get_user_model().objects.create_user("leitung", password="x")
    ClubMembership.objects.create(user=user, club=club, role=ClubMembership.Role.ORGANISER)
    client = Client()
    client.force_login(user)
    anna = add_member(club, "Anna Müller")
    berta = add_member(club, "Berta Schmidt")
    jan = evening(club, 1, "jan")
    url = reverse("tournament:participant_members", args=[jan.slug])

    deleted, response = one_after_another(
        lambda: delete_member(anna),
        lambda: client.post(url, {"member": [str(anna.pk), str(berta.pk)]}),
        pause_at=(Member, "delete"),
    )

    assert deleted is None, deleted
    assert response.status_code == 400, response
    page = response.content.decode()
    assert "„Anna Müller“ steht nicht mehr in der Mitgliederliste" in page
    assert f'value="{berta.pk}" checked>' in page
    assert not Participant.objects.exists()


def test_the_register_page_says_when_a_ticked_member_was_deleted_before_sending(club):
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tournament.models import ClubMembership

    user = get_user_model().objects.create_user("leitung", password="x")
    ClubMembership.objects.create(user=user, club=club, role=ClubMembership.Role.ORGANISER)
    client = Client()
    client.force_login(user)
    anna = add_member(club, "Anna Müller")
    berta = add_member(club, "Berta Schmidt")
    jan = evening(club, 1, "jan")
    Member.objects.filter(pk=anna.pk).delete()

    response = client.post(
        reverse("tournament:participant_members", args=[jan.slug]),
        {"member": [str(anna.pk), str(berta.pk)]},
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "1 angekreuzter Eintrag steht nicht mehr in der Mitgliederliste" in page
    assert f'value="{berta.pk}" checked>' in page
    assert not Participant.objects.exists()


def test_merging_into_a_member_merged_away_meanwhile_leads_back_to_the_list(club):
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tournament.models import ClubMembership

    user = get_user_model().objects.create_user("leitung", password="x")
    ClubMembership.objects.create(user=user, club=club, role=ClubMembership.Role.ORGANISER)
    client = Client()
    client.force_login(user)
    anna = add_member(club, "Anna Müller")
    anne = add_member(club, "Anne Müller")
    page = reverse("clubs:member", args=[club.slug, anne.public_id])

    merged, response = one_after_another(
        lambda: merge_members(anna, anne),
        lambda: client.post(page, {"action": "merge", "duplicate": anna.public_id}),
        pause_at=(Member, "delete"),  # Anne deleted, not yet committed
    )

    assert isinstance(merged, Member), merged
    assert response.status_code == 302, response
    assert response.url == reverse("clubs:members", args=[club.slug])
    shown = client.get(response.url).content.decode()
    assert "„Anne Müller“ steht nicht mehr in der Mitgliederliste" in shown
    assert list(club.members.values_list("name", flat=True)) == ["Anna Müller"]

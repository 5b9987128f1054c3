"""Entry fees and the prize table through the services: who has paid, what it costs members
and guests, the prize table's checks, and two organisers at once."""

from __future__ import annotations

import datetime

import pytest

import tournament.fees.services as fee_services
from tests.concurrent import one_after_another
from tournament.clubs.services import add_member, create_club, register_members
from tournament.errors import DomainError, StaleWriteError
from tournament.events.services import create_tournament
from tournament.fees.services import PrizeEntry, prize_settings, save_prizes, set_paid
from tournament.models import AuditEntry, FeePayment, PrizeRank
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db


def fees(tournament, *, member=1000, guest=1200, percent=90, lines=(), version=None, **extra):
    if version is None:
        version = prize_settings(tournament).version
    return save_prizes(
        tournament,
        member_fee_cents=member,
        guest_fee_cents=guest,
        payout_percent=percent,
        one_per_table=extra.get("one_per_table", False),
        lines=list(lines),
        version=version,
    )


def test_a_member_pays_the_member_fee_and_a_guest_the_guest_fee(organiser):
    club = create_club("doko", name="Doko-Club")
    tournament = create_tournament(name="Abend", date=datetime.date(2025, 3, 1), club=club)
    member = add_member(club, "Anna Müller")
    (anna,) = register_members(tournament, [member])
    guest = add_participant(tournament, name="Gerd Gast", user=organiser)
    fees(tournament)

    set_paid(anna, True, user=organiser)
    set_paid(guest, True, user=organiser)

    assert FeePayment.objects.get(participant=anna).amount_cents == 1000
    assert FeePayment.objects.get(participant=guest).amount_cents == 1200
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FEE_PAID).count() == 2


def test_paying_twice_keeps_one_payment_and_taking_it_back_removes_it(tournament, add_participants):
    (player,) = add_participants(tournament, 1)
    fees(tournament)
    set_paid(player, True)
    set_paid(player, True)
    assert FeePayment.objects.filter(participant=player).count() == 1
    set_paid(player, False)
    assert not FeePayment.objects.filter(participant=player).exists()
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FEE_REFUNDED).count() == 1


def test_a_later_fee_change_does_not_rewrite_what_was_paid(tournament, add_participants):
    (player,) = add_participants(tournament, 1)
    fees(tournament, guest=1000)
    set_paid(player, True)
    fees(tournament, guest=1500)
    assert FeePayment.objects.get(participant=player).amount_cents == 1000


def test_the_prize_table_is_stored_by_place_with_inner_gaps_and_without_trailing_empties(
    tournament,
):
    lines = [
        PrizeEntry(basis_points=2500),
        PrizeEntry(amount_cents=5000, goods="Pokal"),
        PrizeEntry(),
        PrizeEntry(goods="Flasche Wein"),
        PrizeEntry(),
        PrizeEntry(),
    ]
    settings = fees(tournament, lines=lines)
    stored = list(
        PrizeRank.objects.filter(tournament=tournament).values_list(
            "rank", "amount_cents", "basis_points", "goods"
        )
    )
    assert stored == [
        (1, None, 2500, ""),
        (2, 5000, None, "Pokal"),
        (4, None, None, "Flasche Wein"),
    ]
    assert settings.version == 1


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"percent": 101}, "Die Ausschüttung muss zwischen 0 und 100 % liegen."),
        ({"member": 100_001}, "Startgeld Mitglieder: zwischen 0 und 1000 € angeben."),
        (
            {"lines": [PrizeEntry(basis_points=6000), PrizeEntry(basis_points=5000)]},
            "Die Anteile ergeben zusammen 110 %, mehr als das ganze Preisgeld.",
        ),
        (
            {"lines": [PrizeEntry(), PrizeEntry(amount_cents=1, basis_points=1)]},
            "Platz 2: Betrag oder Anteil, nicht beides.",
        ),
    ],
)
def test_a_wrong_prize_setting_is_refused_and_nothing_is_stored(tournament, changes, problem):
    with pytest.raises(DomainError) as refused:
        fees(tournament, **changes)
    assert problem in refused.value.problems
    assert not PrizeRank.objects.filter(tournament=tournament).exists()
    assert prize_settings(tournament).pk is None


def test_a_withdrawn_participant_cannot_pay(tournament, add_participants):
    (player,) = add_participants(tournament, 1)
    player.withdrawn = True
    player.save()
    with pytest.raises(DomainError):
        set_paid(player, True)


# ---------------------------------------------------------------------------- two at once


@pytest.mark.django_db(transaction=True)
def test_two_organisers_saving_the_prize_table_at_once_keep_one_table(tournament):
    fees(tournament)  # version 1
    first, second = one_after_another(
        lambda: fees(tournament, lines=[PrizeEntry(basis_points=5000)], version=1),
        lambda: fees(tournament, lines=[PrizeEntry(amount_cents=100), PrizeEntry()], version=1),
        pause_at=(fee_services, "record"),  # the first has written its table, not committed
    )
    assert not isinstance(first, Exception), first
    assert isinstance(second, StaleWriteError), second
    assert "inzwischen von jemand anderem geändert" in second.message
    assert list(
        PrizeRank.objects.filter(tournament=tournament).values_list("rank", "basis_points")
    ) == [(1, 5000)]
    assert prize_settings(tournament).version == 2


@pytest.mark.django_db(transaction=True)
def test_two_helpers_marking_one_player_paid_at_once_record_one_payment(
    tournament, add_participants
):
    (player,) = add_participants(tournament, 1)
    fees(tournament)
    first, second = one_after_another(
        lambda: set_paid(player, True),
        lambda: set_paid(player, True),
        pause_at=(fee_services, "record"),
    )
    assert isinstance(first, FeePayment), first
    assert isinstance(second, FeePayment), second
    assert first.pk == second.pk
    assert FeePayment.objects.filter(participant=player).count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FEE_PAID).count() == 1

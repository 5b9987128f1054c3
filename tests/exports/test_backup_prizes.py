"""Fees, payments and the prize table travel with the backup; old backups restore without."""

from __future__ import annotations

import copy

import pytest

from output.backup.document import BackupError, dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from output.prizes.reading import prize_report
from tournament.fees.services import PrizeEntry, save_prizes, set_paid
from tournament.models import FeePayment, PrizeRank, PrizeSettings, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_prizes(complete_tournament, organiser):
    save_prizes(
        complete_tournament,
        member_fee_cents=800,
        guest_fee_cents=1050,
        payout_percent=85,
        one_per_table=True,
        lines=[PrizeEntry(basis_points=3000), PrizeEntry(), PrizeEntry(goods="Pokal")],
        version=0,
    )
    for player in complete_tournament.participants.order_by("pk")[:11]:
        set_paid(player, True)
    return complete_tournament


def test_a_round_trip_keeps_fees_payments_and_the_prize_list(with_prizes):
    data = loads(dumps(export_tournament(with_prizes)))
    copy_ = import_tournament(data, slug="kopie")
    settings = PrizeSettings.objects.get(tournament=copy_)
    assert (settings.member_fee_cents, settings.guest_fee_cents) == (800, 1050)
    assert (settings.payout_percent, settings.one_per_table) == (85, True)
    assert list(
        PrizeRank.objects.filter(tournament=copy_).values_list("rank", "basis_points", "goods")
    ) == [(1, 3000, ""), (3, None, "Pokal")]
    paid = set(
        FeePayment.objects.filter(participant__tournament=copy_).values_list(
            "participant__name", "amount_cents"
        )
    )
    original = set(
        FeePayment.objects.filter(participant__tournament=with_prizes).values_list(
            "participant__name", "amount_cents"
        )
    )
    assert paid == original and len(paid) == 11
    before, after = prize_report(with_prizes).prizes, prize_report(copy_).prizes
    assert [(a.name, a.cents, a.goods) for a in before.awards] == [
        (a.name, a.cents, a.goods) for a in after.awards
    ]


def test_a_backup_from_before_the_prizes_restores_with_no_fee_and_nobody_paid(with_prizes):
    data = loads(dumps(export_tournament(with_prizes)))
    del data["prizes"]
    for participant in data["participants"]:
        del participant["paid_cents"]
    copy_ = import_tournament(data, slug="alt")
    assert not PrizeSettings.objects.filter(tournament=copy_).exists()
    assert not FeePayment.objects.filter(participant__tournament=copy_).exists()
    assert prize_report(copy_).prizes.pot_cents == 0


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda d: d["prizes"].update(payout_percent=101), "prizes.payout_percent"),
        (lambda d: d["prizes"]["ranks"][0].update(amount_cents=5), "prizes.ranks[0]"),
        (lambda d: d["prizes"]["ranks"][1].update(rank=1), "prizes.ranks[1].rank"),
        (lambda d: d["participants"][0].update(paid_cents=-1), "participants[0].paid_cents"),
        (lambda d: d["participants"][0].update(paid_cents="10"), "participants[0].paid_cents"),
    ],
)
def test_a_wrong_prize_part_is_refused_by_place_and_nothing_is_written(with_prizes, change, place):
    data = copy.deepcopy(loads(dumps(export_tournament(with_prizes))))
    change(data)
    count = Tournament.objects.count()
    with pytest.raises(BackupError) as refused:
        import_tournament(data, slug="kaputt")
    assert place in str(refused.value)
    assert Tournament.objects.count() == count

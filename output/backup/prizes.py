"""Entry fees, payments and the prize table in the backup document (``tournament.fees``).

The document carries them as optional parts, so that format version 1 stays as it was and a
backup from before them restores with the defaults (no fee, nobody paid, no prize table):

- ``prizes``: ``{"member_fee_cents", "guest_fee_cents", "payout_percent", "one_per_table",
  "ranks": [{"rank", "amount_cents", "basis_points", "goods"}]}``, or absent;
- per participant ``paid_cents``: what the participant paid, or absent / null (not paid).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from output.backup.document import checked, checked_items, length, problem_at
from tournament.models import (
    BASIS_POINTS,
    MAX_FEE_CENTS,
    MAX_PRIZE_CENTS,
    MAX_PRIZE_RANKS,
    FeePayment,
    PrizeRank,
    PrizeSettings,
    Tournament,
)

PRIZE_FIELDS = ("member_fee_cents", "guest_fee_cents", "payout_percent", "one_per_table")


def export_prizes(tournament: Tournament) -> dict[str, Any] | None:
    settings = PrizeSettings.objects.filter(tournament=tournament).first()
    if settings is None:
        return None
    return {
        **{name: getattr(settings, name) for name in PRIZE_FIELDS},
        "ranks": [
            {
                "rank": line.rank,
                "amount_cents": line.amount_cents,
                "basis_points": line.basis_points,
                "goods": line.goods,
            }
            for line in tournament.prize_ranks.order_by("rank")
        ],
    }


def export_payments(tournament: Tournament) -> dict[int, int]:
    """Participant id → cents paid."""
    return dict(
        FeePayment.objects.filter(participant__tournament=tournament).values_list(
            "participant_id", "amount_cents"
        )
    )


def read_prizes(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The checked ``prizes`` part (None when the document has none)."""
    if data.get("prizes") is None:
        return None
    path = "prizes"
    item = checked(data, path, "dict", "")
    values = {
        "member_fee_cents": checked(item, "member_fee_cents", "int", path, span=(0, MAX_FEE_CENTS)),
        "guest_fee_cents": checked(item, "guest_fee_cents", "int", path, span=(0, MAX_FEE_CENTS)),
        "payout_percent": checked(item, "payout_percent", "int", path, span=(0, 100)),
        "one_per_table": checked(item, "one_per_table", "bool", path),
    }
    ranks, seen = [], set()
    items = checked_items(item, "ranks", path)
    if len(items) > MAX_PRIZE_RANKS:
        raise problem_at(
            f"{path}.ranks", _("hat mehr als %(max)d Einträge") % {"max": MAX_PRIZE_RANKS}
        )
    for line_path, line in items:
        rank = checked(line, "rank", "int", line_path, span=(1, MAX_PRIZE_RANKS))
        if rank in seen:
            raise problem_at(f"{line_path}.rank", _("kommt doppelt vor"))
        seen.add(rank)
        amount = checked(
            line, "amount_cents", "int", line_path, null=True, span=(0, MAX_PRIZE_CENTS)
        )
        share = checked(line, "basis_points", "int", line_path, null=True, span=(0, BASIS_POINTS))
        if amount is not None and share is not None:
            raise problem_at(line_path, _("hat Betrag und Anteil; erlaubt ist eines von beiden"))
        goods = checked(line, "goods", "str", line_path, max_length=length(PrizeRank, "goods"))
        ranks.append({"rank": rank, "amount_cents": amount, "basis_points": share, "goods": goods})
    if sum(line["basis_points"] or 0 for line in ranks) > BASIS_POINTS:
        raise problem_at(f"{path}.ranks", _("verteilt zusammen mehr als 100 %"))
    values["ranks"] = ranks
    return values


def read_payment(item: Mapping[str, Any], path: str) -> int | None:
    if item.get("paid_cents") is None:
        return None
    return checked(item, "paid_cents", "int", path, span=(0, MAX_FEE_CENTS))


def restore_prizes(
    tournament: Tournament, prizes: dict[str, Any] | None, payments: dict[int, int]
) -> None:
    """Write the plan's part; ``payments``: new participant pk → cents."""
    if prizes is not None:
        PrizeSettings.objects.create(
            tournament=tournament, **{name: prizes[name] for name in PRIZE_FIELDS}
        )
        PrizeRank.objects.bulk_create(
            PrizeRank(tournament=tournament, **line) for line in prizes["ranks"]
        )
    FeePayment.objects.bulk_create(
        FeePayment(participant_id=pk, amount_cents=cents) for pk, cents in payments.items()
    )

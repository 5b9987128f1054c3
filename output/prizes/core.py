"""The prize list (Preisliste) from the final places: pure, no Django, money in integer cents.

Vocabulary:

- **Preisgeld** (``prize_money``): ``payout_percent`` of the pot (rounded down to the cent).
- **Place money**: what one place wins by the prize table: a fixed amount, or a share of the
  prize money in basis points (2500 = 25 %). With ``table_count`` (one prize per table) the
  places 1..table_count without an amount or share of their own (a non-cash prize alone
  does not count) share what the lines leave of the prize money evenly.
- **Cut**: places are served in order; a place whose money does not fit into what is left of
  the prize money gets only what is left (``PrizeList.cut``), later places nothing. So the cash
  paid out never exceeds the prize money, whatever the table says.
- **Shared places**: players equal on every tie-break share a place (``rank`` twice, then a
  gap). The k players on rank r share the place money of places r .. r+k-1 evenly and their
  non-cash prizes together. Every cash prize is rounded down to whole euros; what rounding
  leaves is the **remainder**, stated on the list and kept by the club.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

EURO = 100
BASIS_POINTS = 10_000


@dataclass(frozen=True)
class PrizeLine:
    """One line of the prize table: place ``rank`` wins ``amount_cents`` or ``basis_points``
    of the prize money (or no cash: both None), and ``goods`` (a non-cash prize, may be "")."""

    rank: int
    amount_cents: int | None = None
    basis_points: int | None = None
    goods: str = ""


@dataclass(frozen=True)
class Placed:
    """A player in the final standings, best first; equal ``rank`` means a shared place."""

    participant_id: int
    name: str
    club: str
    rank: int


@dataclass(frozen=True)
class Award:
    participant_id: int
    name: str
    club: str
    rank: int
    shared_by: int  # how many players share this place (1: alone)
    cents: int  # whole euros, in cents
    goods: tuple[str, ...]  # non-cash prizes of the places this player (and who shares) won


@dataclass(frozen=True)
class PrizeList:
    pot_cents: int
    prize_money_cents: int
    awards: tuple[Award, ...]
    paid_cents: int  # the cash prizes together
    remainder_cents: int  # what rounding to whole euros left of the place money
    unassigned_cents: int  # prize money no place won (the table gives out less, or too few players)
    cut: bool  # the prize table asked for more than the prize money

    @property
    def rest_cents(self) -> int:
        """What stays with the club: the pot less the cash prizes."""
        return self.pot_cents - self.paid_cents


def prize_money(pot_cents: int, payout_percent: int) -> int:
    return pot_cents * payout_percent // 100


def place_money(
    lines: Sequence[PrizeLine], money_cents: int, table_count: int | None = None
) -> tuple[dict[int, int], bool]:
    """Cents per place (1-based) and whether the table was cut to fit ``money_cents``."""
    asked: dict[int, int] = {}
    for line in lines:
        if line.amount_cents is not None:
            asked[line.rank] = line.amount_cents
        elif line.basis_points is not None:
            asked[line.rank] = money_cents * line.basis_points // BASIS_POINTS
    if table_count:
        spare = [rank for rank in range(1, table_count + 1) if rank not in asked]
        left = max(money_cents - sum(asked.values()), 0)
        for rank in spare:
            asked[rank] = left // len(spare)
    result: dict[int, int] = {}
    left, cut = money_cents, False
    for rank in sorted(asked):
        given = min(asked[rank], left)
        cut = cut or given < asked[rank]
        result[rank] = given
        left -= given
    return result, cut


def prize_list(
    placed: Sequence[Placed],
    lines: Sequence[PrizeLine],
    *,
    pot_cents: int,
    payout_percent: int,
    table_count: int | None = None,
) -> PrizeList:
    """The prize list for ``placed`` (best first)."""
    money = prize_money(pot_cents, payout_percent)
    per_place, cut = place_money(lines, money, table_count)
    goods = {line.rank: line.goods for line in lines if line.goods}
    awards: list[Award] = []
    remainder = 0
    won = 0
    for rank, group in groupby(placed, key=lambda player: player.rank):
        players = list(group)
        places = range(rank, rank + len(players))
        group_cents = sum(per_place.get(place, 0) for place in places)
        won += group_cents
        each = group_cents // len(players) // EURO * EURO
        remainder += group_cents - each * len(players)
        group_goods = tuple(goods[place] for place in places if place in goods)
        for player in players:
            if each or group_goods:
                awards.append(
                    Award(
                        player.participant_id,
                        player.name,
                        player.club,
                        rank,
                        len(players),
                        each,
                        group_goods,
                    )
                )
    paid = sum(award.cents for award in awards)
    return PrizeList(
        pot_cents=pot_cents,
        prize_money_cents=money,
        awards=tuple(awards),
        paid_cents=paid,
        remainder_cents=remainder,
        unassigned_cents=money - won,
        cut=cut,
    )

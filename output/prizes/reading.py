"""The evening's money read from the database: the prize list from the standings, and the
ledger (Kassenbericht) of fees in and prizes out, for the pages, printouts and spreadsheets."""

from __future__ import annotations

from dataclasses import dataclass

from output.printouts.pdf_standings import is_final
from output.prizes.core import Placed, PrizeLine, PrizeList, prize_list
from scoring.standings.ranking import Standings, compute_standings, rank_evening
from tournament.fees.services import prize_settings
from tournament.models import FeePayment, PrizeSettings, Table, Tournament


@dataclass(frozen=True)
class PrizeReport:
    tournament: Tournament
    settings: PrizeSettings
    lines: tuple[PrizeLine, ...]
    standings: Standings
    prizes: PrizeList
    final: bool  # after the last round with every sheet confirmed
    table_count: int | None  # one prize per table: the tables of the last round played


@dataclass(frozen=True)
class Payment:
    name: str
    club: str
    member: bool
    cents: int


def payments(tournament: Tournament) -> list[Payment]:
    rows = (
        FeePayment.objects.filter(participant__tournament=tournament)
        .order_by("participant__name")
        .values_list(
            "participant__name", "participant__club", "participant__member_id", "amount_cents"
        )
    )
    return [Payment(name, club, member is not None, cents) for name, club, member, cents in rows]


def placed(standings: Standings) -> list[Placed]:
    """Who played, ranked among themselves (as on the printed standings: no place for a
    player without a confirmed game)."""
    played = rank_evening(standings.tournament, (row for row in standings.rows if row.games_played))
    # Under Schnitt je Durchgang, who played too few rounds has no place (rank 0): no prize.
    return [Placed(row.participant_id, row.name, row.club, row.rank) for row in played if row.rank]


def prize_lines(tournament: Tournament) -> tuple[PrizeLine, ...]:
    return tuple(
        PrizeLine(line.rank, line.amount_cents, line.basis_points, line.goods)
        for line in tournament.prize_ranks.all()
    )


def prize_report(tournament: Tournament) -> PrizeReport:
    settings = prize_settings(tournament)
    lines = prize_lines(tournament)
    standings = compute_standings(tournament)
    table_count = None
    if settings.one_per_table and standings.after_round:
        table_count = Table.objects.filter(
            round__tournament=tournament, round__number=standings.after_round
        ).count()
    pot = sum(payment.cents for payment in payments(tournament))
    prizes = prize_list(
        placed(standings) if standings.after_round else [],
        lines,
        pot_cents=pot,
        payout_percent=settings.payout_percent,
        table_count=table_count,
    )
    final = bool(standings.after_round) and is_final(standings)
    return PrizeReport(tournament, settings, lines, standings, prizes, final, table_count)

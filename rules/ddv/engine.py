"""Scoring one DDV record (DDV.md §4–§7): parse it, then pay out by its form.

Payout (§5): in the team kinds each Re seat ±V and each Kontra seat ∓V; in the one-Re kinds the
soloist ±3V and each opponent ∓V; the sitting-out dealer 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.ddv.parsing import parse_record
from rules.ddv.penalty import penalty_points
from rules.ddv.records import CalculatorGame, DirectPoints, Penalty, QuickEntry, Record, Table
from rules.ddv.result import BreakdownItem, GameResult, plus_of
from rules.ddv.value import valuate
from rules.ddv.vocabulary import Method, Party, Severity


def score_game(raw: Any, imply_ansage: bool = False) -> GameResult:
    """Score one JSON-like record; :class:`~rules.ddv.errors.DdvRefused` when refused."""
    return score_record(parse_record(raw, imply_ansage))


def score_record(record: Record) -> GameResult:
    if isinstance(record, DirectPoints):
        return _direct(record)
    if isinstance(record, Penalty):
        return _penalty(record)
    if isinstance(record, QuickEntry):
        return _quick(record)
    return _calculator(record)


def payout(table: Table, re: tuple[int, ...], re_gets: int) -> dict[int, int]:
    """Points per seat when each Re seat gets ``re_gets`` (tripled for a soloist)."""
    points = dict.fromkeys(range(1, table.size + 1), 0)
    solo = len(re) == 1
    for seat in table.active:
        if seat in re:
            points[seat] = 3 * re_gets if solo else re_gets
        else:
            points[seat] = -re_gets
    return points


def _result(
    record: Any,
    points: Mapping[int, int],
    value: int | None,
    winner: Party | None,
    method: Method,
    items: tuple[BreakdownItem, ...] = (),
    soloist: int | None = None,
) -> GameResult:
    points = {seat: points[seat] + 0 for seat in sorted(points)}
    common = getattr(record, "common", None)
    kind = common.kind if common is not None else getattr(record, "kind", None)
    mode = common.solo_mode if common is not None else getattr(record, "solo_mode", None)
    return GameResult(
        points=points,
        plus=plus_of(points),
        value=value,
        winner=winner,
        breakdown=items,
        method=method,
        kind=kind,
        table_size=record.table.size,
        sitting_out=record.table.sitting_out,
        soloist=soloist,
        solo_mode=mode,
    )


def _calculator(game: CalculatorGame) -> GameResult:
    valuation = valuate(game)
    re_gets = valuation.value if valuation.ahead is Party.RE else -valuation.value
    items = tuple(BreakdownItem(key, p) for key, p in valuation.items)
    soloist = game.re[0] if len(game.re) == 1 else None
    points = payout(game.table, game.re, re_gets)
    return _result(
        game, points, valuation.value, valuation.winner, Method.CALCULATOR, items, soloist
    )


def _quick(entry: QuickEntry) -> GameResult:
    table = entry.table
    if entry.common.kind.team:
        points = {seat: 0 for seat in range(1, table.size + 1)}
        for seat in table.active:
            points[seat] = entry.value if seat in entry.winners else -entry.value
        return _result(entry, points, entry.value, None, Method.QUICK)
    assert entry.re is not None
    re_won = set(entry.winners) == set(entry.re)
    points = payout(table, entry.re, entry.value if re_won else -entry.value)
    winner = Party.RE if re_won else Party.KONTRA
    return _result(entry, points, entry.value, winner, Method.QUICK, soloist=entry.re[0])


def _direct(record: DirectPoints) -> GameResult:
    soloist = record.re[0] if record.re and len(record.re) == 1 else None
    return _result(record, record.points, None, None, Method.DIRECT, soloist=soloist)


def _penalty(record: Penalty) -> GameResult:
    result = _result(
        record, penalty_points(record), None, None, Method.PENALTY, soloist=record.soloist
    )
    return _replace_penalty(result, record)


def _replace_penalty(result: GameResult, record: Penalty) -> GameResult:
    return replace(
        result,
        counts_as_game=record.counts_as_played,
        punktabzug=record.severity is Severity.UNSPORTLICH,
    )

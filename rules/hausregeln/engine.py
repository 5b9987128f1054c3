"""Scoring a game: one entry point for all four entry methods (SCORING.md §2 and §6).

``score_game`` = :func:`~rules.hausregeln.parsing.parse_record` + :func:`score_record`. The payout
of §2 turns a party's value into seat points: in a normal game each winner +V and each loser −V;
in a one-Re kind the soloist ±3V and each opponent ∓V. The sitting-out seat always scores 0, so
every result sums to zero. Under Bock (CLUBRULES.md §4.7) the calculator's and the quick entry's
points are multiplied by the record's ``bock``; a revoke's fixed penalty and direct points (the
paper's final column) are not, and a Schmeißen row scores 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.hausregeln.calculator import value_game
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions
from rules.hausregeln.parsing import parse_record
from rules.hausregeln.records import (
    ACTIVE_SEATS,
    CalculatorRecord,
    DirectPoints,
    QuickEntry,
    Record,
    Revoke,
    Schmeissen,
)
from rules.hausregeln.result import NO_COUNTED_STATEMENT, GameResult
from rules.hausregeln.vocabulary import ONE_RE_KINDS, EntryMethod, Kind, Party

RE = Party.RE
KONTRA = Party.KONTRA

#: Revoke (§6.4): offender −15, the other three active seats +5 …
REVOKE_PENALTY = 15
REVOKE_SHARE = 5
#: … except when an opponent of the soloist revokes: soloist +15, the other two 0.
REVOKE_SOLOIST_GAIN = 15

_SEATS = {4: (1, 2, 3, 4), 5: (1, 2, 3, 4, 5)}


def score_game(record: Mapping[str, Any], options: ScoringOptions = DEFAULT_OPTIONS) -> GameResult:
    """Validate and score one game record (§8). Raises ``RecordError`` for a refused record."""
    return score_record(parse_record(record, options), options)


def score_record(record: Record, options: ScoringOptions = DEFAULT_OPTIONS) -> GameResult:
    """Score an already parsed record."""
    if type(record) is CalculatorRecord:
        return _score_calculator(record, options)
    if type(record) is QuickEntry:
        return _score_quick_entry(record)
    if type(record) is Revoke:
        return _score_revoke(record)
    if type(record) is DirectPoints:
        return _score_direct_points(record)
    if type(record) is Schmeissen:
        return _score_schmeissen(record)
    raise TypeError(f"not a game record: {record!r}")


def pay_out(
    table_size: int,
    sitting_out: int | None,
    re_seats: tuple[int, ...],
    one_re: bool,
    credited: Party | None,
    value: int,
) -> dict[int, int]:
    """Seat points for a value credited to a party (§2 payout); every other seat pays."""
    points = dict.fromkeys(_SEATS[table_size], 0)
    if credited is None or value == 0:
        return points
    v = value if credited is RE else -value
    re_share = 3 * v if one_re else v
    for seat in ACTIVE_SEATS[(table_size, sitting_out)]:
        points[seat] = re_share if seat in re_seats else -v
    return points


def _plus(points: dict[int, int]) -> tuple[int, ...]:
    # dicts are built in seat order, so the plus seats come out sorted
    return tuple([seat for seat, p in points.items() if p > 0])


def _score_calculator(record: CalculatorRecord, options: ScoringOptions) -> GameResult:
    valuation = value_game(record, options)
    points = pay_out(
        record.table_size,
        record.sitting_out,
        record.re,
        record.kind in ONE_RE_KINDS,
        valuation.credited,
        valuation.value * record.bock,
    )
    return GameResult(
        points,
        _plus(points),
        valuation.value,
        valuation.winner,
        valuation.breakdown,
        () if valuation.counted_statement else (NO_COUNTED_STATEMENT,),
        EntryMethod.CALCULATOR,
        record.kind,
        record.table_size,
        record.sitting_out,
        record.bock,
    )


def _score_quick_entry(record: QuickEntry) -> GameResult:
    kind = record.kind
    value = record.value
    paid = value * record.bock
    points = dict.fromkeys(_SEATS[record.table_size], 0)
    winner: Party | None = None
    if record.re is not None:
        soloist = record.re[0]
        winner = RE if record.winners == (soloist,) else KONTRA
        points = pay_out(record.table_size, record.sitting_out, record.re, True, winner, paid)
    elif value:
        winners = record.winners
        for seat in ACTIVE_SEATS[(record.table_size, record.sitting_out)]:
            points[seat] = paid if seat in winners else -paid
    return GameResult(
        points,
        _plus(points),
        value,
        winner,
        (),
        (),
        EntryMethod.QUICK_ENTRY,
        kind,
        record.table_size,
        record.sitting_out,
        record.bock,
    )


def revoke_points(
    table_size: int, sitting_out: int | None, kind: Kind, offender: int, soloist: int | None
) -> dict[int, int]:
    """§6.4: offender −15 and the other three +5, or, when an opponent of the soloist revokes in
    a one-Re kind, offender −15, soloist +15 and the other two 0."""
    points = dict.fromkeys(_SEATS[table_size], 0)
    if kind in ONE_RE_KINDS and soloist is not None and offender != soloist:
        points[offender] = -REVOKE_PENALTY
        points[soloist] = REVOKE_SOLOIST_GAIN
        return points
    for seat in ACTIVE_SEATS[(table_size, sitting_out)]:
        points[seat] = -REVOKE_PENALTY if seat == offender else REVOKE_SHARE
    return points


def _score_revoke(record: Revoke) -> GameResult:
    soloist = record.re[0] if record.re else None
    points = revoke_points(
        record.table_size, record.sitting_out, record.kind, record.offender, soloist
    )
    return GameResult(
        points,
        _plus(points),
        None,
        None,
        (),
        (),
        EntryMethod.REVOKE,
        record.kind,
        record.table_size,
        record.sitting_out,
        record.bock,
    )


def _score_direct_points(record: DirectPoints) -> GameResult:
    points = dict(record.points)
    return GameResult(
        points,
        _plus(points),
        None,
        None,
        (),
        (),
        EntryMethod.DIRECT_POINTS,
        None,
        record.table_size,
        record.sitting_out,
        record.bock,
    )


def _score_schmeissen(record: Schmeissen) -> GameResult:
    return GameResult(
        dict.fromkeys(_SEATS[record.table_size], 0),
        (),
        None,
        None,
        (),
        (),
        EntryMethod.SCHMEISSEN,
        None,
        record.table_size,
        record.sitting_out,
        record.bock,
    )

"""Seating logic for Doppelkopf tournaments: pure Python, no Django (data in, result out).

Vocabulary
----------
participant
    Identified by a plain ``int`` id (the Django layer uses the primary key).
table
    Numbered 1..T. A *4-table* seats four players. A *5-table* seats five; there the
    dealer sits out each game. ``N % 4`` five-tables absorb counts not divisible by 4,
    and the five-tables are always the LAST tables (highest numbers). Counts that cannot
    be seated: fewer than 4, and 6, 7, 11 (5 = one 5-table, 9 = 4+5, 10 = 5+5; every
    count from 12 on works).
seat
    Numbered 1..4 (or 1..5) around a table. ``TableSeating.seats[0]`` sits at seat 1.
captain / Listenführer
    The player at seat 1: keeps the score sheet and is the first dealer.
Losnummer (slip number)
    The number a participant draws from the bowl in the physical draw; 1..N. The slip
    scheme maps numbers to places, 4-tables first, then 5-tables::

        T4 = number of 4-tables
        number 4*(t-1) + k             -> table t, seat k            (t <= T4, k = 1..4)
        number 4*T4 + 5*(j-1) + k      -> 5-table j = table T4+j, seat k   (k = 1..5)

    i.e. slips are counted off table by table, seat by seat. The same numbers are
    printed on the table cards.
lot (Los)
    A random decision between participants with exactly equal standings whose tie
    straddles a table boundary when seating by placement (round 2+).
seed
    An int that makes every random decision reproducible: same input + same seed gives
    the same result, always. Only ``random.Random(int).random()`` is used, which Python
    guarantees to stay stable across versions; shuffles are an explicit Fisher-Yates
    over ``random()`` (``random.shuffle`` itself is not covered by that guarantee).
    Placement seating uses two independent streams derived from the seed with SHA-256
    (one for lots, one for seats).

Errors carry a stable ``code`` and ``params`` (no translated text); the service layer
turns them into German/English messages. ``str(error)`` is plain English for debugging.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any, NamedTuple

MIN_PARTICIPANTS = 4
SEED_MAX = 999_999_999  # 9 digits: fits a signed 64-bit column, short enough to read out
SEED_LIMIT = 10**18  # the largest seed an organiser may type (still fits the 64-bit column)


# --------------------------------------------------------------------------- errors


_DESCRIPTIONS = {
    "too_few": "{n} participants are too few; at least 4 are needed (add {add})",
    "unseatable": "{n} participants cannot be seated at 4- and 5-tables "
    "(remove {remove} or add {add})",
    "duplicate_participant": "participant {participant_id} is listed more than once",
    "invalid_table": "table {table} is invalid: {reason}",
    "not_seated": "participant {participant_id} is not seated",
    "already_seated": "participant {participant_id} is already seated",
    "unknown_table": "there is no table {table}",
    "unknown_seat": "table {table} has no seat {seat}",
    "table_full": "table {table} already has 5 players",
    "no_four_table": "there is no 4-player table for a late arrival",
    "same_player": "cannot swap participant {participant_id} with itself",
    "redraw_needed": "removing participant {participant_id} would leave table {table} "
    "with 3 players; a re-draw is needed",
    "slip_out_of_range": "slip number {number} is outside 1..{n}",
    "tie_not_contiguous": "participant {participant_id} ties with players further up; "
    "the ranking is not in standings order",
    "participants_mismatch": "seating does not match the participants "
    "(not seated: {missing}, unexpected: {unexpected})",
    "invalid_slips": "{count} problem(s) with the drawn slip numbers",
}


class SeatingError(ValueError):
    """A seating request that cannot be fulfilled. ``code`` is stable; ``params`` are data."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = params
        super().__init__(code, params)

    def __str__(self) -> str:
        template = _DESCRIPTIONS.get(self.code)
        try:
            return template.format(**self.params) if template else f"{self.code}: {self.params}"
        except (KeyError, IndexError):
            return f"{self.code}: {self.params}"


@dataclass(frozen=True)
class SlipProblem:
    """One problem with drawn slip numbers, precise enough to flag the exact rows.

    codes: ``out_of_range`` (one participant, its number), ``duplicate`` (all participants
    holding ``number``), ``missing`` (no participant, the number nobody holds),
    ``unassigned`` (one participant, ``number`` None).
    """

    code: str
    participant_ids: tuple[int, ...]
    number: int | None


class SlipError(SeatingError):
    """All problems of a slip assignment at once (code ``invalid_slips``)."""

    def __init__(self, problems: Sequence[SlipProblem], n: int) -> None:
        super().__init__("invalid_slips", count=len(problems), n=n)
        self.problems: tuple[SlipProblem, ...] = tuple(problems)

    def __str__(self) -> str:
        details = "; ".join(
            f"{p.code} number={p.number} participants={list(p.participant_ids)}"
            for p in self.problems
        )
        return f"{super().__str__()}: {details}"


# --------------------------------------------------------------------------- table sizes


def is_seatable(n: int) -> bool:
    """True if n participants fill 4-tables plus ``n % 4`` five-tables."""
    return n >= MIN_PARTICIPANTS and 5 * (n % 4) <= n


def table_sizes(n: int) -> tuple[int, ...]:
    """Table sizes for n participants: the 4-tables first, then ``n % 4`` five-tables.

    Raises ``SeatingError`` ``too_few`` (n < 4) or ``unseatable`` (6, 7, 11); params
    ``n``, ``remove`` (participants to remove to reach the next lower seatable count, or
    None) and ``add`` (participants to add to reach the next higher seatable count).
    """
    if n < 0:
        raise ValueError(f"participant count must not be negative, got {n}")
    if not is_seatable(n):
        lower = next((m for m in range(n - 1, MIN_PARTICIPANTS - 1, -1) if is_seatable(m)), None)
        upper = next(m for m in range(n + 1, n + 13) if is_seatable(m))
        code = "too_few" if n < MIN_PARTICIPANTS else "unseatable"
        remove = None if lower is None else n - lower
        raise SeatingError(code, n=n, remove=remove, add=upper - n)
    fives = n % 4
    fours = (n - 5 * fives) // 4
    return (4,) * fours + (5,) * fives


# --------------------------------------------------------------------------- result types


class SeatRef(NamedTuple):
    table: int
    seat: int


class SeatRow(NamedTuple):
    table: int
    seat: int
    participant_id: int


class Slip(NamedTuple):
    number: int
    table: int
    seat: int


@dataclass(frozen=True)
class TableSeating:
    """One table: ``seats[0]`` is at seat 1 (the captain)."""

    number: int
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if self.number < 1:
            raise SeatingError("invalid_table", table=self.number, reason="number must be >= 1")
        if len(self.seats) not in (4, 5):
            raise SeatingError(
                "invalid_table", table=self.number, reason=f"{len(self.seats)} players"
            )

    @property
    def captain(self) -> int:
        return self.seats[0]

    @property
    def size(self) -> int:
        return len(self.seats)


@dataclass(frozen=True)
class Seating:
    """Tables numbered 1..T in order; every participant sits exactly once (validated)."""

    tables: tuple[TableSeating, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        for expected, table in enumerate(self.tables, start=1):
            if table.number != expected:
                raise SeatingError(
                    "invalid_table", table=table.number, reason=f"expected number {expected}"
                )
        seen: set[int] = set()
        for pid in self.participants:
            if pid in seen:
                raise SeatingError("duplicate_participant", participant_id=pid)
            seen.add(pid)

    @property
    def participants(self) -> tuple[int, ...]:
        """All participant ids, table by table, seat by seat."""
        return tuple(pid for table in self.tables for pid in table.seats)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(table.size for table in self.tables)

    @property
    def five_tables_last(self) -> bool:
        """True if no 4-table follows a 5-table (always true for drawn seatings)."""
        return list(self.sizes) == sorted(self.sizes)

    def table(self, number: int) -> TableSeating:
        if not 1 <= number <= len(self.tables):
            raise SeatingError("unknown_table", table=number)
        return self.tables[number - 1]

    def position_of(self, participant_id: int) -> SeatRef:
        for table in self.tables:
            if participant_id in table.seats:
                return SeatRef(table.number, table.seats.index(participant_id) + 1)
        raise SeatingError("not_seated", participant_id=participant_id)

    def as_rows(self) -> Iterator[SeatRow]:
        for table in self.tables:
            for seat, pid in enumerate(table.seats, start=1):
                yield SeatRow(table.number, seat, pid)

    def require_participants(self, participant_ids: Iterable[int]) -> None:
        """Raise ``participants_mismatch`` unless exactly these participants are seated."""
        expected, seated = set(participant_ids), set(self.participants)
        if expected != seated:
            raise SeatingError(
                "participants_mismatch",
                missing=sorted(expected - seated),
                unexpected=sorted(seated - expected),
            )


def _fill(ordered_ids: Sequence[int], sizes: Sequence[int]) -> Seating:
    tables, start = [], 0
    for number, size in enumerate(sizes, start=1):
        tables.append(TableSeating(number, tuple(ordered_ids[start : start + size])))
        start += size
    return Seating(tuple(tables))


# --------------------------------------------------------------------------- randomness


def new_seed() -> int:
    """A fresh random seed in 1..999_999_999."""
    return secrets.randbelow(SEED_MAX) + 1


def _derived_rng(seed: int, purpose: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    """Fisher-Yates over ``rng.random()`` only (stable across Python versions)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        result[i], result[j] = result[j], result[i]
    return result


def _sorted_unique(participant_ids: Iterable[int]) -> list[int]:
    ids = sorted(participant_ids)
    for a, b in pairwise(ids):
        if a == b:
            raise SeatingError("duplicate_participant", participant_id=a)
    return ids


def draw_seating(participant_ids: Iterable[int], seed: int) -> Seating:
    """Digital draw: sort the ids, shuffle with ``random.Random(seed)``, fill the tables."""
    ids = _sorted_unique(participant_ids)
    sizes = table_sizes(len(ids))
    return _fill(_shuffled(ids, random.Random(seed)), sizes)


# --------------------------------------------------------------------------- slips


def slip_position(number: int, sizes: Sequence[int]) -> SeatRef:
    """Table and seat of slip ``number`` (1..sum(sizes)) under the slip scheme."""
    if not 1 <= number <= sum(sizes):
        raise SeatingError("slip_out_of_range", number=number, n=sum(sizes))
    remaining = number
    for table, size in enumerate(sizes, start=1):
        if remaining <= size:
            return SeatRef(table, remaining)
        remaining -= size
    raise AssertionError("unreachable")  # pragma: no cover


def slip_number(table: int, seat: int, sizes: Sequence[int]) -> int:
    """Slip number of ``table``/``seat``: the inverse of ``slip_position``."""
    if not 1 <= table <= len(sizes):
        raise SeatingError("unknown_table", table=table)
    if not 1 <= seat <= sizes[table - 1]:
        raise SeatingError("unknown_seat", table=table, seat=seat)
    return sum(sizes[: table - 1]) + seat


def slip_layout(n: int) -> list[Slip]:
    """Every slip for n participants, in number order, for printing slips and table cards."""
    sizes = table_sizes(n)
    return [Slip(number, *slip_position(number, sizes)) for number in range(1, n + 1)]


def seating_from_slips(assignments: Mapping[int, int | None], n: int | None = None) -> Seating:
    """Seating from a physical draw: participant id -> drawn slip number (None = none yet).

    ``n`` is the number of slips in the bowl (default: ``len(assignments)``). Raises
    ``SeatingError`` if n is unseatable, else ``SlipError`` listing every problem:
    out-of-range numbers, duplicates, missing numbers and participants without a number.
    """
    count = len(assignments) if n is None else n
    sizes = table_sizes(count)
    holders: dict[int, list[int]] = defaultdict(list)
    problems: list[SlipProblem] = []
    unassigned: list[SlipProblem] = []
    for pid, number in sorted(assignments.items()):
        if number is None:
            unassigned.append(SlipProblem("unassigned", (pid,), None))
        elif not 1 <= number <= count:
            problems.append(SlipProblem("out_of_range", (pid,), number))
        else:
            holders[number].append(pid)
    for number in range(1, count + 1):
        if number not in holders:
            problems.append(SlipProblem("missing", (), number))
        elif len(holders[number]) > 1:
            problems.append(SlipProblem("duplicate", tuple(holders[number]), number))
    problems += unassigned
    if problems:
        raise SlipError(problems, n=count)
    return _fill([holders[number][0] for number in range(1, count + 1)], sizes)


# --------------------------------------------------------------------------- placement


@dataclass(frozen=True)
class RankedPlayer:
    """A participant in standings order; equal ``key`` means an exact tie."""

    participant_id: int
    key: tuple[Any, ...]


@dataclass(frozen=True)
class TieLot:
    """A lot between exactly tied participants whose shared places span a table boundary.

    ``order[i]`` won place ``first_place + i`` and goes to table ``tables[i]``.
    """

    participant_ids: tuple[int, ...]  # sorted
    first_place: int
    last_place: int
    order: tuple[int, ...]
    tables: tuple[int, ...]

    def table_of(self, participant_id: int) -> int:
        return self.tables[self.order.index(participant_id)]


@dataclass(frozen=True)
class PlacementResult:
    seating: Seating
    lots: tuple[TieLot, ...] = field(default=())
    order: tuple[int, ...] = field(default=())  # final places after the lots, best first


def _tie_groups(ranking: Sequence[RankedPlayer]) -> list[list[RankedPlayer]]:
    groups: list[list[RankedPlayer]] = []
    for player in ranking:
        if groups and groups[-1][0].key == player.key:
            groups[-1].append(player)
        elif any(group[0].key == player.key for group in groups):
            raise SeatingError("tie_not_contiguous", participant_id=player.participant_id)
        else:
            groups.append([player])
    return groups


def seat_by_placement(ranking: Sequence[RankedPlayer], seed: int) -> PlacementResult:
    """Rule 3: places 1-4 -> table 1, places 5-8 -> table 2, ...; 5-tables are last.

    Exact ties straddling a table boundary are decided by a lot (seed stream "lots");
    then the seats within each table are drawn (seed stream "seats"), so the captain is
    random. Ties inside one table need no lot.
    """
    _sorted_unique(p.participant_id for p in ranking)
    sizes = table_sizes(len(ranking))
    table_of_place = [t for t, size in enumerate(sizes, start=1) for _ in range(size)]
    lots_rng = _derived_rng(seed, "lots")
    order: list[int] = []
    lots: list[TieLot] = []
    for group in _tie_groups(ranking):
        first = len(order) + 1
        last = first + len(group) - 1
        ids = [p.participant_id for p in group]
        if table_of_place[first - 1] == table_of_place[last - 1]:
            order += ids
            continue
        drawn = _shuffled(sorted(ids), lots_rng)
        tables = tuple(table_of_place[place - 1] for place in range(first, last + 1))
        lots.append(TieLot(tuple(sorted(ids)), first, last, tuple(drawn), tables))
        order += drawn
    seats_rng = _derived_rng(seed, "seats")
    seated: list[int] = []
    start = 0
    for size in sizes:
        seated += _shuffled(sorted(order[start : start + size]), seats_rng)
        start += size
    return PlacementResult(_fill(seated, sizes), tuple(lots), tuple(order))


# --------------------------------------------------------------------------- repeats


@dataclass(frozen=True)
class RepeatWarning:
    """``participant_ids`` (>= 3) share ``table`` again after sitting together at
    ``previous_table`` of ``previous[previous_index]`` (0-based index into ``previous``)."""

    table: int
    previous_index: int
    previous_table: int
    participant_ids: tuple[int, ...]


def repeat_warnings(
    seating: Seating, previous: Iterable[Seating], min_shared: int = 3
) -> list[RepeatWarning]:
    """Warn for each table with ``min_shared`` or more players from one earlier table."""
    earlier = list(previous)
    warnings = []
    for table in seating.tables:
        players = set(table.seats)
        for index, old in enumerate(earlier):
            for old_table in old.tables:
                shared = players & set(old_table.seats)
                if len(shared) >= min_shared:
                    warnings.append(
                        RepeatWarning(table.number, index, old_table.number, tuple(sorted(shared)))
                    )
    return warnings


# --------------------------------------------------------------------------- editing


def _with_seats(seating: Seating, changes: Mapping[int, Sequence[int]]) -> Seating:
    return Seating(
        tuple(
            replace(table, seats=tuple(changes[table.number])) if table.number in changes else table
            for table in seating.tables
        )
    )


def swap_players(seating: Seating, a: int, b: int) -> Seating:
    """Exchange the places (table and seat) of participants a and b."""
    if a == b:
        raise SeatingError("same_player", participant_id=a)
    pos_a, pos_b = seating.position_of(a), seating.position_of(b)
    seats = {t: list(seating.table(t).seats) for t in {pos_a.table, pos_b.table}}
    seats[pos_a.table][pos_a.seat - 1] = b
    seats[pos_b.table][pos_b.seat - 1] = a
    return _with_seats(seating, seats)


def make_captain(seating: Seating, participant_id: int) -> Seating:
    """Move the participant to seat 1 of their table, swapping with the current captain."""
    table = seating.table(seating.position_of(participant_id).table)
    if table.captain == participant_id:
        return seating
    return swap_players(seating, participant_id, table.captain)


def add_late_arrival(
    seating: Seating, participant_id: int, table_number: int | None = None
) -> Seating:
    """Seat a late arrival at seat 5 of a 4-table.

    Without ``table_number`` the highest-numbered 4-table is used, which keeps the
    five-tables last. An explicit table may be any 4-table.
    """
    if participant_id in seating.participants:
        raise SeatingError("already_seated", participant_id=participant_id)
    if table_number is None:
        fours = [t.number for t in seating.tables if t.size == 4]
        if not fours:
            raise SeatingError("no_four_table")
        table_number = fours[-1]
    table = seating.table(table_number)
    if table.size == 5:
        raise SeatingError("table_full", table=table_number)
    return _with_seats(seating, {table_number: (*table.seats, participant_id)})


def remove_player(seating: Seating, participant_id: int) -> Seating:
    """Withdraw a participant from a draft: a 5-table becomes a 4-table (later seats move
    up one, so removing the captain makes seat 2 captain). Refused (``redraw_needed``) at a
    4-table."""
    position = seating.position_of(participant_id)
    table = seating.table(position.table)
    if table.size == 4:
        raise SeatingError("redraw_needed", participant_id=participant_id, table=table.number)
    return _with_seats(
        seating, {table.number: tuple(p for p in table.seats if p != participant_id)}
    )

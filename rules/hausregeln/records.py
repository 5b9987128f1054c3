"""The typed records of a game (SCORING.md §6, a Schmeißen row of CLUBRULES.md §3.3) and the
statements and Sonderpunkte they hold.

:func:`~rules.hausregeln.parsing.parse_record` builds them from JSON; every record is frozen and
already checked, so the engine can trust what it gets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from rules.hausregeln.vocabulary import Call, EntryMethod, Kind, Party, Special

#: The seats of a table and, per sitting-out seat, the four active ones.
ACTIVE_SEATS: dict[tuple[int, int | None], tuple[int, ...]] = {(4, None): (1, 2, 3, 4)}
for _out in range(1, 6):
    ACTIVE_SEATS[(5, _out)] = tuple(s for s in range(1, 6) if s != _out)


class Statement(NamedTuple):
    """One call of the ``statements`` list: who said it and whether before the first lead."""

    party: Party
    call: Call
    before_lead: bool = False


class SpecialPoint(NamedTuple):
    """One Sonderpunkt of the ``specials`` list and the party that earned it."""

    party: Party
    kind: Special


@dataclass(frozen=True, slots=True)
class CalculatorRecord:
    """The full record of a played game (§6.1): the engine derives winner, V and breakdown.

    ``schwarz`` is the party that took no trick (derived from the Augen with 40 cards), or None.
    """

    table_size: int
    sitting_out: int | None
    kind: Kind
    re: tuple[int, ...]
    augen_re: int
    schwarz: Party | None
    statements: tuple[Statement, ...] = ()
    specials: tuple[SpecialPoint, ...] = ()
    bock: int = 1
    ausloeser: bool | None = None

    method: ClassVar[EntryMethod] = EntryMethod.CALCULATOR

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class QuickEntry:
    """What the paper sheet holds (§6.2): the kind, the plus seats ("Sieger") and V ≥ 0.

    ``re`` is the soloist in a one-Re kind and None otherwise.
    """

    table_size: int
    sitting_out: int | None
    kind: Kind
    winners: tuple[int, ...]
    value: int
    re: tuple[int, ...] | None = None
    bock: int = 1
    ausloeser: bool | None = None

    method: ClassVar[EntryMethod] = EntryMethod.QUICK_ENTRY

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class DirectPoints:
    """The per-seat plus/minus column of the paper sheet (§6.3), already checked for a pattern."""

    table_size: int
    sitting_out: int | None
    points: dict[int, int]
    bock: int = 1
    ausloeser: bool | None = None

    method: ClassVar[EntryMethod] = EntryMethod.DIRECT_POINTS
    kind: ClassVar[None] = None

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class Revoke:
    """A Verwerfen (§6.4): the game's score is replaced by the revoke payout.

    ``re`` is the soloist in a one-Re kind and None otherwise (the offender's party does not
    matter in ``normal``/``hochzeit``).
    """

    table_size: int
    sitting_out: int | None
    kind: Kind
    offender: int
    re: tuple[int, ...] | None = None
    bock: int = 1
    ausloeser: bool | None = None

    method: ClassVar[EntryMethod] = EntryMethod.REVOKE

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class Schmeissen:
    """A Schmeißen row (CLUBRULES.md §3.3): ``seat`` threw the cards in for ``reason``; it
    scores 0 for every seat, whatever the multiplier ``bock``."""

    table_size: int
    sitting_out: int | None
    seat: int
    reason: str
    bock: int = 1

    method: ClassVar[EntryMethod] = EntryMethod.SCHMEISSEN
    kind: ClassVar[None] = None
    ausloeser: ClassVar[bool] = False

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


Record = CalculatorRecord | QuickEntry | DirectPoints | Revoke | Schmeissen

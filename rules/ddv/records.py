"""The typed records a DDV game entry becomes (DDV.md §7.4): one class per entry form.

Parsing (:mod:`rules.ddv.parsing`) checks every field; the engine trusts these values.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rules.ddv.vocabulary import Kind, Party, Severity, SoloMode


@dataclass(frozen=True, slots=True)
class Table:
    size: int
    sitting_out: int | None

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(1, self.size + 1) if seat != self.sitting_out)


@dataclass(frozen=True, slots=True)
class Common:
    """What every form but direct points may carry besides its own fields."""

    kind: Kind
    solo_mode: SoloMode | None
    klaerungsstich: int | None


@dataclass(frozen=True, slots=True)
class CalculatorGame:
    table: Table
    common: Common
    re: tuple[int, ...]
    augen_re: int
    #: the party that took no trick, or None
    schwarz: Party | None
    ansage: dict[Party, bool]
    absage: dict[Party, int]
    specials: dict[Party, Counter[str]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class QuickEntry:
    table: Table
    common: Common
    re: tuple[int, ...] | None
    winners: tuple[int, ...]
    value: int


@dataclass(frozen=True, slots=True)
class DirectPoints:
    table: Table
    points: dict[int, int]
    kind: Kind | None
    solo_mode: SoloMode | None
    re: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class Penalty:
    table: Table
    common: Common
    re: tuple[int, ...] | None
    offender: int
    severity: Severity
    absagen: int
    harms_soloist: bool
    solo_known: bool | None
    deduction: int | None

    @property
    def solo_phase(self) -> bool:
        kind = self.common.kind
        return kind.announced_solo or (self.solo_known is True)

    @property
    def soloist(self) -> int | None:
        return self.re[0] if self.re and len(self.re) == 1 else None

    @property
    def counts_as_played(self) -> bool:
        """A serious violation by an opponent in the solo phase: the solo counts (9.4.4)."""
        return (
            self.severity is Severity.SCHWERWIEGEND
            and self.solo_phase
            and self.offender != self.soloist
        )


Record = CalculatorGame | QuickEntry | DirectPoints | Penalty

"""What scoring a game produces: per-seat points, the value V and its breakdown (SCORING.md §8).

The result keeps language-neutral keys and renders labels and messages only on demand, so one
result can be shown in German on the sheet and in English in the admin without rescoring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rules.hausregeln.i18n import label, translate
from rules.hausregeln.vocabulary import EntryMethod, Kind, Party


class BreakdownItem(NamedTuple):
    """One line of the value: a label key (see :func:`label`) and its points (negative for the
    loser's Sonderpunkte)."""

    key: str
    points: int

    def label(self, lang: str | None = "de") -> str:
        return label(self.key, lang)


class ScoringWarning(NamedTuple):
    """A remark on a game that never blocks it (§6: "no counted statement")."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()

    def message(self, lang: str | None = "de") -> str:
        return translate(f"warning.{self.code}", lang, **dict(self.params))


NO_COUNTED_STATEMENT = ScoringWarning("no_counted_statement")


@dataclass(frozen=True, slots=True)
class GameResult:
    """The score of one game.

    - ``points``: every seat of the table, the sitting-out seat with 0; sums to zero.
    - ``plus``: the sorted seats with positive points (the "Sieger" column).
    - ``value``: V seen from the winner (may be ≤ 0); the net (≥ 0) when nobody wins; the entered
      value for a quick entry; None for revokes and direct points.
    - ``winner``: the party that won under §3; None when nobody wins, for revokes, direct points
      and quick entries of ``normal``/``hochzeit``.
    - ``breakdown``: items summing to ``value`` (empty for quick entries, revokes, direct points).
    - ``bock``: the multiplier *m* the points were paid with (CLUBRULES.md §4.7; 1 outside Bock).
    """

    points: dict[int, int]
    plus: tuple[int, ...]
    value: int | None
    winner: Party | None
    breakdown: tuple[BreakdownItem, ...]
    warnings: tuple[ScoringWarning, ...]
    method: EntryMethod
    kind: Kind | None
    table_size: int
    sitting_out: int | None
    bock: int = 1

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        """The §8 output object, labels and warnings in ``lang``."""
        return {
            "points": {str(seat): p for seat, p in self.points.items()},
            "plus": list(self.plus),
            "value": self.value,
            "winner": None if self.winner is None else self.winner.value,
            "breakdown": [[label(item.key, lang), item.points] for item in self.breakdown],
            "warnings": [w.message(lang) for w in self.warnings],
            "bock": self.bock,
        }

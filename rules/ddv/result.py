"""What scoring one DDV record gives (DDV.md §7.5): the shape of ``score_game``'s output.

Language-neutral keys; labels are rendered on demand. The attributes match the house rules'
``GameResult`` (``points``, ``plus``, ``value``, ``winner``, ``breakdown``, ``warnings``,
``method``, ``kind``, ``table_size``, ``sitting_out``) so the sheet pages can store either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rules.ddv.messages import label
from rules.ddv.vocabulary import Kind, Method, Party, SoloMode


class BreakdownItem(NamedTuple):
    """One line of the value: a label key of :data:`rules.ddv.messages.LABELS` and its points
    (negative for the loser's, or the party behind's, items)."""

    key: str
    points: int

    def label(self, lang: str | None = "de") -> str:
        return label(self.key, lang)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The score of one record.

    - ``points``: every seat, the sitting-out seat 0; sums to 0 except a Punktabzug.
    - ``plus``: the sorted seats with positive points.
    - ``value``: V seen from the winner (may be ≤ 0), |net| when nobody wins, the entered
      value of a quick entry; None for penalties and direct points.
    - ``winner``: the §3 winner; None when nobody wins, for penalties, direct points and quick
      entries of team kinds.
    - ``soloist``: the seat that played alone (one-Re kinds), if known.
    - ``counts_as_game``: False for a penalty line that is not a game (minor, unsportlich,
      "nicht gespielt").
    """

    points: dict[int, int]
    plus: tuple[int, ...]
    value: int | None
    winner: Party | None
    breakdown: tuple[BreakdownItem, ...]
    method: Method
    kind: Kind | None
    table_size: int
    sitting_out: int | None
    soloist: int | None = None
    solo_mode: SoloMode | None = None
    counts_as_game: bool = True
    punktabzug: bool = False
    warnings: tuple[Any, ...] = ()

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        """The §7.5 object, exactly the keys of the house rules' ``score_game``."""
        return {
            "points": {str(seat): p for seat, p in self.points.items()},
            "plus": list(self.plus),
            "value": self.value,
            "winner": None if self.winner is None else self.winner.value,
            "breakdown": [[item.label(lang), item.points] for item in self.breakdown],
            "warnings": [],
        }


def plus_of(points: dict[int, int]) -> tuple[int, ...]:
    return tuple(sorted(seat for seat, p in points.items() if p > 0))

"""What scoring gives back, the same for every ruleset: a scored row and a scored sheet.

Vocabulary:

- **Row kind**: what a line of the sheet is — :data:`GAME` (a Doppelkopf game, house rules and
  DDV), :data:`PENALTY` (a DDV penalty line that is not a game: it scores, but deals nothing
  and is no game of the sheet's count), :data:`DEAL` (a count-down deal inside a Partie).
- **Row label**: how pages name the row ("Spiel 7", "Strafe", "Spiel 3 · Partie 2").
- **Refusal** (:class:`RowRefusal`): why a row was not accepted — where in the row (``field``,
  a path into the row's JSON such as ``winners[0]``; ``None``: the row as a whole) and the
  message in the reader's language. ``code`` and ``params`` let the ruleset say it again with
  another name for the field (:meth:`rules.base.Ruleset.refusal_message`).
- **Warning** (:class:`RowWarning`): a remark that never blocks a row; its ``code`` is stored
  with the row, its ``message`` is in the reader's language.
- **Row result** (:class:`RowResult`): one row scored — points per seat (ints; every seat of the
  table, a seat that sits out with 0), the running totals after it, whether it counts, and what
  the pages and the storage show of it (the winners' seats, a value, a breakdown).
- **Sheet result** (:class:`SheetResult`): every row's result, the totals per seat, all refusals
  in row order, whether the sheet is complete, and who deals and sits out the next row.

Pure data: no Django, nothing of this project outside ``rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

GAME = "game"
PENALTY = "penalty"
DEAL = "deal"
ROW_KINDS = (GAME, PENALTY, DEAL)


@dataclass(frozen=True, slots=True)
class RowRefusal:
    """Row ``row`` (1-based; 0 when scored on its own) refused at ``field`` with ``message``."""

    row: int
    field: str | None
    message: str
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "message": self.message}


@dataclass(frozen=True, slots=True)
class RowWarning:
    """A remark on a row that never blocks it: a stored ``code`` and its ``message``."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class RowResult:
    """One scored row of a sheet (see the module docstring).

    ``points`` is empty for a refused row. ``plus`` are the seats that won the row (the
    standings count rows won), ``soloist`` the seat that played alone (or ``None``), ``value``
    the row's value as the sheet's "Wert" column shows it (``None``: no value), ``breakdown``
    the value's items as (label key, points) pairs, ``game_type`` the ruleset's own name of
    what was played ("normal", "damensolo"; empty when it has none), ``method`` how the row was
    entered and ``winner`` the winning party's key — the last three are stored as they are.
    ``partie`` is the count-down Partie the row belongs to (``None`` elsewhere).
    """

    number: int
    kind: str
    label: str
    dealer: int | None
    sitter: int | None
    points: Mapping[int, int]
    totals: Mapping[int, int]
    counted: bool
    warnings: tuple[RowWarning, ...] = ()
    refusals: tuple[RowRefusal, ...] = ()
    plus: tuple[int, ...] = ()
    soloist: int | None = None
    value: int | None = None
    breakdown: tuple[tuple[str, int], ...] = ()
    game_type: str = ""
    method: str = ""
    winner: str = ""
    partie: int | None = None

    @property
    def refused(self) -> bool:
        return bool(self.refusals)

    def to_json(self, label: Callable[[str], str] = str) -> dict[str, Any]:
        """The live result of one row (the calculator's endpoint): ``label`` names a breakdown
        key in the reader's language (:meth:`rules.base.Ruleset.breakdown_label`)."""
        return {
            "points": {str(seat): points for seat, points in self.points.items()},
            "plus": list(self.plus),
            "value": self.value,
            "winner": self.winner or None,
            "breakdown": [[label(key), points] for key, points in self.breakdown],
            "warnings": [warning.message for warning in self.warnings],
        }


@dataclass(frozen=True, slots=True)
class SheetResult:
    """A scored sheet: ``rows`` in order, final ``totals`` per seat, every refusal in row
    order (``issues``), whether the sheet holds every row it must (``complete``), and the
    dealer and sitter of the row after the last (``None`` when the sheet is full)."""

    rows: tuple[RowResult, ...]
    totals: Mapping[int, int]
    issues: tuple[RowRefusal, ...]
    complete: bool
    next_dealer: int | None
    next_sitter: int | None

    @property
    def ok(self) -> bool:
        return not self.issues

    @property
    def warnings(self) -> tuple[tuple[int, RowWarning], ...]:
        """Every warning with its row's number, in row order."""
        return tuple((row.number, warning) for row in self.rows for warning in row.warnings)

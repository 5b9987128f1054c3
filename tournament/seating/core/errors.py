"""Seating errors: a stable ``code`` with ``params`` as data, never translated text.

The service layer turns them into German/English messages (``tournament.seating.messages``);
``str(error)`` is plain English for debugging.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# --------------------------------------------------------------------------- errors


_DESCRIPTIONS = {
    "too_few": "{n} participants are too few to fill the smallest table (add {add})",
    "unseatable": "{n} participants cannot be seated at the allowed table sizes "
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

"""What changed between two versions of a sheet, game by game.

``compare_games`` is a pure function: it takes the games of two versions (stored ``Game`` rows or
anything with ``number``, ``record``, ``winner``, ``value``, ``plus`` and ``points``) and reads
nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol


class GameLike(Protocol):
    number: int
    record: Mapping[str, Any]
    winner: str
    value: int | None
    plus: list[int]
    points: Mapping[str, int]


@dataclass(frozen=True)
class GameOutcome:
    """The result of one game as the history shows it."""

    winner: str  # "re", "kontra" or "" (no winner)
    winners: tuple[int, ...]  # the seats that scored plus points
    value: int | None
    points: tuple[tuple[int, int], ...]  # (seat, points), by seat

    @classmethod
    def of(cls, game: GameLike) -> GameOutcome:
        return cls(
            winner=game.winner or "",
            winners=tuple(sorted(int(seat) for seat in game.plus or ())),
            value=game.value,
            points=tuple(sorted((int(seat), points) for seat, points in game.points.items())),
        )


@dataclass(frozen=True)
class GameChange:
    number: int
    kind: str  # ADDED, REMOVED or CHANGED
    old: GameOutcome | None
    new: GameOutcome | None

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


def compare_games(old: Iterable[GameLike], new: Iterable[GameLike]) -> list[GameChange]:
    """The games added, removed or changed from ``old`` to ``new``, by game number.

    A game counts as changed when what was entered (its record) or its result differs; a game
    entered differently with the same result is still listed, with equal outcomes.
    """
    before = {game.number: game for game in old}
    after = {game.number: game for game in new}
    changes = []
    for number in sorted(before.keys() | after.keys()):
        was, now = before.get(number), after.get(number)
        if was is None:
            changes.append(GameChange(number, GameChange.ADDED, None, GameOutcome.of(now)))
        elif now is None:
            changes.append(GameChange(number, GameChange.REMOVED, GameOutcome.of(was), None))
        else:
            old_outcome, new_outcome = GameOutcome.of(was), GameOutcome.of(now)
            if dict(was.record) != dict(now.record) or old_outcome != new_outcome:
                changes.append(GameChange(number, GameChange.CHANGED, old_outcome, new_outcome))
    return changes


@dataclass(frozen=True)
class VersionDiff:
    number: int  # the newer version
    previous: int  # the version it is compared with
    changes: list[GameChange]


def version_diffs(versions: Iterable[Any]) -> list[VersionDiff]:
    """Each version compared with the one before it, newest first; ``versions`` carry their
    games (``version.games.all()``, prefetched) and come in any order."""
    ordered = sorted(versions, key=lambda version: version.number)
    diffs = [
        VersionDiff(
            newer.number,
            older.number,
            compare_games(older.games.all(), newer.games.all()),
        )
        for older, newer in pairwise(ordered)
    ]
    return diffs[::-1]

"""What changed between two versions of a sheet, game by game, and who typed it in which sitting.

``compare_games`` is a pure function: it takes the games of two versions (stored ``Game`` rows or
anything with ``number``, ``record``, ``winner``, ``value``, ``plus`` and ``points``) and reads
nothing else. The history names each game's winners by name and seat, from the scored result
(the seats with plus points), so a quick entry ("1 + 2 · 3") reads "Anna (1), Bernd (2)".

A **sitting** is what one device typed in one go: consecutive versions from the same source and
the same login (a captain link is one per sheet, so "the captain's phone" is one source), each
saved within ``SITTING_GAP`` of the one before, none of them handed in or confirmed before the
last (handing in closes a sitting). An autosave makes a version per change, so a sitting of 17
versions is one entry of the history: the net change from the version before it to its last
version, with the single versions to unfold.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Protocol

#: How the ruleset describes a stored game in one line ("" : the history's own line).
Describe = Callable[[Any], str]
#: How the paper names each row of a version's games: row number -> "7" (the game's number in
#: the round) or "Strafe" (a row that is no game).
Numbering = Callable[[Sequence[Any]], Mapping[int, str]]

SITTING_GAP = datetime.timedelta(minutes=10)

#: Who sat at each seat: seat -> [(first game, name), ...], by first game (a substitute takes
#: over from a later game).
SeatNames = Mapping[int, Sequence[tuple[int, str]]]


def seat_name(names: SeatNames, seat: int, game: int) -> str:
    """The name of the player at ``seat`` in ``game`` ("" when unknown)."""
    current = ""
    for first_game, name in names.get(seat, ()):
        if first_game <= game:
            current = name
    return current


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

    winner: str  # "re", "kontra" or "" (a quick entry or direct points: no party named)
    winners: tuple[int, ...]  # the seats that scored plus points
    value: int | None
    points: tuple[tuple[int, int], ...]  # (seat, points), by seat
    winner_labels: tuple[str, ...] = field(default=(), compare=False)  # "Anna (1)" per winner
    # The ruleset's own line for the game ("Strafe: Platz 2, −3"); "": winners and value.
    line: str = field(default="", compare=False)

    @property
    def scored(self) -> bool:
        """Whether some seat's points changed (a count-down deal inside a Partie: none)."""
        return any(points for _seat, points in self.points)

    @classmethod
    def of(
        cls, game: GameLike, names: SeatNames | None = None, describe: Describe | None = None
    ) -> GameOutcome:
        winners = tuple(sorted(int(seat) for seat in game.plus or ()))
        labels = tuple(
            f"{name} ({seat})" if (name := seat_name(names or {}, seat, game.number)) else str(seat)
            for seat in winners
        )
        return cls(
            winner=game.winner or "",
            winners=winners,
            value=game.value,
            points=tuple(sorted((int(seat), points) for seat, points in game.points.items())),
            winner_labels=labels,
            line=describe(game) if describe is not None else "",
        )


@dataclass(frozen=True)
class GameChange:
    number: int
    kind: str  # ADDED, REMOVED or CHANGED
    old: GameOutcome | None
    new: GameOutcome | None
    label: str = ""  # how the paper names the row ("7", "Strafe"); "": its number

    @property
    def shown(self) -> str:
        return self.label or str(self.number)

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


def compare_games(
    old: Iterable[GameLike],
    new: Iterable[GameLike],
    names: SeatNames | None = None,
    describe: Describe | None = None,
    numbering: Numbering | None = None,
) -> list[GameChange]:
    """The games added, removed or changed from ``old`` to ``new``, by row number.

    A game counts as changed when what was entered (its record) or its result differs; a game
    entered differently with the same result is still listed, with equal outcomes.
    ``describe`` gives the ruleset's line of a game (:attr:`GameOutcome.line`), ``numbering``
    the paper's name of each row (the newer version's, else the older's).
    """

    def outcome(game: GameLike) -> GameOutcome:
        return GameOutcome.of(game, names, describe)

    old, new = list(old), list(new)
    before = {game.number: game for game in old}
    after = {game.number: game for game in new}
    labels = {**numbering(old), **numbering(new)} if numbering is not None else {}
    changes = []
    for number in sorted(before.keys() | after.keys()):
        was, now = before.get(number), after.get(number)
        label = labels.get(number, "")
        if was is None:
            changes.append(GameChange(number, GameChange.ADDED, None, outcome(now), label))
        elif now is None:
            changes.append(GameChange(number, GameChange.REMOVED, outcome(was), None, label))
        else:
            old_outcome, new_outcome = outcome(was), outcome(now)
            if dict(was.record) != dict(now.record) or old_outcome != new_outcome:
                changes.append(
                    GameChange(number, GameChange.CHANGED, old_outcome, new_outcome, label)
                )
    return changes


@dataclass(frozen=True)
class VersionDiff:
    number: int  # the newer version
    previous: int  # the version it is compared with
    changes: list[GameChange]


def version_diffs(
    versions: Iterable[Any],
    names: SeatNames | None = None,
    describe: Describe | None = None,
    numbering: Numbering | None = None,
) -> list[VersionDiff]:
    """Each version compared with the one before it, newest first; ``versions`` carry their
    games (``version.games.all()``, prefetched) and come in any order."""
    ordered = sorted(versions, key=lambda version: version.number)
    diffs = [
        VersionDiff(
            newer.number,
            older.number,
            compare_games(older.games.all(), newer.games.all(), names, describe, numbering),
        )
        for older, newer in pairwise(ordered)
    ]
    return diffs[::-1]


@dataclass
class Sitting:
    """Consecutive versions one device saved in one go (see the module's docstring)."""

    versions: list[Any]  # oldest first
    previous: int | None  # the version before the sitting; None: it began the sheet
    changes: list[GameChange]  # net: from ``previous`` to the last version of the sitting
    steps: list[VersionDiff] = field(default_factory=list)  # each version, newest first

    @property
    def first(self) -> Any:
        return self.versions[0]

    @property
    def last(self) -> Any:
        return self.versions[-1]

    @property
    def grouped(self) -> bool:
        return len(self.versions) > 1


def same_sitting(before: Any, after: Any, gap: datetime.timedelta = SITTING_GAP) -> bool:
    """Whether ``after`` continues the sitting of ``before`` (the version saved just before)."""
    return (
        before.source == after.source
        and before.created_by_id == after.created_by_id
        and not before.submitted
        and not before.confirmed
        and after.created_at - before.created_at <= gap
    )


def sittings(
    versions: Iterable[Any],
    names: SeatNames | None = None,
    *,
    complete: bool = True,
    describe: Describe | None = None,
    numbering: Numbering | None = None,
) -> list[Sitting]:
    """The versions grouped into sittings, newest first, each with its net changes and its
    single steps. ``versions`` carry their games (prefetched) and come in any order; unless
    ``complete``, the oldest of them only serves as the predecessor of the next one (a page
    that shows the newest versions of a long history)."""
    ordered = sorted(versions, key=lambda version: version.number)
    before: Any = None
    if not complete and ordered:
        before, ordered = ordered[0], ordered[1:]
    groups: list[list[Any]] = []
    for version in ordered:
        if groups and same_sitting(groups[-1][-1], version):
            groups[-1].append(version)
        else:
            groups.append([version])
    result = []
    for group in groups:
        previous_games = before.games.all() if before is not None else []
        steps: list[VersionDiff] = []
        if len(group) > 1:
            steps = version_diffs(
                [before, *group] if before is not None else group, names, describe, numbering
            )
            if before is None:  # the sheet's first version: what it entered (previous 0)
                first = group[0]
                steps.append(
                    VersionDiff(
                        first.number,
                        0,
                        compare_games([], first.games.all(), names, describe, numbering),
                    )
                )
        result.append(
            Sitting(
                versions=group,
                previous=before.number if before is not None else None,
                changes=compare_games(
                    previous_games, group[-1].games.all(), names, describe, numbering
                ),
                steps=steps,
            )
        )
        before = group[-1]
    return result[::-1]

"""The evening standings of a count-down tournament (COUNTDOWN.md §8.4, D16).

Per player over every counted Partie of every round: **Partiepunkte** (higher is better),
**Siege** (Partien gewonnen; a shared win is a win), **Restpunkte** (the sum of final scores,
lower is better), the Partiepunkte **per round** and in the **latest** round; ranked by
Partiepunkte, Siege, Restpunkte (ascending), latest round, then a shared place.

The ranking keys in the words of :mod:`rules.base`: ``total`` = Partiepunkte, ``games_won`` =
Siege, ``rest`` (new: compared ascending, i.e. by ``-rest``), ``latest_round``
(:data:`STANDINGS_ORDER`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.countdown.errors import Refusal
from rules.countdown.games import is_int
from rules.countdown.partie import lowest, partie_points

# The ranking of §8.4 in the metric names of rules.base; ``rest`` is not among
# rules.base.STANDINGS_METRICS yet (see rules.countdown.ruleset).
STANDINGS_ORDER = ("total", "games_won", "rest", "latest_round")


@dataclass
class StandingsRow:
    """One player's line of the evening standings."""

    player: str
    partiepunkte: int = 0
    siege: int = 0
    restpunkte: int = 0
    parties: int = 0
    by_round: dict[int, int] = field(default_factory=dict)
    rank: int = 0

    def rounds(self, count: int) -> list[int]:
        return [self.by_round.get(number, 0) for number in range(1, count + 1)]

    def metrics(self, count: int) -> dict[str, int]:
        """The values of :data:`STANDINGS_ORDER`, higher is better on each."""
        return {
            "total": self.partiepunkte,
            "games_won": self.siege,
            "rest": -self.restpunkte,
            "latest_round": self.by_round.get(count, 0),
        }

    def to_json(self, count: int) -> dict[str, Any]:
        rounds = self.rounds(count)
        return {
            "player": self.player,
            "rank": self.rank,
            "partiepunkte": self.partiepunkte,
            "siege": self.siege,
            "restpunkte": self.restpunkte,
            "parties": self.parties,
            "rounds": rounds,
            "latest": rounds[-1] if rounds else 0,
        }


def _read(index: int, partie: object) -> tuple[int, dict[int, str], dict[int, int], bool]:
    where = f"parties[{index}]"
    if not isinstance(partie, Mapping):
        raise Refusal(where, "standings")
    number, seats, scores = partie.get("round"), partie.get("seats"), partie.get("scores")
    void = partie.get("void", False)
    if not is_int(number) or number < 1 or type(void) is not bool:
        raise Refusal(where, "standings")
    if not isinstance(seats, Mapping) or not isinstance(scores, Mapping) or not seats:
        raise Refusal(where, "standings")
    if set(seats) != set(scores) or set(seats) != {str(s) for s in range(1, len(seats) + 1)}:
        raise Refusal(where, "standings")
    if not all(type(name) is str for name in seats.values()):
        raise Refusal(f"{where}.seats", "standings")
    if not all(is_int(score) for score in scores.values()):
        raise Refusal(f"{where}.scores", "standings")
    return (
        number,
        {int(seat): name for seat, name in seats.items()},
        {int(seat): score for seat, score in scores.items()},
        void,
    )


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranked rows and the number of rounds they cover."""

    rows: list[StandingsRow]
    rounds: int

    def to_json(self) -> dict[str, Any]:
        return {"rows": [row.to_json(self.rounds) for row in self.rows]}


def evening_standings(parties: object) -> Standings:
    """§8.4: the ranked rows from the counted Parties, each ``{"round", "seats" (seat →
    player), "scores" (final or cut), "void"?}``; a void Partie counts nothing."""
    if type(parties) is not list:
        raise Refusal("parties", "parties_not_list")
    rows: dict[str, StandingsRow] = {}
    count = 0
    for index, partie in enumerate(parties):
        number, seats, scores, void = _read(index, partie)
        count = max(count, number)
        if void:
            continue
        points = partie_points(scores)
        winners = lowest(scores)
        for seat, name in seats.items():
            row = rows.setdefault(name, StandingsRow(name))
            row.partiepunkte += points[seat]
            row.siege += seat in winners
            row.restpunkte += scores[seat]
            row.parties += 1
            row.by_round[number] = row.by_round.get(number, 0) + points[seat]
    return Standings(rank_rows(list(rows.values()), count), count)


def rank_rows(rows: list[StandingsRow], count: int) -> list[StandingsRow]:
    """Sort by :data:`STANDINGS_ORDER` (then by name for the display) and give shared places."""

    def key(row: StandingsRow) -> tuple[int, ...]:
        metrics = row.metrics(count)
        return tuple(metrics[name] for name in STANDINGS_ORDER)

    ordered = sorted(rows, key=lambda row: (tuple(-v for v in key(row)), row.player.casefold()))
    previous: tuple[int, ...] | None = None
    for place, row in enumerate(ordered, start=1):
        current = key(row)
        row.rank = place if current != previous else ordered[place - 2].rank
        previous = current
    return ordered

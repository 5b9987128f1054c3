"""The season ranking as pure Python: evening totals in, ranked rows out (no Django).

Vocabulary:

- **Evening** (Abend): one tournament of the season. A member's **evening total** is the sum of
  their figures in it; their **rounds** are the rounds in which they sat at a table whose sheet
  is confirmed. Only confirmed sheets count, so the caller passes only those.
- **Figure** (Wertungszahl, the season's ``metric``): what is added up — ``points`` (the points
  of the games) or ``table_points`` (Tischpunkte: points by place at each table and round, ties
  sharing their places' points, computed for every evening whatever its own format). Every
  evening contributes the same figure, so evenings of different formats add up fairly.
- **Rule** (Wertung): ``sum`` counts the figures of all evenings; ``best`` the sum of the
  member's N best evening totals; ``average`` ranks by the figure per round (all / rounds).
- **Counted figure**: what the rule ranks by (the sum for ``sum`` and ``best``, the exact average
  for ``average``). Equal counted figures share a rank ("3." twice, then "5."); the order among
  them is by name.
- **Unranked**: a member below the season's minimum number of rounds (any rule), or without a
  round at all under ``average``, is listed without a rank below the ranked ones, by name.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

RULES = ("sum", "best", "average")
POINTS = "points"
TABLE_POINTS = "table_points"
METRICS = (POINTS, TABLE_POINTS)


@dataclass(frozen=True)
class EveningResult:
    """One member's figures of one evening (confirmed sheets only)."""

    member_id: int
    tournament_id: int
    points: int
    rounds: int
    table_points: int = 0

    def figure(self, metric: str) -> int:
        return self.table_points if metric == TABLE_POINTS else self.points


@dataclass(frozen=True)
class SeasonRule:
    rule: str = "sum"
    best: int | None = None  # N of ``best``
    min_rounds: int = 0
    metric: str = POINTS  # the figure added up (``METRICS``)

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"unknown rule {self.rule!r}")
        if self.metric not in METRICS:
            raise ValueError(f"unknown metric {self.metric!r}")
        if (self.rule == "best") != (self.best is not None):
            raise ValueError("best N goes with the rule 'best' only")
        if self.best is not None and self.best < 1:
            raise ValueError("best N must be at least 1")
        if self.min_rounds < 0:
            raise ValueError("the minimum number of rounds must not be negative")


@dataclass(frozen=True)
class SeasonRow:
    member_id: int
    name: str
    rank: int | None  # None: unranked (below the minimum of rounds)
    evenings: int
    rounds: int
    points: int  # the sum of the figure the rule counts (``best``: the N best evenings)
    total: int  # the figure over all evenings of the season
    counted: tuple[int, ...]  # the tournament ids whose totals count (``best``: the N best)
    shared_rank: bool = False
    metric: str = POINTS  # which figure ``points``, ``total`` and ``average`` are of

    @property
    def average(self) -> float | None:
        """The figure per round (all evenings), two decimals; None without a round."""
        if not self.rounds:
            return None
        return round(self.total / self.rounds, 2)

    def as_json(self) -> dict:
        return {
            "rank": self.rank,
            "name": self.name,
            "evenings": self.evenings,
            "rounds": self.rounds,
            "points": self.points,
            "average": self.average,
            "metric": self.metric,
        }


def name_order(name: str) -> tuple[str, str]:
    """Alphabetical as in a phone book (DIN 5007-1, "Änne" with A), then as written."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return ("".join(c for c in decomposed if not unicodedata.combining(c)), name)


def counted_figure(row: SeasonRow, rule: SeasonRule) -> Fraction:
    if rule.rule == "average":
        return Fraction(row.total, row.rounds)
    return Fraction(row.points)


def rank_season(
    results: Iterable[EveningResult], names: dict[int, str], rule: SeasonRule
) -> list[SeasonRow]:
    """Ranked rows first (by counted figure, best first; equals share a rank, then by name),
    then the unranked ones by name. Members without an evening result are not listed."""
    evenings: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for result in results:
        figures = evenings[result.member_id].setdefault(result.tournament_id, [0, 0])
        figures[0] += result.figure(rule.metric)
        figures[1] += result.rounds
    rows = []
    for member_id, per_evening in evenings.items():
        total = sum(points for points, _rounds in per_evening.values())
        rounds = sum(rounds for _points, rounds in per_evening.values())
        by_points = sorted(per_evening.items(), key=lambda item: (-item[1][0], item[0]))
        counted = by_points[: rule.best] if rule.best is not None else by_points
        rows.append(
            SeasonRow(
                member_id=member_id,
                name=names[member_id],
                rank=None,
                evenings=len(per_evening),
                rounds=rounds,
                points=sum(points for _id, (points, _rounds) in counted),
                total=total,
                counted=tuple(sorted(tournament_id for tournament_id, _ in counted)),
                metric=rule.metric,
            )
        )

    def is_ranked(row: SeasonRow) -> bool:
        return row.rounds >= rule.min_rounds and (row.rounds > 0 or rule.rule != "average")

    rankable = [row for row in rows if is_ranked(row)]
    unranked = sorted((row for row in rows if not is_ranked(row)), key=lambda r: name_order(r.name))
    ordered = sorted(rankable, key=lambda row: (-counted_figure(row, rule), name_order(row.name)))
    figures = [counted_figure(row, rule) for row in ordered]
    ranked: list[SeasonRow] = []
    for index, row in enumerate(ordered):
        same_before = index > 0 and figures[index] == figures[index - 1]
        same_after = index + 1 < len(ordered) and figures[index] == figures[index + 1]
        rank = ranked[-1].rank if same_before else index + 1
        ranked.append(replace(row, rank=rank, shared_rank=same_before or same_after))
    return ranked + unranked

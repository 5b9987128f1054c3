"""Scoring one deal (COUNTDOWN.md §4) and the function ``score_deal`` of §9.

Only active seats change: a seat with t ≥ 1 tricks loses t × the trick value, a seat without a
trick gets the deal's "Gesamtsumme" added ("24": 6 × v, the caller 12 × v with Eigentrumpf;
Zwanzig: 5 × m; 20 ab: 5, the caller 10). A dropped-out or sitting-out seat keeps its score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.countdown.errors import Refusal
from rules.countdown.games import GAMES, VIERUNDZWANZIG, ZWANZIG, is_int
from rules.countdown.options import CountdownOptions, check_game, parse_options
from rules.countdown.record import Deal, read_deal

# Scores far beyond any real Partie are still ints; this only keeps messages and sums sane.
SCORE_LIMIT = 10**9


@dataclass(frozen=True, slots=True)
class DealResult:
    """One scored deal: the scores after it and each seat's change (0 for seats that did not
    play)."""

    deal: Deal
    scores: dict[int, int]
    changes: dict[int, int]

    # What the Doppelkopf sheet pages read of a row's result (rules.base, score_row).
    @property
    def points(self) -> dict[int, int]:
        return self.changes

    plus: tuple[int, ...] = ()
    value: None = None
    kind: None = None
    breakdown: tuple[()] = ()
    warnings: tuple[()] = ()

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        """The command's answer for one deal: ``{"scores", "changes"}``."""
        return {
            "scores": {str(seat): score for seat, score in self.scores.items()},
            "changes": {str(seat): change for seat, change in self.changes.items()},
        }


def check_scores(game: str, scores_before: object) -> dict[int, int]:
    """The scores by seat from ``{"1": …, …, "n": …}`` for a table size the game supports
    (§6.1 step 3)."""
    sizes = GAMES[game].table_sizes
    if not isinstance(scores_before, Mapping):
        raise Refusal("scores_before", "scores_before", sizes=_sizes(sizes))
    size = len(scores_before)
    if size not in sizes or set(scores_before) != {str(s) for s in range(1, size + 1)}:
        raise Refusal("scores_before", "scores_before", sizes=_sizes(sizes))
    scores: dict[int, int] = {}
    for seat in range(1, size + 1):
        value = scores_before[str(seat)]
        if not is_int(value) or not -SCORE_LIMIT < value < SCORE_LIMIT:
            raise Refusal(f"scores_before.{seat}", "score_not_int", seat=seat)
        scores[seat] = value
    return scores


def _sizes(sizes: tuple[int, ...]) -> str:
    return ", ".join(map(str, sizes))


def changes_of(game: str, options: CountdownOptions, deal: Deal) -> dict[int, int]:
    """Each active seat's change by §4; seats that did not play are not in it."""
    changes: dict[int, int] = {}
    for seat, tricks in deal.tricks.items():
        if game == VIERUNDZWANZIG:
            value = 4 if deal.blind else 2 if deal.scoring_colour == "gelb" else 1
            empty = 12 * value if seat == deal.caller and options.eigentrumpf else 6 * value
        elif game == ZWANZIG:
            value = 2 if deal.trump == "herz" else 1
            empty = 5 * value
        else:
            value = 1
            empty = 10 if seat == deal.caller else 5
        changes[seat] = -tricks * value if tricks else empty
    return changes


def apply_deal(
    game: str, options: CountdownOptions, scores: Mapping[int, int], record: object
) -> DealResult:
    """Check ``record`` against checked ``scores`` and score it."""
    deal = read_deal(game, options, scores, record)
    played = changes_of(game, options, deal)
    changes = {seat: played.get(seat, 0) for seat in scores}
    after = {seat: scores[seat] + changes[seat] for seat in scores}
    return DealResult(deal, after, changes)


def score_deal(game: object, options: object, scores_before: object, record: object) -> DealResult:
    """§9: one deal from the scores before it; every check of §6.1 in its order."""
    key = check_game(game)
    parsed = parse_options(key, options)
    scores = check_scores(key, scores_before)
    return apply_deal(key, parsed, scores, record)

"""The Partie (COUNTDOWN.md §5): its end and winners after every deal, the sheet checks inside
it (§5.2, §6.2), its result for the evening and the Partiepunkte (§5.3).

- **End**: "24" after a deal with a score ≤ 0 or ≥ 48, the lowest win (shared); Zwanzig and
  20 ab after a deal whose lowest score is ≤ 0 and held by one seat (20 ab with ``tie: share``:
  a tie at the lowest ends it too, shared).
- **Cut** (aborted): a Partie still running when the round is complete counts with its scores
  at that moment — when it has at least n deals; with fewer it is **void** (§8.3).
- **Partiepunkte**: per seat, the opponents with a higher final score minus those with a lower
  one; zero-sum at every table (D16).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.countdown.deal import DealResult, apply_deal
from rules.countdown.errors import Refusal
from rules.countdown.games import GAMES, UPPER_END_24, VIERUNDZWANZIG, ZWANZIG_AB, is_int
from rules.countdown.options import CountdownOptions, check_game, parse_options


def partie_points(scores: Mapping[Any, int]) -> dict[Any, int]:
    """§5.3: per seat, the opponents with a higher score minus those with a lower one."""
    return {
        seat: sum((other > own) - (other < own) for other in scores.values())
        for seat, own in scores.items()
    }


def lowest(scores: Mapping[int, int]) -> list[int]:
    """The seats holding the lowest score, in seat order."""
    low = min(scores.values())
    return [seat for seat, score in sorted(scores.items()) if score == low]


def end_winners(game: str, options: CountdownOptions, scores: Mapping[int, int]) -> list[int]:
    """The winners when the Partie ends after a deal with these scores, else ``[]`` (§5.1)."""
    low = lowest(scores)
    if game == VIERUNDZWANZIG:
        ended = any(score <= 0 or score >= UPPER_END_24 for score in scores.values())
        return low if ended else []
    if scores[low[0]] > 0:
        return []
    if len(low) == 1 or (game == ZWANZIG_AB and options.tie == "share"):
        return low
    return []


@dataclass(frozen=True, slots=True)
class PartieResult:
    """What a Partie counts for the evening (§5.3, §8.3)."""

    scores: dict[int, int]
    finished: bool
    winners: list[int]
    deals: int
    aborted: bool = False
    void: bool = False

    @property
    def counted(self) -> bool:
        return (self.finished or self.aborted) and not self.void

    @property
    def partiepunkte(self) -> dict[int, int] | None:
        return partie_points(self.scores) if self.counted else None

    def to_json(self) -> dict[str, Any]:
        """``play_partie``'s answer: ``{"scores", "finished", "winners", "deals"}``."""
        return {
            "scores": {str(seat): score for seat, score in self.scores.items()},
            "finished": self.finished,
            "winners": list(self.winners),
            "deals": self.deals,
        }

    def to_round_json(self) -> dict[str, Any]:
        """One Partie of a round's answer."""
        points = self.partiepunkte
        return {
            "scores": {str(seat): score for seat, score in self.scores.items()},
            "deals": self.deals,
            "finished": self.finished,
            "winners": list(self.winners),
            "counted": self.counted,
            "aborted": self.aborted,
            "void": self.void,
            "partiepunkte": None
            if points is None
            else {str(seat): p for seat, p in points.items()},
        }


def partie_result(
    scores: Mapping[int, int],
    *,
    deals: int,
    winners: list[int] | None = None,
    aborted: bool = False,
) -> PartieResult:
    """§5.3/§8.3: a finished Partie (``winners`` given and non-empty), a cut one
    (``aborted``: the lowest win, void below n deals) or one still running."""
    scores = dict(scores)
    if winners:
        return PartieResult(scores, True, list(winners), deals)
    if aborted:
        if deals < len(scores):
            return PartieResult(scores, False, [], deals, aborted=True, void=True)
        return PartieResult(scores, False, lowest(scores), deals, aborted=True)
    return PartieResult(scores, False, [], deals)


@dataclass
class PartiePlay:
    """A Partie being played deal by deal; :meth:`add` checks and scores the next record."""

    game: str
    options: CountdownOptions
    size: int
    scores: dict[int, int] = field(init=False)
    results: list[DealResult] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    drop_outs: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.scores = dict.fromkeys(range(1, self.size + 1), self.options.starting_score)

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def finished(self) -> bool:
        return bool(self.winners)

    @property
    def last_dealer(self) -> int | None:
        return self.results[-1].deal.dealer if self.results else None

    def add(self, record: object) -> DealResult:
        """Check ``record`` as the next deal (§6.2; paths relative to the record, ``None`` for
        the record as a whole) and score it."""
        if not isinstance(record, Mapping):
            raise Refusal(None, "record")
        if self.finished:
            raise Refusal(None, "after_end", deals=self.deals)
        number = record.get("deal")
        if not is_int(number) or number != self.deals + 1:
            raise Refusal("deal", "deal_sequence", expected=self.deals + 1, got=number)
        previous = self.last_dealer
        if previous is not None:
            expected = GAMES[self.game].left(previous, self.size)
            dealer = record.get("dealer")
            if not is_int(dealer) or dealer != expected:
                raise Refusal("dealer", "dealer_sequence", expected=expected, got=dealer)
        result = apply_deal(self.game, self.options, self.scores, record)
        self._count_drop_outs(result)
        self.results.append(result)
        self.scores = dict(result.scores)
        self.winners = end_winners(self.game, self.options, self.scores)
        return result

    def _count_drop_outs(self, result: DealResult) -> None:
        if self.game != ZWANZIG_AB:
            return
        for index, seat in enumerate(result.deal.out):
            if self.drop_outs.get(seat, 0) >= self.options.drop_out_limit:
                raise Refusal(
                    f"out[{index}]", "out_limit", seat=seat, limit=self.options.drop_out_limit
                )
        for seat in result.deal.out:
            self.drop_outs[seat] = self.drop_outs.get(seat, 0) + 1

    def result(self, aborted: bool = False) -> PartieResult:
        return partie_result(
            self.scores,
            deals=self.deals,
            winners=self.winners,
            aborted=aborted and not self.finished,
        )


def check_players(game: str, players: object) -> int:
    sizes = GAMES[game].table_sizes
    if not is_int(players) or players not in sizes:
        raise Refusal(
            "players", "players", game=GAMES[game].label, sizes=", ".join(map(str, sizes))
        )
    return players  # type: ignore[return-value]


def record_path(index: int, refusal: Refusal) -> Refusal:
    return refusal.within(f"records[{index}]")


def play_partie(game: object, options: object, players: object, records: object) -> PartieResult:
    """§9: a whole Partie from its records; refuses ``players``, ``records``,
    ``records[i]…`` (§6.2)."""
    key = check_game(game)
    parsed = parse_options(key, options)
    size = check_players(key, players)
    if type(records) is not list:
        raise Refusal("records", "records_not_list")
    play = PartiePlay(key, parsed, size)
    for index, record in enumerate(records):
        try:
            play.add(record)
        except Refusal as refusal:
            raise record_path(index, refusal) from None
    return play.result()

"""A round at one table (COUNTDOWN.md §8.2, §8.3): cycles × n deals at most, Parties one after
another, the deal passing to the left across Parties, and ``play_round`` of §9.

- The sheet holds at most **cycles × n** deals; seat 1 deals the round's first deal.
- A Partie that ends opens the next one with the next deal — if at least n deals remain.
- The round is **complete** after its last deal, after a Partie ending with fewer than n deals
  left, or when the organiser **stops** it; a Partie running then is cut (§8.3).
- The table's **totals** per seat over the counted Parties: Partiepunkte, Siege (wins, shared
  ones included), Restpunkte (the final scores' sum) and the number of Parties.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.countdown.deal import DealResult
from rules.countdown.errors import Refusal
from rules.countdown.games import CYCLES_RANGE, DEFAULT_CYCLES, is_int
from rules.countdown.options import CountdownOptions, check_game, parse_options
from rules.countdown.partie import PartiePlay, PartieResult, check_players


def round_length(size: int, cycles: int) -> int:
    """The most deals of a round at a table of ``size``."""
    return size * cycles


def round_dealer(index: int, size: int) -> int:
    """The dealer of the round's deal ``index`` (0-based): seat 1, then to the left."""
    return index % size + 1


@dataclass
class RoundPlay:
    """A table's round being played deal by deal."""

    game: str
    options: CountdownOptions
    size: int
    cycles: int
    parties: list[PartiePlay] = field(default_factory=list)
    deals: int = 0

    @property
    def length(self) -> int:
        return round_length(self.size, self.cycles)

    @property
    def left(self) -> int:
        return self.length - self.deals

    @property
    def current(self) -> PartiePlay | None:
        return self.parties[-1] if self.parties else None

    @property
    def over(self) -> bool:
        """No deal may follow: the last deal is played, or a Partie ended too late for another."""
        if self.left <= 0:
            return True
        current = self.current
        return current is not None and current.finished and self.left < self.size

    def can_open(self) -> bool:
        """Whether a new Partie may start with the next deal."""
        return self.left >= self.size

    def open_partie(self) -> PartiePlay:
        play = PartiePlay(self.game, self.options, self.size)
        self.parties.append(play)
        return play

    def add(self, play: PartiePlay, record: object) -> DealResult:
        """The next deal of the round into ``play`` (the current Partie); paths relative to the
        record."""
        if self.deals >= self.length:
            raise Refusal(None, "round_too_long", most=self.length)
        if play.deals == 0 and isinstance(record, Mapping):
            expected = round_dealer(self.deals, self.size)
            dealer = record.get("dealer")
            if not is_int(dealer) or dealer != expected:
                raise Refusal("dealer", "dealer_sequence", expected=expected, got=dealer)
        result = play.add(record)
        self.deals += 1
        return result

    def partie_results(self, stopped: bool = False) -> list[PartieResult]:
        complete = stopped or self.over
        results = []
        for index, play in enumerate(self.parties):
            last = index == len(self.parties) - 1
            results.append(play.result(aborted=complete and last))
        return results


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A table's round: complete or not, its deals, each Partie's result and the totals."""

    complete: bool
    deals: int
    parties: list[PartieResult]
    size: int

    def totals(self) -> dict[int, dict[str, int]]:
        totals = {
            seat: {"partiepunkte": 0, "siege": 0, "restpunkte": 0, "parties": 0}
            for seat in range(1, self.size + 1)
        }
        for partie in self.parties:
            points = partie.partiepunkte
            if points is None:
                continue
            for seat, row in totals.items():
                row["partiepunkte"] += points[seat]
                row["siege"] += seat in partie.winners
                row["restpunkte"] += partie.scores[seat]
                row["parties"] += 1
        return totals

    def to_json(self) -> dict[str, Any]:
        return {
            "complete": self.complete,
            "deals": self.deals,
            "parties": [partie.to_round_json() for partie in self.parties],
            "totals": {str(seat): row for seat, row in self.totals().items()},
        }


def check_cycles(cycles: object) -> int:
    if not is_int(cycles) or not CYCLES_RANGE[0] <= cycles <= CYCLES_RANGE[1]:  # type: ignore[operator]
        raise Refusal("cycles", "cycles", low=CYCLES_RANGE[0], high=CYCLES_RANGE[1])
    return cycles  # type: ignore[return-value]


def play_round(
    game: object,
    options: object,
    players: object,
    parties: object,
    cycles: object = DEFAULT_CYCLES,
    stopped: object = False,
) -> RoundResult:
    """§9: a table's round from its Parties (lists of deal records); refuses ``players``,
    ``cycles``, ``stopped``, ``parties``, ``parties[k]`` and ``parties[k].records[i]…`` (§6.3)."""
    key = check_game(game)
    parsed = parse_options(key, options)
    size = check_players(key, players)
    length = check_cycles(cycles)
    if type(stopped) is not bool:
        raise Refusal("stopped", "stopped")
    if type(parties) is not list:
        raise Refusal("parties", "parties_not_list")
    play = RoundPlay(key, parsed, size, length)
    for k, records in enumerate(parties):
        prefix = f"parties[{k}]"
        if type(records) is not list or not records:
            raise Refusal(prefix, "partie_not_list")
        current = play.current
        if current is not None and not current.finished:
            raise Refusal(prefix, "partie_before_end")
        if not play.can_open():
            raise Refusal(prefix, "partie_too_late", left=play.left, size=size)
        partie = play.open_partie()
        for index, record in enumerate(records):
            try:
                play.add(partie, record)
            except Refusal as refusal:
                raise refusal.within(f"{prefix}.records[{index}]") from None
    complete = stopped or play.over
    return RoundResult(complete, play.deals, play.partie_results(stopped), size)

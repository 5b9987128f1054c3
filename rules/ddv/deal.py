"""Who deals, who owes a Pflichtsolo, and when a Vorführung is due (DDV.md §9.2–§9.5).

The state of a round before its next game, built row by row from the rows before:

- Game 1 is dealt by seat 1. After a Pflichtsolo (``solo_mode: "pflicht"``) the **same** dealer
  deals again; after every other game the dealer's left neighbour (seat + 1, 4 → 1 / 5 → 1).
- **Owing**: the seats without a Pflichtsolo. A Vorführung is **due** when the owing seats are
  as many as the games left, or once time is up; the **designated** seat is the first owing seat
  in the order dealer + 1, dealer + 2, …, dealer (at five the dealer holds no cards).
- Five seats: the dealer sits out. When the only owing seat is the one whose turn it is to deal
  and a Vorführung is due, the next seat deals instead (§9.5, §11 item 9).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.ddv.vocabulary import SoloMode


@dataclass(slots=True)
class DealState:
    table_size: int
    games_per_round: int
    time_up_after: int | None = None
    turn: int = 1
    games: int = 0
    pflicht: dict[int, int | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.pflicht:
            self.pflicht = dict.fromkeys(range(1, self.table_size + 1), None)

    def left_of(self, seat: int) -> int:
        return seat % self.table_size + 1

    @property
    def owing(self) -> list[int]:
        return [seat for seat, game in self.pflicht.items() if game is None]

    @property
    def left(self) -> int:
        """Games left in the round before the next game."""
        return self.games_per_round - self.games

    @property
    def time_up(self) -> bool:
        return self.time_up_after is not None and self.games >= self.time_up_after

    @property
    def vorfuehrung_due(self) -> bool:
        owing = self.owing
        return bool(owing) and (len(owing) == self.left or self.time_up)

    @property
    def dealer(self) -> int:
        """The seat that deals the next game."""
        if self.table_size == 5 and self.vorfuehrung_due and self.owing == [self.turn]:
            return self.left_of(self.turn)
        return self.turn

    @property
    def sitter(self) -> int | None:
        return self.dealer if self.table_size == 5 else None

    @property
    def designated(self) -> int | None:
        """The seat that must play the Vorführung now, or None when none is due."""
        if not self.vorfuehrung_due:
            return None
        dealer = self.dealer
        order = [
            (dealer + step - 1) % self.table_size + 1 for step in range(1, self.table_size + 1)
        ]
        if self.table_size == 5:
            order.remove(dealer)
        owing = set(self.owing)
        return next((seat for seat in order if seat in owing), None)

    def play(self, mode: SoloMode | None, soloist: int | None) -> None:
        """The next game was played: count it, record a Pflichtsolo, move the deal."""
        dealer = self.dealer
        self.games += 1
        pflicht = mode in (SoloMode.PFLICHT, SoloMode.VORFUEHRUNG)
        if pflicht and soloist is not None and self.pflicht.get(soloist) is None:
            self.pflicht[soloist] = self.games
        self.turn = dealer if mode is SoloMode.PFLICHT else self.left_of(dealer)

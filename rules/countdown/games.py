"""The three count-down games and what a table of them knows (COUNTDOWN.md §1, §2).

- **Game**: ``24``, ``zwanzig`` or ``20ab`` (:data:`GAMES`), each with its tricks per deal T,
  colours, table sizes, where the caller sits and whether the dealer sits out at five.
- **Left neighbour** of seat s: ``s mod n + 1`` (clockwise); the deal passes to the left.
- **Caller** (Trumpfbestimmer): left of the dealer ("24"'s Startspieler, Zwanzig's Ansager) or
  right of him (20 ab).
- **Sitting out**: the dealer of a five-seat Zwanzig/20 ab table (D4).
- **Herz phase**: Zwanzig from deal 2n + 1 of a Partie, Herz is always trump (D5).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Game:
    """One count-down game's fixed facts."""

    key: str
    label: str
    tricks: int
    colours: tuple[str, ...]
    table_sizes: tuple[int, ...]
    caller_on_the_right: bool
    sits_out_at_five: bool
    record_keys: frozenset[str]

    def left(self, seat: int, size: int) -> int:
        """The next seat clockwise."""
        return seat % size + 1

    def right(self, seat: int, size: int) -> int:
        """The previous seat clockwise."""
        return (seat - 2) % size + 1

    def caller(self, dealer: int, size: int) -> int:
        """The seat that names trump when ``dealer`` deals."""
        if self.caller_on_the_right:
            return self.right(dealer, size)
        return self.left(dealer, size)

    def sitter(self, dealer: int, size: int) -> int | None:
        """The seat that sits the deal out (the dealer at five, where the game says so)."""
        return dealer if self.sits_out_at_five and size == 5 else None

    def herz_phase(self, deal: int, size: int) -> bool:
        """Zwanzig's deals from 2n + 1 on: Herz trump, nobody drops out."""
        return self.key == ZWANZIG and deal >= 2 * size + 1


VIERUNDZWANZIG = "24"
ZWANZIG = "zwanzig"
ZWANZIG_AB = "20ab"

_COMMON_KEYS = frozenset({"deal", "dealer", "caller", "trump", "out", "tricks"})

GAMES: dict[str, Game] = {
    VIERUNDZWANZIG: Game(
        key=VIERUNDZWANZIG,
        label="24",
        tricks=6,
        colours=("gelb", "rot", "blau", "gruen"),
        table_sizes=(2, 3, 4, 5),
        caller_on_the_right=False,
        sits_out_at_five=False,
        record_keys=_COMMON_KEYS | {"blind", "trump_changes"},
    ),
    ZWANZIG: Game(
        key=ZWANZIG,
        label="Zwanzig",
        tricks=5,
        colours=("karo", "herz", "pik", "kreuz"),
        table_sizes=(3, 4, 5),
        caller_on_the_right=False,
        sits_out_at_five=True,
        record_keys=_COMMON_KEYS,
    ),
    ZWANZIG_AB: Game(
        key=ZWANZIG_AB,
        label="20 ab",
        tricks=5,
        colours=("karo", "herz", "pik", "kreuz"),
        table_sizes=(3, 4, 5),
        caller_on_the_right=True,
        sits_out_at_five=True,
        record_keys=_COMMON_KEYS,
    ),
}

# The tables of a club evening (§8.1): 3, 4 and 5 seats for all three games.
EVENING_TABLE_SIZES = (3, 4, 5)

# "24": the fixed start, its upper end, variant c's thresholds (D13).
START_24 = 24
UPPER_END_24 = 48
NO_DROP_OUT_24_AT_OR_BELOW = 19
BLIND_FROM_24 = 25
MAX_TRUMP_CHANGES = 4
START_ZWANZIG = 20

# The default number of deal cycles in a round (D15).
DEFAULT_CYCLES = 6
CYCLES_RANGE = (1, 20)


def is_int(value: object) -> bool:
    """A JSON integer: ``true`` is no number, ``3.0`` no integer (§3.3)."""
    return type(value) is int

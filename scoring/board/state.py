"""The director's live board: what it says about each table, in plain data.

Vocabulary:

- **Board**: one round's tables as the director (or a Helfer with a tablet) watches them while
  the round is played, with a summary of what is left before the next round can be seated.
- **Table state**: the sheet's state as the board names it, from the states sheets already
  have: *playing* (open, games being entered), *returned* (open again, sent back to the table
  with a comment), *submitted* (handed in, waiting for the desk), *disputed* (confirmed once,
  then reopened for a correction: its last confirmed version still counts) and *confirmed*.
- **Quiet**: the minutes since the sheet last changed (a save, a return; the round's release
  for a sheet nobody has touched). A table that has to enter games (playing or returned, not
  complete) and has been quiet for the **stuck threshold** or longer is **stuck**: somebody
  should walk over.
- **Attention order**: disputed, submitted, stuck (longest quiet first), returned, playing
  (fewest games first), confirmed; the table number decides among equals.

Nothing here reads the database: ``scoring.board.reading`` fills these values in.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from enum import StrEnum


class TableState(StrEnum):
    PLAYING = "playing"
    RETURNED = "returned"
    SUBMITTED = "submitted"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"


def table_state(status: str, *, returned: bool, confirmed_before: bool) -> TableState:
    """The board's state of a sheet with ``status`` (``Sheet.Status``'s value); ``returned``:
    it carries the desk's comment; ``confirmed_before``: a version of it was confirmed."""
    if status == "confirmed":
        return TableState.CONFIRMED
    if confirmed_before:
        return TableState.DISPUTED
    if status == "submitted":
        return TableState.SUBMITTED
    return TableState.RETURNED if returned else TableState.PLAYING


def quiet_minutes(last_change: datetime.datetime, now: datetime.datetime) -> int:
    """Whole minutes from ``last_change`` to ``now`` (0 for a change "in the future": clocks of
    two app servers may differ by a moment)."""
    return max(0, int((now - last_change).total_seconds() // 60))


@dataclass(frozen=True, slots=True)
class BoardTable:
    """One table on the board."""

    number: int
    captain: str
    size: int
    games: int  # games on the latest version
    length: int  # games the sheet must have (the ruleset's sheet length, or fewer if stopped)
    state: TableState
    last_entry_at: datetime.datetime | None  # when the latest version was saved
    quiet: int  # minutes since the sheet last changed
    stuck: bool
    closed_early: bool = False
    return_comment: str = ""
    note: str | None = None  # the ruleset's line for this table (``Ruleset.board_line``)

    @property
    def games_left(self) -> int:
        return 0 if self.state == TableState.CONFIRMED else max(0, self.length - self.games)


def is_stuck(state: TableState, games: int, length: int, quiet: int, threshold: int) -> bool:
    """Whether a table should have entered something by now (see the module's docstring)."""
    waiting_for_table = state in (TableState.PLAYING, TableState.RETURNED)
    return waiting_for_table and games < length and quiet >= threshold


_GROUP = {
    TableState.DISPUTED: 0,
    TableState.SUBMITTED: 1,
    TableState.RETURNED: 3,
    TableState.PLAYING: 4,
    TableState.CONFIRMED: 5,
}
STUCK_GROUP = 2


def attention_key(table: BoardTable) -> tuple[int, float, int]:
    """The sort key of the attention order (see the module's docstring)."""
    if table.stuck:
        return (STUCK_GROUP, -table.quiet, table.number)
    group = _GROUP[table.state]
    if table.state == TableState.PLAYING:
        return (group, table.games / max(1, table.length), table.number)
    return (group, 0, table.number)


def by_attention(tables: list[BoardTable]) -> list[BoardTable]:
    return sorted(tables, key=attention_key)


@dataclass(frozen=True, slots=True)
class Board:
    """A round's board: its tables in table order and what is left before the next round."""

    round_number: int
    tables: tuple[BoardTable, ...]
    stuck_after: int  # the stuck threshold in minutes
    earlier_unconfirmed: tuple[tuple[int, int], ...] = ()  # (round, table) of earlier rounds
    next_round_seated: bool = False  # the next round is drawn already
    last_round: bool = False  # the evening's last round: no next round follows
    now: datetime.datetime | None = None

    @property
    def unconfirmed(self) -> list[int]:
        """Numbers of this round's tables whose sheet is not confirmed."""
        return [t.number for t in self.tables if t.state != TableState.CONFIRMED]

    @property
    def sheets_left(self) -> int:
        """Sheets to confirm before the next round can be seated by placement."""
        return len(self.unconfirmed) + len(self.earlier_unconfirmed)

    @property
    def games_left(self) -> int:
        return sum(table.games_left for table in self.tables)

    def count(self, state: TableState) -> int:
        return sum(1 for table in self.tables if table.state == state)

    @property
    def stuck_count(self) -> int:
        return sum(1 for table in self.tables if table.stuck)

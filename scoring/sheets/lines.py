"""The score lines of a confirmed version: one per player and game, for whoever sat in the seat
in that game (the points follow the seat, ``Seat.occupant``); the dealer sitting out at a
five-player table gets none.

The one home of this rule: confirming a sheet writes these lines
(``scoring.sheets.services.confirm_sheet``), restoring a backup derives them from the games the
rules engine scored anew (``output.backup.recompute``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from scoring.models import Game

# A score line's fields, in this order (the backup compares the file's lines as tuples).
LINE_FIELDS = ("game_number", "seat", "participant", "points", "won", "soloist")


def score_lines(games: Iterable[Game], occupant: Callable[[int, int], int]) -> list[dict[str, Any]]:
    """The lines of a version's games (rows saved or not); ``occupant(seat, game)`` is the
    participant id who played ``seat`` in game ``game``."""
    return [
        {
            "game_number": game.number,
            "seat": int(seat),
            "participant": occupant(int(seat), game.number),
            "points": points,
            # The row's winners as the ruleset named them (count-down: a Partie's winners on the
            # row that ends it, whatever their Partiepunkte); a row naming none (a penalty line)
            # counts a seat with plus points as before.
            "won": int(seat) in game.plus if game.plus else points > 0,
            "soloist": game.soloist == int(seat),
        }
        for game in games
        for seat, points in game.points.items()
        if int(seat) != game.record.get("sitting_out")
    ]

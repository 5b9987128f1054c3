"""A player's figures across confirmed rows, as codes and numbers; the pages put them in words.

Vocabulary:

- **Played row** (:class:`PlayedRow`): one confirmed row of a sheet as one player played it —
  the row's kind, the player's points, whether their side won, whether they played alone, the
  row as it was stored (``record``) and, for a row that ends a counted count-down Partie, the
  player's final score of that Partie (``partie_score``).
- **Figures**: ``{code: number}``; every ruleset counts :data:`GAME_FIGURES` of its game rows,
  and adds its own (DDV: Pflichtsoli; count-down: Partien and Restpunkte).

Pure data: no Django, nothing of this project outside ``rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.rows import GAME

GAMES = "games"
GAMES_WON = "games_won"
SOLOS = "solos"
SOLOS_WON = "solos_won"
PFLICHTSOLOS = "pflichtsolos"
PFLICHTSOLOS_WON = "pflichtsolos_won"
DEALS = "deals"
PARTIES = "parties"
PARTIES_WON = "parties_won"
REST = "rest"  # the sum of the player's final scores of the counted Parties
GAME_FIGURES = (GAMES, GAMES_WON, SOLOS, SOLOS_WON)


@dataclass(frozen=True)
class PlayedRow:
    kind: str
    points: int
    won: bool
    soloist: bool
    record: Mapping[str, Any] = field(default_factory=dict)
    partie_score: int | None = None


def game_figures(rows: Sequence[PlayedRow]) -> dict[str, int]:
    """Games, games won, solos played and solos won (game rows only: no penalty line)."""
    games = [row for row in rows if row.kind == GAME]
    solos = [row for row in games if row.soloist]
    return {
        GAMES: len(games),
        GAMES_WON: sum(row.won for row in games),
        SOLOS: len(solos),
        SOLOS_WON: sum(row.won for row in solos),
    }


def partie_figures(rows: Sequence[PlayedRow]) -> dict[str, int]:
    """Count-down: deals played, counted Parties, Parties won and their Restpunkte."""
    ends = [row for row in rows if row.partie_score is not None]
    return {
        DEALS: len(rows),
        PARTIES: len(ends),
        PARTIES_WON: sum(row.won for row in ends),
        REST: sum(row.partie_score or 0 for row in ends),
    }

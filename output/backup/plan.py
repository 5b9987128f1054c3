"""What a checked backup document restores: the ``Plan`` that ``validate`` makes of it.

Values are those of the document, already checked; participants are still named by the ids they
had in the exporting database. ``recompute`` fills in the games' results and the score lines from
the rules engine; ``restore`` writes the plan.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from scoring.models import Game
from tournament.occupants import occupant_in_game


@dataclass
class GamePlan:
    path: str
    number: int
    record: dict[str, Any]
    stored: dict[str, Any]  # the engine's fields as the file has them (compared, not used)
    row: Game | None = None  # the engine's result, set by ``recompute``


@dataclass
class VersionPlan:
    path: str
    fields: dict[str, Any]  # usernames in created_by / confirmed_by
    created_at: datetime.datetime | None
    games: list[GamePlan]


@dataclass
class SheetPlan:
    path: str
    fields: dict[str, Any]
    updated_at: datetime.datetime | None
    versions: list[VersionPlan]
    stored_lines: set[tuple]  # the file's score lines (compared, not used)
    lines: list[dict[str, Any]] = field(default_factory=list)  # set by ``recompute``


@dataclass
class TablePlan:
    path: str
    fields: dict[str, Any]
    seats: dict[int, int]  # seat number → participant id of the document
    sheet: SheetPlan | None
    # seat number → its changes (substitutes) by first game: (from_game, previous, participant,
    # reason), participant ids of the document
    changes: dict[int, list[tuple[int, int, int, str]]] = field(default_factory=dict)

    def occupant(self, seat: int, game: int) -> int:
        """Who played in ``seat`` in game ``game`` (the rule of ``Seat.occupant``)."""
        substitutions = [
            (from_game, previous, participant)
            for from_game, previous, participant, _reason in self.changes.get(seat, [])
        ]
        return occupant_in_game(self.seats[seat], substitutions, game)


@dataclass
class RoundPlan:
    path: str
    fields: dict[str, Any]  # lots and slips still with the document's participant ids
    created_at: datetime.datetime | None
    tables: list[TablePlan]


@dataclass
class Plan:
    original_slug: str
    exported_at: str
    tournament: dict[str, Any]
    created_at: datetime.datetime | None
    participants: list[tuple[int, dict[str, Any], datetime.datetime | None]]
    rounds: list[RoundPlan]
    audit: list[tuple[dict[str, Any], datetime.datetime, str | None]]
    differences: list[str] = field(default_factory=list)  # games whose points were recomputed
    # Fees and prize table (``output.backup.prizes``): None in backups from before them.
    prizes: dict[str, Any] | None = None
    payments: dict[int, int] = field(default_factory=dict)  # document participant id → cents
    clock: dict[str, Any] | None = None  # the round's clock (``output.backup.clock``)
    announcements: list[dict[str, Any]] = field(default_factory=list)  # the projector's
    # The online sign-up (``output.backup.signups``): none in backups from before it.
    signup_settings: dict[str, Any] | None = None
    signups: list[tuple[dict[str, Any], datetime.datetime | None]] = field(default_factory=list)

    def tables(self) -> list[TablePlan]:
        return [table for round_ in self.rounds for table in round_.tables]

    def usernames(self) -> set[str]:
        names = {username for _fields, _time, username in self.audit if username}
        for table in self.tables():
            for version in table.sheet.versions if table.sheet else []:
                names |= {version.fields["created_by"], version.fields["confirmed_by"]}
        return names - {None}

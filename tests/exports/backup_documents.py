"""A hand-made backup document, valid and small, for the tests that take backups apart.

Nine participants; round 1 (slips) released with a 4-player and a 5-player table, both sheets
confirmed with the example sheets of fixtures/sheets (table 1 with an earlier captain's version,
table 2 stopped early after game 15); round 2 a draft seated by placement with a lot. The
engine's fields and the score lines are those the services would store. Built without the
database, so that many mutations of it cost no fixture each.
"""

from __future__ import annotations

import copy
from typing import Any

import rules
from output.backup.document import FORMAT, FORMAT_VERSION, GAME_FIELDS
from rules.hausregeln import ScoringOptions
from scoring.sheets.services import game_row
from tests.conftest import example_records

T0 = "2025-04-03T18:00:00+00:00"
NAMES = [
    ("Anna Abel", "DK Herz-Dame"),
    ("Bernd Bauer", ""),
    ("Clara Christ", "Kreuz-Bube 1998"),
    ("Dieter Dorn", ""),
    ("Eva Engel", "DK Herz-Dame"),
    ("Frank Fuchs", ""),
    ("Gisela Groß", "Pik-As"),
    ("Heinz Hahn", ""),
    ("Ingrid Igel", ""),
]
IDS = [101, 102, 103, 104, 105, 106, 107, 108, 109]


def at(minute: int) -> str:
    return f"2025-04-03T18:{minute:02d}:00+00:00"


def games(records: list[dict[str, Any]], size: int) -> list[dict[str, Any]]:
    house = rules.get("hausregeln")
    scored = house.score_sheet(records, size, 4, ScoringOptions(deck=40))
    assert scored.ok, scored.issues
    rows = [
        game_row(None, index + 1, raw, row)
        for index, (raw, row) in enumerate(zip(records, scored.rows, strict=True))
    ]
    return [{field: getattr(row, field) for field in GAME_FIELDS} for row in rows]


def score_lines(played: list[dict[str, Any]], seats: list[int]) -> list[dict[str, Any]]:
    return [
        {
            "game": game["number"],
            "seat": int(seat),
            "participant": seats[int(seat) - 1],
            "points": points,
            "won": points > 0,
            "soloist": game["soloist"] == int(seat),
        }
        for game in played
        for seat, points in game["points"].items()
        if int(seat) != game["record"].get("sitting_out")
    ]


def version(number: int, played: list, *, confirmed: bool, source: str = "desk") -> dict:
    return {
        "number": number,
        "source": source,
        "created_at": at(10 + number),
        "created_by": "leitung" if source == "desk" else None,
        "submitted": True,
        "confirmed": confirmed,
        "confirmed_at": at(20) if confirmed else None,
        "confirmed_by": "leitung" if confirmed else None,
        "games": copy.deepcopy(played),  # no game shared between versions
    }


def table(number: int, token: str, seats: list[int], sheet: dict | None) -> dict[str, Any]:
    return {
        "number": number,
        "entry_token": token,
        "token_revoked": False,
        "seats": [{"number": i + 1, "participant": pid} for i, pid in enumerate(seats)],
        "sheet": sheet,
    }


def sheet(versions: list[dict], lines: list[dict], **fields: Any) -> dict[str, Any]:
    return {
        "status": "confirmed",
        "revision": len(versions) + 1,
        "closed_after_game": None,
        "close_note": "",
        "return_comment": "",
        "updated_at": at(30),
        "versions": versions,
        "score_lines": lines,
        **fields,
    }


def _build() -> dict[str, Any]:
    four = games(example_records(4), 4)
    five = games(example_records(5)[:15], 5)
    seats_1, seats_2 = IDS[:4], IDS[4:]
    round_1 = {
        "number": 1,
        "status": "released",
        "method": "slips",
        "seed": None,
        "lots": [],
        "slips": {str(pid): index + 1 for index, pid in enumerate(IDS)},
        "released_at": at(5),
        "closed_at": None,
        "created_at": at(4),
        "tables": [
            table(
                1,
                "tisch-eins-AAAAAAAAAAAAAAAAAAAAAA",
                seats_1,
                sheet(
                    [
                        version(1, four[:8], confirmed=False, source="captain"),
                        version(2, four, confirmed=True),
                    ],
                    score_lines(four, seats_1),
                ),
            ),
            table(
                2,
                "tisch-zwei-BBBBBBBBBBBBBBBBBBBBBB",
                seats_2,
                sheet(
                    [version(1, five, confirmed=True)],
                    score_lines(five, seats_2),
                    closed_after_game=15,
                    close_note="Zug fährt",
                ),
            ),
        ],
    }
    round_2 = {
        "number": 2,
        "status": "draft",
        "method": "placement",
        "seed": 4711,
        "lots": [
            {
                "participants": [104, 105],
                "first_place": 4,
                "last_place": 5,
                "order": [105, 104],
                "tables": [1, 2],
            }
        ],
        "slips": {},
        "released_at": None,
        "closed_at": None,
        "created_at": at(40),
        "tables": [
            table(1, "runde-zwei-eins-CCCCCCCCCCCCCCCCC", [109, 101, 105, 103], None),
            table(2, "runde-zwei-zwei-DDDDDDDDDDDDDDDDD", [102, 104, 106, 107, 108], None),
        ],
    }
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": at(50),
        "tournament": {
            "name": "Handgemachtes Turnier",
            "venue": "Vereinsheim",
            "rounds_count": 2,
            "cycles": 4,
            "deck": 40,
            "pre_lead_counts": False,
            "ddv_absage_bonus": False,
            "single_entry": False,
            "public_seating": True,
            "public_standings": True,
            "public_player_pages": True,
            "public_rules": True,
            "public_projector": True,
            "slug": "handgemacht",
            "date": "2025-04-03",
            "created_at": T0,
        },
        "participants": [
            {
                "id": pid,
                "name": name,
                "club": club,
                "checked_in": True,
                "withdrawn": False,
                "created_at": T0,
            }
            for pid, (name, club) in zip(IDS, NAMES, strict=True)
        ],
        "rounds": [round_1, round_2],
        "audit": [
            {
                "created_at": T0,
                "user": "leitung",
                "actor": "leitung",
                "action": "tournament.created",
                "summary": "Handgemachtes Turnier",
                "reason": "",
                "details": {},
            },
            {
                "created_at": at(3),
                "user": None,
                "actor": "",
                "action": "round.slips_saved",
                "summary": "9 von 9 Losnummern erfasst",
                "reason": "",
                "details": {"applied": True, "problems": 0},
            },
        ],
    }


_DOCUMENT = _build()


def valid_document() -> dict[str, Any]:
    """A fresh copy of the hand-made document (mutate it freely)."""
    return copy.deepcopy(_DOCUMENT)

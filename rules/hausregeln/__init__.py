"""The scoring rules of the tournament (``SCORING.md``), as pure Python without Django.

Vocabulary, as the club uses it:

- **Re** / **Kontra**: the two parties. Re holds the Kreuz-Damen (in a solo: the soloist alone);
  Kontra is every other active seat.
- **Augen**: card points, 240 in the deck; a record gives Re's (``augen_re``).
- **Aussage** (statement): "Re", "Kontra", the second Re "Sub", the second Kontra "In".
- **Absage**: "keine 90", "keine 60", "keine 30", "schwarz" — a promise about the other party's
  Augen that decides the game when it is missed.
- **Sonderpunkt**: an extra point from the cards (Fuchs gefangen, Doppelkopf, Charlie am End, …);
  the loser's are subtracted from the winner's.
- **Wertungspunkte**: the game value V. Normal game: winners +V, losers −V; one Re seat: the
  soloist ±3V, each opponent ∓V.
- **Sitting-out dealer**: at a five-player table the dealer of a game sits out and scores 0.
- **Listenführer**: the table captain, seat 1, who keeps the sheet and deals game 1.

Entry points: :func:`score_game` (one record → :class:`GameResult`), :func:`parse_record`,
:func:`check_sheet` / :func:`score_sheet` (a whole sheet), :func:`score_document` (the JSON
command), :class:`ScoringOptions` and :func:`describe_options` (tournament settings).

The readings chosen where the contract leaves room are listed in ``DECISIONS.md`` next to this
file.
"""

from rules.hausregeln.engine import pay_out, revoke_points, score_game, score_record
from rules.hausregeln.errors import RecordError
from rules.hausregeln.i18n import LANGUAGES, label, resolve_language, translate
from rules.hausregeln.jsonio import score_document
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions, describe_options
from rules.hausregeln.parsing import parse_record
from rules.hausregeln.records import (
    CalculatorRecord,
    DirectPoints,
    QuickEntry,
    Record,
    Revoke,
    SpecialPoint,
    Statement,
)
from rules.hausregeln.result import BreakdownItem, GameResult, ScoringWarning
from rules.hausregeln.sheet import (
    SheetGame,
    SheetIssue,
    SheetScore,
    check_sheet,
    dealer,
    max_games,
    score_sheet,
)
from rules.hausregeln.vocabulary import Call, EntryMethod, Kind, Party, Schwarz, Special

__all__ = [
    "DEFAULT_OPTIONS",
    "LANGUAGES",
    "BreakdownItem",
    "CalculatorRecord",
    "Call",
    "DirectPoints",
    "EntryMethod",
    "GameResult",
    "Kind",
    "Party",
    "QuickEntry",
    "Record",
    "RecordError",
    "Revoke",
    "Schwarz",
    "ScoringOptions",
    "ScoringWarning",
    "SheetGame",
    "SheetIssue",
    "SheetScore",
    "Special",
    "SpecialPoint",
    "Statement",
    "check_sheet",
    "dealer",
    "describe_options",
    "label",
    "max_games",
    "parse_record",
    "pay_out",
    "resolve_language",
    "revoke_points",
    "score_document",
    "score_game",
    "score_record",
    "score_sheet",
    "translate",
]

"""The seating core: pure Python, no Django, nothing of ours outside this package.

Data in, result out.

Vocabulary
----------
participant
    Identified by a plain ``int`` id (the Django layer uses the primary key).
table
    Numbered 1..T. A *4-table* seats four players. A *5-table* seats five; there the
    dealer sits out each game (house rules). ``N % 4`` five-tables absorb counts not
    divisible by 4, and the five-tables are always the LAST tables (highest numbers). Which
    sizes a tournament seats is its ruleset's (``allowed``, plain data, default 4 and 5):
    at 4 and 5, counts that cannot be seated are fewer than 4, and 6, 7, 11 (5 = one
    5-table, 9 = 4+5, 10 = 5+5; every count from 12 on works); where 3 is allowed too
    (count-down games) those become 3 = 3, 6 = 3+3, 7 = 4+3, 11 = 4+4+3, the 3-tables last.
seat
    Numbered 1..size around a table. ``TableSeating.seats[0]`` sits at seat 1.
captain / Listenführer
    The player who keeps the score sheet: the seat the ruleset names for the table's size
    (house rules: seat 1, who also deals first; DDV: seat 4 at four, 5 at five). The core
    is given it as a function of the table size (``make_captain``).
Losnummer (slip number)
    The number a participant draws from the bowl in the physical draw; 1..N. The slip
    scheme maps numbers to places, 4-tables first, then 5-tables::

        T4 = number of 4-tables
        number 4*(t-1) + k             -> table t, seat k            (t <= T4, k = 1..4)
        number 4*T4 + 5*(j-1) + k      -> 5-table j = table T4+j, seat k   (k = 1..5)

    (3-tables likewise after the 4-tables.)

    i.e. slips are counted off table by table, seat by seat. The same numbers are
    printed on the table cards.
lot (Los)
    A random decision between participants with exactly equal standings whose tie
    straddles a table boundary when seating by placement (round 2+).
seed
    An int that makes every random decision reproducible: same input + same seed gives
    the same result, always. Only ``random.Random(int).random()`` is used, which Python
    guarantees to stay stable across versions; shuffles are an explicit Fisher-Yates
    over ``random()`` (``random.shuffle`` itself is not covered by that guarantee).
    Placement seating uses two independent streams derived from the seed with SHA-256
    (one for lots, one for seats).

Errors carry a stable ``code`` and ``params`` (no translated text); the service layer
turns them into German/English messages. ``str(error)`` is plain English for debugging.

Modules: ``sizes`` (table sizes), ``layout`` (the seating as data), ``draw`` (round 1 and the
seeded randomness), ``slips`` (Losnummern), ``placement`` (round 2+ by a ranking given as plain
data), ``repeats`` (tables meeting again), ``history`` (who met whom, who sat where, in earlier
rounds), ``fair`` (the seating rules of round 2 and later: by placement, by placement avoiding
repeats, drawn avoiding repeats; the account of the pairs who meet again), ``seats`` (list
keeper, first dealer and seats rotating over the evening), ``edits`` (changes to a draft),
``errors``.
"""

from __future__ import annotations

from tournament.seating.core.draw import SEED_LIMIT, SEED_MAX, draw_seating, new_seed
from tournament.seating.core.edits import (
    add_late_arrival,
    make_captain,
    remove_player,
    swap_players,
)
from tournament.seating.core.errors import SeatingError, SlipError, SlipProblem
from tournament.seating.core.fair import (
    Reason,
    RepeatReport,
    RuleResult,
    SeatingRule,
    evening_full_round,
    repeat_report,
    seat_by_rule,
    unavoidable_pairs,
)
from tournament.seating.core.history import History
from tournament.seating.core.layout import Seating, SeatRef, SeatRow, Slip, TableSeating
from tournament.seating.core.placement import (
    PlacementResult,
    RankedPlayer,
    TieLot,
    seat_by_placement,
)
from tournament.seating.core.repeats import RepeatWarning, repeat_warnings
from tournament.seating.core.seats import rotate_seats
from tournament.seating.core.sizes import (
    DOPPELKOPF,
    MIN_PARTICIPANTS,
    SIZES,
    allowed_sizes,
    is_seatable,
    min_participants,
    seatable_counts,
    table_sizes,
)
from tournament.seating.core.slips import (
    seating_from_slips,
    slip_layout,
    slip_number,
    slip_position,
)

__all__ = [
    "DOPPELKOPF",
    "MIN_PARTICIPANTS",
    "SEED_LIMIT",
    "SEED_MAX",
    "SIZES",
    "History",
    "PlacementResult",
    "RankedPlayer",
    "Reason",
    "RepeatReport",
    "RepeatWarning",
    "RuleResult",
    "SeatRef",
    "SeatRow",
    "Seating",
    "SeatingError",
    "SeatingRule",
    "Slip",
    "SlipError",
    "SlipProblem",
    "TableSeating",
    "TieLot",
    "add_late_arrival",
    "allowed_sizes",
    "draw_seating",
    "evening_full_round",
    "is_seatable",
    "make_captain",
    "min_participants",
    "new_seed",
    "remove_player",
    "repeat_report",
    "repeat_warnings",
    "rotate_seats",
    "seat_by_placement",
    "seat_by_rule",
    "seatable_counts",
    "seating_from_slips",
    "slip_layout",
    "slip_number",
    "slip_position",
    "swap_players",
    "table_sizes",
    "unavoidable_pairs",
]

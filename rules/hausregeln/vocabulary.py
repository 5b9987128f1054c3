"""The words of a game record (SCORING.md §2, §4, §8) and what each kind of game implies.

Every enum value is exactly the JSON string of §8, so a record can be written back unchanged.
The kind tables below are plain frozensets and dicts because the engine consults them for every
game: a lookup must stay a hash probe, not a method call.
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """The kind of game (§2)."""

    NORMAL = "normal"
    HOCHZEIT = "hochzeit"
    STILLES_SOLO = "stilles_solo"
    HOCHZEIT_ALLEIN = "hochzeit_allein"
    SOLO_BUBEN = "solo_buben"
    SOLO_DAMEN = "solo_damen"
    SOLO_TRUMPF = "solo_trumpf"
    SOLO_KREUZ = "solo_kreuz"
    SOLO_PIK = "solo_pik"
    SOLO_HERZ = "solo_herz"
    SOLO_FLEISCHLOS = "solo_fleischlos"
    ARMUT = "armut"


class Party(StrEnum):
    """Re holds the Kreuz-Damen (in a solo: the soloist alone); Kontra is every other active
    seat."""

    RE = "re"
    KONTRA = "kontra"

    @property
    def other(self) -> Party:
        return Party.KONTRA if self is Party.RE else Party.RE


class Call(StrEnum):
    """A statement (Aussage: re, kontra, sub, in) or an Absage (keine_90 … schwarz), §4.3/§4.4."""

    RE = "re"
    KONTRA = "kontra"
    SUB = "sub"
    IN = "in"
    KEINE_90 = "keine_90"
    KEINE_60 = "keine_60"
    KEINE_30 = "keine_30"
    SCHWARZ = "schwarz"


class Special(StrEnum):
    """A Sonderpunkt of rule 11 (§4.6)."""

    GEGEN = "gegen"
    HERZSTICH = "herzstich"
    FUCHS_GEFANGEN = "fuchs_gefangen"
    FUCHS_AM_END_GEFANGEN = "fuchs_am_end_gefangen"
    FUCHS_AM_END = "fuchs_am_end"
    CHARLIE_AM_END = "charlie_am_end"
    CHARLIE_AM_END_GEFANGEN = "charlie_am_end_gefangen"
    DOPPELKOPF = "doppelkopf"


class EntryMethod(StrEnum):
    """The four ways a game reaches the sheet (§6)."""

    CALCULATOR = "calculator"
    QUICK_ENTRY = "quick_entry"
    DIRECT_POINTS = "direct_points"
    REVOKE = "revoke"
    SCHMEISSEN = "schmeissen"


class Schwarz(StrEnum):
    """The record's `schwarz` field: the party that took no trick, or explicitly none."""

    RE = "re"
    KONTRA = "kontra"
    NONE = "none"


# Lookup tables keyed by the JSON string: parsing a record must not pay for Enum.__call__.
KIND_BY_VALUE: dict[str, Kind] = {k.value: k for k in Kind}
PARTY_BY_VALUE: dict[str, Party] = {p.value: p for p in Party}
CALL_BY_VALUE: dict[str, Call] = {c.value: c for c in Call}
SPECIAL_BY_VALUE: dict[str, Special] = {s.value: s for s in Special}
SCHWARZ_BY_VALUE: dict[str, Schwarz] = {s.value: s for s in Schwarz}

#: Size of the Re party per kind (§2).
RE_PARTY_SIZE: dict[Kind, int] = {
    Kind.NORMAL: 2,
    Kind.HOCHZEIT: 2,
    Kind.STILLES_SOLO: 1,
    Kind.HOCHZEIT_ALLEIN: 1,
    Kind.SOLO_BUBEN: 1,
    Kind.SOLO_DAMEN: 1,
    Kind.SOLO_TRUMPF: 1,
    Kind.SOLO_KREUZ: 1,
    Kind.SOLO_PIK: 1,
    Kind.SOLO_HERZ: 1,
    Kind.SOLO_FLEISCHLOS: 1,
    Kind.ARMUT: 2,
}

#: The kinds of SCORING.md §2 (the seed's rule sheet); the others exist by the club's options.
SEED_KINDS: tuple[Kind, ...] = (
    Kind.NORMAL,
    Kind.HOCHZEIT,
    Kind.STILLES_SOLO,
    Kind.HOCHZEIT_ALLEIN,
    Kind.SOLO_BUBEN,
    Kind.SOLO_DAMEN,
    Kind.SOLO_TRUMPF,
)

#: Kinds with a single Re seat: the soloist is paid ±3V, each opponent ∓V.
ONE_RE_KINDS: frozenset[Kind] = frozenset(k for k, n in RE_PARTY_SIZE.items() if n == 1)
#: The same as JSON strings, for records that have not been parsed.
ONE_RE_KIND_VALUES: frozenset[str] = frozenset(k.value for k in ONE_RE_KINDS)

#: Announced solos: everything is said before the first lead, type points and "verloren" count.
ANNOUNCED_SOLOS: frozenset[Kind] = frozenset(k for k in Kind if k.value.startswith("solo_"))

#: Kinds "valued like a normal game": Sonderpunkte and "Gegen" count, pre-lead calls are possible.
NORMAL_VALUED_KINDS: frozenset[Kind] = frozenset(Kind) - ANNOUNCED_SOLOS

#: Kinds with Sonderpunkte and "Gegen" (§2).
GEGEN_KINDS: frozenset[Kind] = NORMAL_VALUED_KINDS

#: Type points of the announced solos (rule 10: Buben 2, Damen 3, Trumpf 4; the club's added
#: solos 4 by default, CLUBRULES.md §2).
TYPE_POINTS: dict[Kind, int] = {
    Kind.SOLO_BUBEN: 2,
    Kind.SOLO_DAMEN: 3,
    Kind.SOLO_TRUMPF: 4,
    Kind.SOLO_KREUZ: 4,
    Kind.SOLO_PIK: 4,
    Kind.SOLO_HERZ: 4,
    Kind.SOLO_FLEISCHLOS: 4,
}

#: Value of each Sonderpunkt (§4.6).
SPECIAL_VALUE: dict[Special, int] = {
    Special.GEGEN: 1,
    Special.HERZSTICH: 1,
    Special.FUCHS_GEFANGEN: 1,
    Special.FUCHS_AM_END_GEFANGEN: 2,
    Special.FUCHS_AM_END: 1,
    Special.CHARLIE_AM_END: 1,
    Special.CHARLIE_AM_END_GEFANGEN: 1,
    Special.DOPPELKOPF: 1,
}

#: Sonderpunkte earned in the last trick: all of them go to the party that won it.
LAST_TRICK_SPECIALS: frozenset[Special] = frozenset(
    {
        Special.FUCHS_AM_END,
        Special.CHARLIE_AM_END,
        Special.FUCHS_AM_END_GEFANGEN,
        Special.CHARLIE_AM_END_GEFANGEN,
    }
)

#: Absage level of each Absage call: "keine 60" = 2 covers "keine 90" (§4.4).
ABSAGE_LEVEL: dict[Call, int] = {
    Call.KEINE_90: 1,
    Call.KEINE_60: 2,
    Call.KEINE_30: 3,
    Call.SCHWARZ: 4,
}

#: Augen in the deck, whatever its size.
TOTAL_AUGEN = 240

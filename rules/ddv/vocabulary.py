"""The words of the DDV's Turnierspielregeln (TSR) as the records of DDV.md §7 use them.

- **Kind** (Spielart): ``normal``, ``hochzeit`` (partner found by the Klärungsstich),
  ``hochzeit_allein`` (the Hochzeiter took tricks 1–3: Farbsolo Karo alone), ``stilles_solo``
  (stille Hochzeit) and the seven **announced solos** ``solo_*``.
- **Team kinds**: ``normal`` and ``hochzeit`` (two Re seats, ±V, Sonderpunkte).
  **One-Re kinds**: everything else (the soloist alone, ±3V, no Sonderpunkte).
- **Party**: ``re`` or ``kontra``. **Ansage**: the call ``re`` or ``kontra``. **Absage**:
  ``keine_90`` … ``schwarz`` with the **levels** 1–4.
- **Sonderpunkt**: ``doppelkopf``, ``fuchs_gefangen``, ``charlie_am_end`` (Karlchen); "gegen die
  Kreuz-Damen" is computed, never entered.
- **solo_mode**: ``pflicht`` (Pflichtsolo), ``lust`` (Lustsolo), ``vorfuehrung`` (Vorführung).
- **severity** of a penalty (Strafpunkte): ``geringfuegig``, ``schwerwiegend``, ``unsportlich``.
- **Entry method**: ``direct`` (points per seat), ``penalty``, ``quick`` (winners + value),
  ``calculator`` (the whole game) — recognised in this order (§7.4).
- **Rubrik**: the section of the Spielliste a row is written in: ``normalspiel``,
  ``pflichtsolo`` or ``strafe`` (a penalty line).
"""

from __future__ import annotations

from enum import StrEnum


class Party(StrEnum):
    RE = "re"
    KONTRA = "kontra"

    @property
    def other(self) -> Party:
        return Party.KONTRA if self is Party.RE else Party.RE


class Kind(StrEnum):
    NORMAL = "normal"
    HOCHZEIT = "hochzeit"
    HOCHZEIT_ALLEIN = "hochzeit_allein"
    STILLES_SOLO = "stilles_solo"
    SOLO_TRUMPF = "solo_trumpf"
    SOLO_KREUZ = "solo_kreuz"
    SOLO_PIK = "solo_pik"
    SOLO_HERZ = "solo_herz"
    SOLO_DAMEN = "solo_damen"
    SOLO_BUBEN = "solo_buben"
    SOLO_FLEISCHLOS = "solo_fleischlos"

    @property
    def team(self) -> bool:
        return self in TEAM_KINDS

    @property
    def announced_solo(self) -> bool:
        return self in ANNOUNCED_SOLOS


class Method(StrEnum):
    DIRECT = "direct"
    PENALTY = "penalty"
    QUICK = "quick"
    CALCULATOR = "calculator"


class SoloMode(StrEnum):
    PFLICHT = "pflicht"
    LUST = "lust"
    VORFUEHRUNG = "vorfuehrung"


class Severity(StrEnum):
    GERINGFUEGIG = "geringfuegig"
    SCHWERWIEGEND = "schwerwiegend"
    UNSPORTLICH = "unsportlich"


class Rubrik(StrEnum):
    NORMALSPIEL = "normalspiel"
    PFLICHTSOLO = "pflichtsolo"
    STRAFE = "strafe"


TEAM_KINDS = frozenset({Kind.NORMAL, Kind.HOCHZEIT})
ANNOUNCED_SOLOS = frozenset(kind for kind in Kind if kind.value.startswith("solo_"))
SOLO_KNOWN_KINDS = frozenset({Kind.HOCHZEIT_ALLEIN, Kind.STILLES_SOLO})

KIND_BY_VALUE = {kind.value: kind for kind in Kind}
PARTY_BY_VALUE = {party.value: party for party in Party}
SOLO_MODE_BY_VALUE = {mode.value: mode for mode in SoloMode}
SEVERITY_BY_VALUE = {severity.value: severity for severity in Severity}

ANSAGE_OF = {Party.RE: "re", Party.KONTRA: "kontra"}
ABSAGE_LEVEL = {"keine_90": 1, "keine_60": 2, "keine_30": 3, "schwarz": 4}
CALLS = ("re", "kontra", *ABSAGE_LEVEL)
#: Calls of the house rules that DDV refuses (one Ansage per party, 6.4.7).
HOUSE_CALLS = frozenset({"sub", "in"})

SPECIALS = ("doppelkopf", "fuchs_gefangen", "charlie_am_end")
#: Sonderpunkte of the house rules that are not DDV Sonderpunkte (7.2.3).
HOUSE_SPECIALS = frozenset(
    {"herzstich", "fuchs_am_end", "fuchs_am_end_gefangen", "charlie_am_end_gefangen"}
)

SCHWARZ_VALUES = ("re", "kontra", "none")
TOTAL_AUGEN = 240
#: Augen no 48-card deal gives a party (no card is worth 1 Auge).
IMPOSSIBLE_AUGEN = frozenset({1, 239})
#: The Augen the other party must stay below for an Absage of level 1–3.
ABSAGE_THRESHOLD = {1: 90, 2: 60, 3: 30}
#: "gegen Absage erreicht" (7.2.2 e/f): level → Augen needed against it.
AGAINST_THRESHOLD = {1: 120, 2: 90, 3: 60, 4: 30}
#: Augen a party needs for n Doppelköpfe (n = 1..4; each trick holds four Asse/Zehnen).
DOPPELKOPF_MIN_AUGEN = {1: 40, 2: 80, 3: 124, 4: 168}

MAX_TEAM_VALUE = 29
MAX_SOLO_VALUE = 21

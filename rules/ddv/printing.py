"""The DDV's printed Spielliste (DDV.md §9.9) as :mod:`rules.printing` data.

Columns, in the TSR's order of concern: the line (game number, "Strafe" on a penalty line),
the **rubric** (N Normalspiel, P Pflichtsolo, S Strafpunkte), the dealer, the **kind** with
Pflicht/Lust/Vorführung (P/L/V), the Re seats (the soloist), the **announcements** per party
("R90 K": Re said "keine 90", Kontra "Kontra"), Re's **Augen**, the **Sonderpunkte** per party
("Re:Kontra"), the **value**; per player this row's ± and the running total and a narrow
**Pflichtsolo** column (marked in the row of the seat's Pflichtsolo, so the Vorführung is seen
coming); at the end the **Schiedsrichter**'s initials on penalty lines.

Lines: the round's games and :data:`PENALTY_SPARES` more for penalty lines (at least as many as
penalty lines were entered). A dealer is printed only where the rows entered say it (the next
one included): after a Pflichtsolo the same seat deals again, so a plain rotation printed ahead
would be wrong; the players write it in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.ddv.rows import counts_as_played, row_kind
from rules.ddv.vocabulary import ANNOUNCED_SOLOS
from rules.printing import (
    DEALER_COLUMN,
    POINTS,
    ROW,
    RUNNING,
    VALUE,
    PrintedRow,
    SheetColumn,
    seat_cell,
)
from rules.rows import PENALTY
from rules.text import Text, gettext_noop

RUBRIC = "rubric"
KIND = "kind"
RE_SEATS = "re"
CALLS = "calls"
AUGEN = "augen_re"
SPECIALS = "specials"
REFEREE = "referee"
PFLICHTSOLO = "pflichtsolo"

#: Lines for penalties beyond the games, on a blank sheet.
PENALTY_SPARES = 3

_ANNOUNCED = frozenset(kind.value for kind in ANNOUNCED_SOLOS)

LEAD = (
    SheetColumn(ROW, (gettext_noop("Spiel"),), width_mm=11),
    SheetColumn(RUBRIC, (gettext_noop("Rubr."),), width_mm=9, hint=gettext_noop("N · P · S")),
    replace(DEALER_COLUMN, width_mm=15),
    SheetColumn(KIND, (gettext_noop("Spielart"),), width_mm=17, hint=gettext_noop("P · L · V")),
    SheetColumn(RE_SEATS, (gettext_noop("Re"),), width_mm=9, hint=gettext_noop("Plätze")),
    SheetColumn(CALLS, (gettext_noop("Ansagen"),), width_mm=14, hint=gettext_noop("R · K")),
    SheetColumn(AUGEN, (gettext_noop("Re"), gettext_noop("Augen")), width_mm=11),
    SheetColumn(SPECIALS, (gettext_noop("Sonder-"), gettext_noop("punkte")), width_mm=12),
    SheetColumn(VALUE, (gettext_noop("Wert"),), width_mm=10),
)
SEAT = (
    SheetColumn(POINTS, (gettext_noop("+ / −"),), share=0.48),
    SheetColumn(RUNNING, (Text("Stand", context="running total"),), share=0.34, tinted=True),
    SheetColumn(PFLICHTSOLO, (gettext_noop("P"),), share=0.18),
)
TAIL = (SheetColumn(REFEREE, (gettext_noop("Schiri"),), width_mm=10),)

FOOTER = (
    gettext_noop(
        "Rubrik N Normalspiel, P Pflichtsolo, S Strafe · Art P Pflicht, L Lust, V Vorführung "
        "· Ansagen R/K, Absage 90/60/30/s · Sonderpunkte Re:Kontra"
    ),
    gettext_noop("Zeit abgelaufen nach Spiel ____"),
    gettext_noop("Liste prüfen, unterschreiben, sofort abgeben."),
)
SIGNATURE = gettext_noop("Unterschriften: Listenführer und Mitspieler")

_KIND_SHORT: dict[str, tuple[str, str]] = {
    "normal": ("Normal", "normal"),
    "hochzeit": ("Hochzeit", "Hochzeit"),
    "hochzeit_allein": ("Hochz. allein", "Hochz. alone"),
    "stilles_solo": ("stille H.", "silent H."),
    "solo_trumpf": ("Karo", "Karo"),
    "solo_kreuz": ("Kreuz", "Kreuz"),
    "solo_pik": ("Pik", "Pik"),
    "solo_herz": ("Herz", "Herz"),
    "solo_damen": ("Damen", "Queens"),
    "solo_buben": ("Buben", "Jacks"),
    "solo_fleischlos": ("Fleischl.", "no trumps"),
}
_MODE_SHORT = {"pflicht": "P", "lust": "L", "vorfuehrung": "V"}
_SEVERITY_SHORT: dict[str, tuple[str, str]] = {
    "geringfuegig": ("geringf.", "minor"),
    "schwerwiegend": ("schwerw.", "serious"),
    "unsportlich": ("Abzug", "deduction"),
}
_RUBRIC_SHORT = {"normalspiel": "N", "pflichtsolo": "P", "strafe": "S"}
_LEVEL = {"keine_90": "90", "keine_60": "60", "keine_30": "30", "schwarz": "s"}
_LEVELS = ("keine_90", "keine_60", "keine_30", "schwarz")


def _pick(pair: tuple[str, str], lang: str | None) -> str:
    return pair[1] if lang and str(lang).lower().startswith("en") else pair[0]


def rubric(row: Mapping[str, Any]) -> str:
    """``normalspiel``, ``pflichtsolo`` or ``strafe`` of a stored row (DDV.md §9.7)."""
    if row_kind(row) == PENALTY:
        return "strafe"
    if row.get("kind") in _ANNOUNCED and row.get("solo_mode") in {"pflicht", "vorfuehrung"}:
        return "pflichtsolo"
    return "normalspiel"


def _calls(statements: Any) -> str:
    """Per party "R" / "K" and its highest Absage: "R90 K", "Rs"."""
    if not isinstance(statements, list):
        return ""
    said: dict[str, set[str]] = {"re": set(), "kontra": set()}
    for statement in statements:
        if isinstance(statement, Mapping) and statement.get("party") in said:
            said[statement["party"]].add(str(statement.get("call")))
    parts = []
    for party, letter in (("re", "R"), ("kontra", "K")):
        if not said[party]:
            continue
        levels = [level for level in _LEVELS if level in said[party]]
        parts.append(letter + (_LEVEL[levels[-1]] if levels else ""))
    return " ".join(parts)


def _specials(specials: Any) -> str:
    """The Sonderpunkte entered per party as "Re:Kontra" ("1:2"); "" when none."""
    if not isinstance(specials, list) or not specials:
        return ""
    count = {"re": 0, "kontra": 0}
    for special in specials:
        if isinstance(special, Mapping) and special.get("party") in count:
            count[special["party"]] += 1
    return f"{count['re']}:{count['kontra']}" if any(count.values()) else ""


def initials(name: Any) -> str:
    """The referee's initials ("Karl Meier" → "KM"); a short entry as it is."""
    if not isinstance(name, str) or not name.strip():
        return ""
    words = name.split()
    if len(words) == 1 and len(words[0]) <= 4:
        return words[0]
    return "".join(word[0].upper() for word in words)[:4]


def sheet_cells(row: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> dict[str, str]:
    """What a filled DDV row shows in the Spielliste's own columns (see the module docstring)."""
    kind = str(row.get("kind", ""))
    line_rubric = rubric(row)
    cells = {RUBRIC: _RUBRIC_SHORT[line_rubric]}
    penalty = row.get("penalty")
    if isinstance(penalty, Mapping):
        severity = _SEVERITY_SHORT.get(str(penalty.get("severity")))
        offender = penalty.get("offender")
        cells[KIND] = f"{_pick(severity, lang)} ({offender})" if severity else ""
        cells[REFEREE] = initials(penalty.get("referee"))
        if counts_as_played(row):
            cells[KIND] = f"{_pick(_KIND_SHORT[kind], lang)} · {cells[KIND]}"
    elif kind in _KIND_SHORT:
        mode = _MODE_SHORT.get(str(row.get("solo_mode")))
        cells[KIND] = _pick(_KIND_SHORT[kind], lang) + (f" {mode}" if mode else "")
    re = row.get("re")
    if isinstance(re, list) and all(type(seat) is int for seat in re):
        cells[RE_SEATS] = "+".join(str(seat) for seat in re)
    cells[CALLS] = _calls(row.get("statements"))
    augen = row.get("augen_re")
    cells[AUGEN] = str(augen) if type(augen) is int else ""
    cells[SPECIALS] = _specials(row.get("specials"))
    value = result.get("value")
    cells[VALUE] = "" if value is None else str(value)
    if line_rubric == "pflichtsolo" and isinstance(re, list) and len(re) == 1:
        cells[seat_cell(PFLICHTSOLO, re[0])] = "P"
    return cells


def printed_rows(
    dealers: Sequence[tuple[int, int | None]], rows: Sequence[Mapping[str, Any]], length: int
) -> tuple[PrintedRow, ...]:
    """The printed lines: every row entered and the next one with their dealer and sitter
    (``dealers``, one more than ``rows``), the games up to ``length``, then the penalty lines
    (at least :data:`PENALTY_SPARES` beyond those entered); captions are the game numbers and
    "Strafe"."""
    entered = list(rows)
    penalties = sum(1 for row in entered if row_kind(row) == PENALTY)
    games_left = max(0, length - (len(entered) - penalties))
    spares_from = len(entered) + games_left
    lines = spares_from + PENALTY_SPARES
    printed: list[PrintedRow] = []
    game = 0
    for index in range(lines):
        if index < len(entered):
            penalty = row_kind(entered[index]) == PENALTY
        else:
            penalty = index >= spares_from
        dealer, sitter = (0, None)
        if index < len(entered) or (index == len(entered) and not penalty):
            dealer, sitter = dealers[index]
        if penalty:
            caption = gettext_noop("Strafe")
        else:
            game += 1
            caption = Text(str(game))
        printed.append(PrintedRow(index + 1, dealer, sitter, False, caption))
    return tuple(printed)


#: The Spielliste's texts in English (:meth:`rules.ddv.ruleset.DDV.text`).
ENGLISH = {
    "Rubr.": "Sect.",
    "N · P · S": "N · P · S",
    "Spielart": "Game",
    "P · L · V": "P · L · V",
    "Re": "Re",
    "Plätze": "seats",
    "Ansagen": "Calls",
    "R · K": "R · K",
    "Augen": "Augen",
    "Sonder-": "Extra",
    "punkte": "points",
    "P": "P",
    "Schiri": "Ref.",
    "Strafe": "Penalty",
    "Spielwert (TSR 7.2)": "Game value (TSR 7.2)",
    FOOTER[0].german: "Section N normal game, P Pflichtsolo, S penalty · Game P Pflicht, "
    "L Lust, V Vorführung · Calls R/K, Absage 90/60/30/s · extra points Re:Kontra",
    FOOTER[1].german: "Time called after game ____",
    FOOTER[2].german: "Check the list, sign it, hand it in at once.",
    SIGNATURE.german: "Signatures: list keeper and players",
}

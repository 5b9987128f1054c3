"""Who wins a fully recorded game and what it is worth (SCORING.md §3 and §4).

The valuation is computed from the party's point of view and only then paid out to seats
(:mod:`rules.hausregeln.engine`), so the same code serves two-seat and one-seat Re parties.

Reading of the contract, in the order the engine applies it:

1. The winner: Augen decide (Re needs 121; 120:120 goes to Kontra) unless Absagen were made;
   then the party meeting its highest Absage wins, a party missing it loses, and when both
   parties made Absagen and both missed, nobody wins (§3.4).
2. V for a winner: "120" (not at 120:120), the levels the *loser* failed (< 90, < 60, < 30, no
   trick), the counted statements and both parties' Absagen (by each party's highest level),
   type points and "verloren" in announced solos, "Gegen" when Kontra wins where §2 allows it,
   then the winner's Sonderpunkte minus the loser's. V may come out ≤ 0.
3. Nobody wins: only levels and Sonderpunkte (and the DDV option's points) are netted and
   credited to the party ahead.

The club's options (CLUBRULES.md §4) change the values, not the order: who wins at 120:120
(``tie_120``), what a call is worth or whether it doubles (``ansagen``), each Sonderpunkt's and
each solo's value, the "verloren" and "Armut" points, and which kinds are valued like a solo.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.hausregeln.options import ScoringOptions
from rules.hausregeln.parsing import solo_valued
from rules.hausregeln.records import CalculatorRecord
from rules.hausregeln.result import BreakdownItem
from rules.hausregeln.vocabulary import (
    ABSAGE_LEVEL,
    ANNOUNCED_SOLOS,
    TOTAL_AUGEN,
    Call,
    Kind,
    Party,
    Special,
)

RE = Party.RE
KONTRA = Party.KONTRA

_LEVEL_KEYS = ("level_90", "level_60", "level_30", "level_schwarz")
_ABSAGE_KEYS = ("absage_keine_90", "absage_keine_60", "absage_keine_30", "absage_schwarz")
#: DDV option: the Augen the other party must reach against each Absage level, and its label.
_DDV = ((120, "ddv_120"), (90, "ddv_90"), (60, "ddv_60"), (30, "ddv_30"))
#: Sonderpunkte in the order of the §8 label list (Gegen is computed, not counted here).
_SPECIAL_ORDER = (
    Special.FUCHS_GEFANGEN,
    Special.FUCHS_AM_END_GEFANGEN,
    Special.FUCHS_AM_END,
    Special.CHARLIE_AM_END,
    Special.CHARLIE_AM_END_GEFANGEN,
    Special.DOPPELKOPF,
    Special.HERZSTICH,
)
_SPECIAL_KEYS = {s: s.value for s in Special}


class Valuation(NamedTuple):
    """The game from the parties' point of view, before it is paid out to seats.

    ``credited`` is the party whose seats receive +V: the winner, or when nobody wins the party
    ahead (None when the net is 0).
    """

    winner: Party | None
    credited: Party | None
    value: int
    breakdown: tuple[BreakdownItem, ...]
    counted_statement: bool


# Breakdown items are immutable: build each possible one once instead of once per game.
_WON_120 = BreakdownItem("won_120", 1)
_CALL_ITEMS = {
    "re": BreakdownItem("call_re", 1),
    "kontra": BreakdownItem("call_kontra", 1),
    "sub": BreakdownItem("call_sub", 1),
    "in": BreakdownItem("call_in", 1),
}
_PLUS2_ITEMS = {
    "re": BreakdownItem("call_re", 2),
    "kontra": BreakdownItem("call_kontra", 2),
    "sub": _CALL_ITEMS["sub"],
    "in": _CALL_ITEMS["in"],
}
_DOUBLE_KEYS = {
    "re": "double_re",
    "kontra": "double_kontra",
    "sub": "double_sub",
    "in": "double_in",
}
_VERLOREN = BreakdownItem("verloren", 1)
_ARMUT = BreakdownItem("armut", 1)
_LEVEL_ITEMS = tuple(BreakdownItem(key, 1) for key in _LEVEL_KEYS)
_ABSAGE_ITEMS = {
    (level, n): BreakdownItem(_ABSAGE_KEYS[level - 1], n) for level in range(1, 5) for n in (1, 2)
}
_SPECIAL_ITEMS: dict[tuple[Special, int], BreakdownItem] = {}


def _special_item(special: Special, points: int) -> BreakdownItem:
    item = _SPECIAL_ITEMS.get((special, points))
    if item is None:
        item = _SPECIAL_ITEMS[(special, points)] = BreakdownItem(_SPECIAL_KEYS[special], points)
    return item


def levels_reached(augen: int, took_no_trick: bool) -> list[BreakdownItem]:
    """The levels a party with ``augen`` failed, each +1 for the other party (§4.2)."""
    if augen >= 90:
        return []
    if augen >= 60:
        return [_LEVEL_ITEMS[0]]
    if augen >= 30:
        return list(_LEVEL_ITEMS[:2])
    return list(_LEVEL_ITEMS if took_no_trick else _LEVEL_ITEMS[:3])


def absage_met(level: int, other_augen: int, other_took_no_trick: bool) -> bool:
    """Whether an Absage of ``level`` (1 = keine 90 … 4 = schwarz) is met (§3.2)."""
    if level == 1:
        return other_augen < 90
    if level == 2:
        return other_augen < 60
    if level == 3:
        return other_augen < 30
    return other_took_no_trick


def _sonderpunkte(
    counts: dict[Special, int], sign: int, items: list[BreakdownItem], options: ScoringOptions
) -> None:
    """Append a party's Sonderpunkte, in §8 label order, with ``sign`` (−1 for the loser), each
    at the club's value (CLUBRULES.md §4.3; a Sonderpunkt worth 0 is left out)."""
    if not counts:
        return
    values = options.sonderpunkte
    for special in _SPECIAL_ORDER if len(counts) > 1 else counts:
        n = counts.get(special)
        worth = getattr(values, special.value)
        if n and worth:
            items.append(_special_item(special, sign * n * worth))


def _ddv_points(party_augen: int, other_absage: int) -> list[BreakdownItem]:
    """DDV option: +1 per Absage level of the other party against which ``party_augen`` reached
    the threshold (120 against keine 90, 90 against keine 60, …)."""
    return [
        BreakdownItem(key, 1) for threshold, key in _DDV[:other_absage] if party_augen >= threshold
    ]


class _Statements(NamedTuple):
    """What a game's statements count for: which calls count (§4.3; a call before the first lead
    only with the option, and always in an announced solo), each party's highest Absage
    (1 = keine 90 … 4 = schwarz, 0 = none), and whether any call counted."""

    re_call: bool
    kontra_call: bool
    sub: bool
    in_: bool
    absage_re: int
    absage_kontra: int
    counted: bool
    re_said: bool
    kontra_said: bool


def _read_statements(record: CalculatorRecord, pre_lead_counts: bool) -> _Statements:
    """Sort the record's statements into counted calls and the highest Absage of each party."""
    announced = record.kind in ANNOUNCED_SOLOS
    re_after = re_before = kontra_after = kontra_before = sub = in_ = False
    absage_re = absage_kontra = 0
    for party, call, before_lead in record.statements:
        # In an announced solo a call before the first lead counts like one after it.
        early = before_lead and not announced
        if call is Call.RE:
            if early:
                re_before = True
            else:
                re_after = True
        elif call is Call.KONTRA:
            if early:
                kontra_before = True
            else:
                kontra_after = True
        elif call is Call.SUB:
            sub = True
        elif call is Call.IN:
            in_ = True
        elif party is RE:
            absage_re = max(absage_re, ABSAGE_LEVEL[call])
        else:
            absage_kontra = max(absage_kontra, ABSAGE_LEVEL[call])
    re_call = re_after or (re_before and pre_lead_counts)
    kontra_call = kontra_after or (kontra_before and pre_lead_counts)
    counted = re_call or kontra_call or sub or in_
    # Positional: this runs once per game and keyword construction costs measurably more.
    return _Statements(
        re_call,
        kontra_call,
        sub,
        in_,
        absage_re,
        absage_kontra,
        counted,
        re_after or re_before,
        kontra_after or kontra_before,
    )


def _winner(
    augen_re: int, re_no_trick: bool, kontra_no_trick: bool, statements: _Statements
) -> Party | None:
    """§3: Augen decide unless Absagen were made; None when both parties missed theirs."""
    absage_re, absage_kontra = statements.absage_re, statements.absage_kontra
    if not absage_re and not absage_kontra:
        return RE if augen_re >= 121 else KONTRA
    if absage_re and absage_met(absage_re, TOTAL_AUGEN - augen_re, kontra_no_trick):
        return RE
    if absage_kontra and absage_met(absage_kontra, augen_re, re_no_trick):
        return KONTRA
    if absage_re and absage_kontra:
        return None
    return KONTRA if absage_re else RE


def _specials_by_party(
    record: CalculatorRecord,
) -> tuple[dict[Special, int], dict[Special, int]]:
    """How many of each Sonderpunkt Re and Kontra earned."""
    re_specials: dict[Special, int] = {}
    kontra_specials: dict[Special, int] = {}
    for party, special in record.specials:
        counts = re_specials if party is RE else kontra_specials
        counts[special] = counts.get(special, 0) + 1
    return re_specials, kontra_specials


def _called(statements: _Statements) -> list[str]:
    """The counted calls, in the order Re, Kontra, Sub, In."""
    flags = (statements.re_call, statements.kontra_call, statements.sub, statements.in_)
    return [call for call, said in zip(("re", "kontra", "sub", "in"), flags, strict=True) if said]


def _statement_items(statements: _Statements, items: list[BreakdownItem], ansagen: str) -> None:
    """Append the counted calls (+1 each, Re/Kontra +2 with ``plus2``, nothing when they
    double, CLUBRULES.md §4.1) and both parties' Absagen, by level (§4.3, §4.4)."""
    if ansagen != "double":
        table = _PLUS2_ITEMS if ansagen == "plus2" else _CALL_ITEMS
        items.extend(table[call] for call in _called(statements))
    absage_re, absage_kontra = statements.absage_re, statements.absage_kontra
    for level in range(1, max(absage_re, absage_kontra) + 1):
        items.append(_ABSAGE_ITEMS[(level, (absage_re >= level) + (absage_kontra >= level))])


def _solo_items(
    kind: Kind, winner: Party, items: list[BreakdownItem], options: ScoringOptions
) -> None:
    """Append type points and "verloren" of a game valued like a solo, the "Armut" point, and
    "Gegen" where §2 allows it, at the club's values (CLUBRULES.md §4.4–§4.6)."""
    if solo_valued(kind, options):
        solo = kind if kind in ANNOUNCED_SOLOS else Kind.SOLO_TRUMPF
        points = getattr(options.solo_points, solo.value)
        if points:
            items.append(BreakdownItem("solo", points))
        if winner is KONTRA and options.solo_lost_point:
            items.append(_VERLOREN)
        return
    if kind is Kind.ARMUT and options.armut_point:
        items.append(_ARMUT)
    gegen = options.sonderpunkte.gegen
    if winner is KONTRA and gegen:
        items.append(BreakdownItem("gegen", gegen))


def _ddv_items(
    winner: Party, augen_re: int, statements: _Statements, items: list[BreakdownItem]
) -> None:
    """DDV option: the winner's points against the loser's Absagen, less the loser's against
    the winner's."""
    augen_kontra = TOTAL_AUGEN - augen_re
    if winner is RE:
        winner_augen, loser_augen = augen_re, augen_kontra
        winner_absage, loser_absage = statements.absage_re, statements.absage_kontra
    else:
        winner_augen, loser_augen = augen_kontra, augen_re
        winner_absage, loser_absage = statements.absage_kontra, statements.absage_re
    items.extend(_ddv_points(winner_augen, loser_absage))
    items.extend(BreakdownItem(key, -1) for key, _ in _ddv_points(loser_augen, winner_absage))


def _tie_winner(statements: _Statements, tie_120: str) -> Party | None:
    """Who wins 120:120 without any Absage (CLUBRULES.md §4.2)."""
    if tie_120 == "nobody":
        return None
    if tie_120 == "ddv" and statements.kontra_said and not statements.re_said:
        return RE
    return KONTRA


def _doubled(items: list[BreakdownItem], statements: _Statements) -> None:
    """``ansagen: "double"``: one item per counted call, worth the running value before it,
    so the value doubles with each (CLUBRULES.md §4.1)."""
    running = 0
    for item in items:
        running += item.points
    for call in _called(statements):
        items.append(BreakdownItem(_DOUBLE_KEYS[call], running))
        running *= 2


def value_game(record: CalculatorRecord, options: ScoringOptions) -> Valuation:
    """Winner (§3) and value V with its breakdown (§4) of a calculator record."""
    augen_re = record.augen_re
    augen_kontra = TOTAL_AUGEN - augen_re
    re_no_trick = record.schwarz is RE
    kontra_no_trick = record.schwarz is KONTRA
    statements = _read_statements(record, options.pre_lead_counts)
    tie = augen_re == 120
    if tie and not statements.absage_re and not statements.absage_kontra:
        winner = _tie_winner(statements, options.tie_120)
        if winner is None:
            return Valuation(None, None, 0, (), statements.counted)
    else:
        winner = _winner(augen_re, re_no_trick, kontra_no_trick, statements)
    re_specials, kontra_specials = _specials_by_party(record)
    ddv = bool(options.ddv_absage_bonus and (statements.absage_re or statements.absage_kontra))

    if winner is None:
        return _value_nobody_wins(
            augen_re,
            re_no_trick,
            kontra_no_trick,
            re_specials,
            kontra_specials,
            statements.absage_re if ddv else 0,
            statements.absage_kontra if ddv else 0,
            statements.counted,
            options,
        )

    # §4: the value for the winner, its items in the order of the breakdown
    if winner is RE:
        items = levels_reached(augen_kontra, kontra_no_trick)
        winner_specials, loser_specials = re_specials, kontra_specials
    else:
        items = levels_reached(augen_re, re_no_trick)
        winner_specials, loser_specials = kontra_specials, re_specials
    if not tie or options.tie_120 != "kontra":
        items.insert(0, _WON_120)
    _statement_items(statements, items, options.ansagen)
    _solo_items(record.kind, winner, items, options)
    _sonderpunkte(winner_specials, 1, items, options)
    if ddv:
        _ddv_items(winner, augen_re, statements, items)
    _sonderpunkte(loser_specials, -1, items, options)
    if options.ansagen == "double":
        _doubled(items, statements)
    value = 0
    for item in items:
        value += item.points
    return Valuation(winner, winner, value, tuple(items), statements.counted)


def _value_nobody_wins(
    augen_re: int,
    re_no_trick: bool,
    kontra_no_trick: bool,
    re_specials: dict[Special, int],
    kontra_specials: dict[Special, int],
    ddv_absage_re: int,
    ddv_absage_kontra: int,
    counted_statement: bool,
    options: ScoringOptions,
) -> Valuation:
    """§3.4: both parties missed their Absagen. Levels, Sonderpunkte (and with the DDV option its
    points, passed as the Absage levels or 0) are netted and credited to the party ahead; "120",
    statements, Absagen, type points, "verloren" and "Gegen" are void."""
    augen_kontra = TOTAL_AUGEN - augen_re
    earned_re = levels_reached(augen_kontra, kontra_no_trick)
    earned_kontra = levels_reached(augen_re, re_no_trick)
    _sonderpunkte(re_specials, 1, earned_re, options)
    _sonderpunkte(kontra_specials, 1, earned_kontra, options)
    earned_re.extend(_ddv_points(augen_re, ddv_absage_kontra))
    earned_kontra.extend(_ddv_points(augen_kontra, ddv_absage_re))
    net = sum(i.points for i in earned_re) - sum(i.points for i in earned_kontra)
    ahead, behind = (earned_re, earned_kontra) if net >= 0 else (earned_kontra, earned_re)
    items = ahead + [BreakdownItem(i.key, -i.points) for i in behind]
    credited = None if net == 0 else RE if net > 0 else KONTRA
    return Valuation(None, credited, abs(net), tuple(items), counted_statement)

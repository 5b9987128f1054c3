"""The count-down engine's results as every ruleset gives them (:mod:`rules.rows`).

The engine keeps its own types (:class:`~rules.countdown.sheet.CountdownSheet` with its
:class:`~rules.countdown.sheet.SheetDeal`); only this module converts:

- **Row kind**: every row is a :data:`~rules.rows.DEAL`.
- **Row label**: "Spiel 3 · Partie 2" — the deal's number in the round and its Partie.
- **Points of a row** (what the score lines store and the standings sum): a deal changes the
  seats' scores ("Stand"), but the evening counts Partiepunkte (§8.4). So a row's ``points`` are
  the **Partiepunkte** of the Partie it ends — the deal that ended a Partie, or the last deal of
  a complete round when its Partie is cut (§8.3) — and 0 on every other deal; ``plus`` are that
  Partie's winners. The sheet's running ``totals`` are therefore the Partiepunkte so far, the
  standings' ``total`` is Partiepunkte and its "rows won" are Partien gewonnen.
- **Stand**: the seats' scores after the deal are the row's ``breakdown`` as ``stand.<seat>``
  items; **Partie end**: the row's ``winner`` is :data:`ENDED` (the Partie ended), :data:`CUT`
  (cut and counted) or :data:`VOID` (cut with fewer than n deals: counts nothing) — so the stored
  rows say where a Partie ended and its final scores (the Restpunkte) without scoring again.
- ``game_type`` is the colour that scores, ``<colour>_blind`` for Gelb called blind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.countdown.deal import DealResult
from rules.countdown.partie import PartieResult
from rules.countdown.sheet import CountdownSheet, SheetIssue
from rules.rows import DEAL, RowRefusal, RowResult, SheetResult

ENDED = "ende"
CUT = "abbr"
VOID = "void"
PARTIE_ENDS = (ENDED, CUT, VOID)
STAND = "stand."
METHOD = "deal"

_LABELS: dict[str, tuple[str, str]] = {
    "deal": ("Spiel {number} · Partie {partie}", "Deal {number} · Partie {partie}"),
    "plain": ("Spiel {number}", "Deal {number}"),
    "stand": ("Stand Platz {seat}", "Score seat {seat}"),
}

COLOURS: dict[str, tuple[str, str]] = {
    "gelb": ("Gelb", "Yellow"),
    "rot": ("Rot", "Red"),
    "blau": ("Blau", "Blue"),
    "gruen": ("Grün", "Green"),
    "karo": ("Karo", "Diamonds"),
    "herz": ("Herz", "Hearts"),
    "pik": ("Pik", "Spades"),
    "kreuz": ("Kreuz", "Clubs"),
}
_BLIND = (" blind", " blind")


def english(lang: str | None) -> bool:
    return bool(lang) and str(lang).replace("_", "-").split("-", 1)[0].lower() == "en"


def say(pair: tuple[str, str], lang: str | None, **params: Any) -> str:
    return (pair[1] if english(lang) else pair[0]).format(**params)


def partie_of(number: int, row: Any, rows_before: Sequence[Any]) -> int | None:
    """The Partie of row ``number`` as its records say (a new one opens with ``deal`` 1);
    ``None`` for a row not entered yet, whose Partie depends on the scores."""
    if not isinstance(row, Mapping):
        return None
    opened = sum(
        1 for before in rows_before[: number - 1] if isinstance(before, Mapping) and _first(before)
    )
    return max(1, opened + (1 if _first(row) and opened else 0))


def _first(row: Mapping[str, Any]) -> bool:
    deal = row.get("deal")
    return type(deal) is int and deal == 1


def row_label(number: int, row: Any, rows_before: Sequence[Any], lang: str | None = "de") -> str:
    partie = partie_of(number, row, rows_before)
    if partie is None:
        return say(_LABELS["plain"], lang, number=number)
    return say(_LABELS["deal"], lang, number=number, partie=partie)


def stand_label(key: str, lang: str | None = "de") -> str:
    if key.startswith(STAND) and key[len(STAND) :].isdigit():
        return say(_LABELS["stand"], lang, seat=int(key[len(STAND) :]))
    return key


def game_type(result: DealResult) -> str:
    colour = result.deal.scoring_colour
    return f"{colour}_blind" if result.deal.blind else colour


def game_type_label(code: str, lang: str | None = "de") -> str:
    colour, _, blind = code.partition("_")
    if colour not in COLOURS:
        return ""
    return say(COLOURS[colour], lang) + (say(_BLIND, lang) if blind == "blind" else "")


def refusal(issue: SheetIssue, lang: str | None = "de") -> RowRefusal:
    return RowRefusal(issue.game, issue.field, issue.message(lang), issue.code, dict(issue.params))


def deal_row(result: DealResult, *, number: int = 0, label: str = "") -> RowResult:
    """One deal scored on its own (the calculator): the changes and the scores after it."""
    return RowResult(
        number=number,
        kind=DEAL,
        label=label,
        dealer=result.deal.dealer,
        sitter=result.deal.sitter,
        points=dict(result.changes),
        totals=dict(result.scores),
        counted=True,
        breakdown=_stand(result.scores),
        game_type=game_type(result),
        method=METHOD,
    )


def _stand(scores: Mapping[int, int]) -> tuple[tuple[str, int], ...]:
    return tuple((f"{STAND}{seat}", score) for seat, score in sorted(scores.items()))


def sheet_result(
    sheet: CountdownSheet, size: int, sitter: Callable[[int], int | None], lang: str | None = "de"
) -> SheetResult:
    """A scored count-down sheet as every ruleset gives it (see the module docstring)."""
    running = dict.fromkeys(range(1, size + 1), 0)
    parties = sheet.round.parties
    last_counted = max((deal.game for deal in sheet.games if deal.counted), default=0)
    results: list[RowResult] = []
    for deal in sheet.games:
        if deal.result is None:
            results.append(
                RowResult(
                    number=deal.game,
                    kind=DEAL,
                    label=say(_LABELS["plain"], lang, number=deal.game),
                    dealer=deal.dealer,
                    sitter=deal.sitting_out,
                    points={},
                    totals=dict(running),
                    counted=False,
                    refusals=tuple(refusal(issue, lang) for issue in deal.issues),
                )
            )
            continue
        end, marker = _end_of(deal.partie_end, deal.game, last_counted, sheet, parties)
        points = dict.fromkeys(range(1, size + 1), 0)
        plus: tuple[int, ...] = ()
        if end is not None and end.partiepunkte is not None:
            points = dict(end.partiepunkte)
            plus = tuple(end.winners)
        for seat, value in points.items():
            running[seat] += value
        results.append(
            RowResult(
                number=deal.game,
                kind=DEAL,
                label=say(_LABELS["deal"], lang, number=deal.game, partie=deal.partie),
                dealer=deal.dealer,
                sitter=deal.sitting_out,
                points=points,
                totals=dict(running),
                counted=True,
                plus=plus,
                breakdown=_stand(deal.totals),
                game_type=game_type(deal.result),
                method=METHOD,
                winner=marker,
                partie=deal.partie,
            )
        )
    complete = sheet.ok and sheet.round.complete
    next_dealer = len(sheet.games) % size + 1
    return SheetResult(
        rows=tuple(results),
        totals=dict(running),
        issues=tuple(refusal(issue, lang) for issue in sheet.issues),
        complete=complete,
        next_dealer=None if complete else next_dealer,
        next_sitter=None if complete else sitter(next_dealer),
    )


def _end_of(
    ended: PartieResult | None,
    number: int,
    last_counted: int,
    sheet: CountdownSheet,
    parties: Sequence[PartieResult],
) -> tuple[PartieResult | None, str]:
    """The Partie this row ends and its marker: the deal that ended it, or the last deal of a
    complete round whose Partie is cut (counted, or void below n deals)."""
    if ended is not None:
        return ended, ENDED
    if sheet.ok and sheet.round.complete and number == last_counted and parties:
        cut = parties[-1]
        if cut.aborted:
            return cut, VOID if cut.void else CUT
    return None, ""


_PRINTED: dict[str, tuple[str, str]] = {
    "out": ("aus", "out"),
    "cut": ("{winners} Abbr.", "{winners} cut"),
    "void": ("ungewertet", "void"),
}


def printed_number(value: Any) -> str:
    """A score as printed: "−3" with a real minus sign, as the phone shows it."""
    return f"−{-value}" if type(value) is int and value < 0 else str(value)


def sheet_cells(row: Any, result: Mapping[str, Any], lang: str | None = "de") -> dict[str, str]:
    """A filled printed row (§8.6): the deal's number in its Partie, the trump (with "blind"
    and the changes), per seat the tricks or "aus" and the new Stand, and the Partie's winners
    on the row that ends it (cut: marked; void: says so)."""
    if not isinstance(row, Mapping):
        return {}
    cells: dict[str, str] = {}
    deal = row.get("deal")
    if type(deal) is int:
        cells["deal"] = str(deal)
    colours = [row.get("trump"), *(row.get("trump_changes") or ())]
    shown = [say(COLOURS[colour], lang) for colour in colours if colour in COLOURS]
    if shown:
        cells["trump"] = " → ".join(shown) + (say(_BLIND, lang) if row.get("blind") else "")
    tricks = row.get("tricks")
    if isinstance(tricks, Mapping):
        for seat, count in tricks.items():
            cells[f"tricks.{seat}"] = str(count)
    for seat in row.get("out") or ():
        cells[f"tricks.{seat}"] = say(_PRINTED["out"], lang)
    for key, score in result.get("breakdown") or ():
        if isinstance(key, str) and key.startswith(STAND):
            cells[f"stand.{key[len(STAND) :]}"] = printed_number(score)
    # Compact ("2+3+4"), so that the winners of a cut Partie fit the printed column.
    winners = "+".join(str(seat) for seat in result.get("plus") or ())
    marker = result.get("winner")
    if marker == ENDED:
        cells["partie_winners"] = winners
    elif marker == CUT:
        cells["partie_winners"] = say(_PRINTED["cut"], lang, winners=winners)
    elif marker == VOID:
        cells["partie_winners"] = say(_PRINTED["void"], lang)
    return cells

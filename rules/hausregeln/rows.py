"""The engine's results as every ruleset gives them (:mod:`rules.rows`): a :class:`GameResult`
becomes a :class:`RowResult`, a :class:`SheetScore` a :class:`SheetResult`. The engine keeps its
own types; only the adapter (:mod:`rules.hausregeln.ruleset`) converts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.hausregeln.entry_forms import row_label
from rules.hausregeln.result import GameResult
from rules.hausregeln.sheet import SheetIssue, SheetScore
from rules.hausregeln.vocabulary import ONE_RE_KIND_VALUES, EntryMethod
from rules.rows import GAME, RowRefusal, RowResult, RowWarning, SheetResult


def soloist_of(record: Any, points: Mapping[int, int]) -> int | None:
    """The seat that played alone: the single Re seat of a one-Re kind, or the +3V/−3V seat of
    a direct entry."""
    if not isinstance(record, Mapping):
        return None
    if "points" in record:
        active = {seat: p for seat, p in points.items() if seat != record.get("sitting_out")}
        for seat, value in active.items():
            others = [p for s, p in active.items() if s != seat]
            if value and all(p * -3 == value for p in others):
                return seat
        return None
    soloists = record.get("re")
    if record.get("kind") in ONE_RE_KIND_VALUES and isinstance(soloists, list) and soloists:
        return soloists[0]
    return None


def _game_type(result: GameResult) -> str:
    """The stored "Art" of a row: the kind, or ``schmeissen`` for a Schmeißen row."""
    if result.method is EntryMethod.SCHMEISSEN:
        return EntryMethod.SCHMEISSEN.value
    return result.kind.value if result.kind is not None else ""


def refusal(issue: SheetIssue, lang: str) -> RowRefusal:
    return RowRefusal(issue.game, issue.field, issue.message(lang), issue.code, dict(issue.params))


def row_result(
    result: GameResult,
    record: Any,
    *,
    number: int = 0,
    seat: int | None = None,
    totals: Mapping[int, int] | None = None,
    counted: bool = True,
    lang: str = "de",
) -> RowResult:
    """One scored game as a row of any ruleset."""
    return RowResult(
        number=number,
        kind=GAME,
        label=row_label(number, lang) if number else "",
        dealer=seat,
        sitter=result.sitting_out,
        points=dict(result.points),
        totals=dict(totals if totals is not None else result.points),
        counted=counted,
        warnings=tuple(RowWarning(w.code, w.message(lang)) for w in result.warnings),
        plus=tuple(result.plus),
        soloist=soloist_of(record, result.points),
        value=result.value,
        breakdown=tuple((item.key, item.points) for item in result.breakdown),
        game_type=_game_type(result),
        method=result.method.value,
        winner=result.winner.value if result.winner is not None else "",
    )


def sheet_result(
    score: SheetScore, rows: Any, table_size: int, length: int, lang: str = "de"
) -> SheetResult:
    """A scored sheet as every ruleset gives it."""
    results = []
    for game, record in zip(score.games, rows, strict=True):
        refusals = tuple(refusal(issue, lang) for issue in game.issues)
        if game.result is not None:
            row = row_result(
                game.result,
                record,
                number=game.game,
                seat=game.dealer,
                totals=game.totals,
                counted=game.counted,
                lang=lang,
            )
            if refusals:
                row = replace(row, refusals=refusals)
        else:
            sitting = record.get("sitting_out") if isinstance(record, Mapping) else None
            row = RowResult(
                number=game.game,
                kind=GAME,
                label=row_label(game.game, lang),
                dealer=game.dealer,
                sitter=sitting if table_size == 5 and isinstance(sitting, int) else None,
                points={},
                totals=dict(game.totals),
                counted=False,
                refusals=refusals,
            )
        results.append(row)
    complete = score.played >= length
    next_dealer = None if complete else score.next_dealer
    return SheetResult(
        rows=tuple(results),
        totals=dict(score.totals),
        issues=tuple(refusal(issue, lang) for issue in score.issues),
        complete=complete,
        next_dealer=next_dealer,
        next_sitter=next_dealer if table_size == 5 else None,
    )

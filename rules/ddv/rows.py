"""The DDV engine's results as every ruleset gives them (:mod:`rules.rows`).

The engine keeps its own types (:class:`~rules.ddv.result.GameResult`,
:class:`~rules.ddv.round.RoundScore` with its :class:`~rules.ddv.round.RowScore` and
:class:`~rules.ddv.round.RowIssue`); only this module converts:

- **Row kind**: a penalty line that is not a game (geringfügig, unsportlich, schwerwiegend
  "nicht gespielt") is :data:`~rules.rows.PENALTY`; a game and a penalty "als gespielt
  gewertet" (schwerwiegend by an opponent in the solo phase, DDV.md §6, §9.6) are
  :data:`~rules.rows.GAME`.
- **Row label**: "Spiel 7" (the game's number in the round, not the row's), "Spiel 7 · Strafe"
  for a penalty counted as the game, "Strafe" for a penalty line.
- A row's **warnings** are the Spielliste's checks (§9.9) raised on it; their stored code is the
  message key, :func:`warning_text` says it without the row's numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.ddv.messages import translate
from rules.ddv.result import GameResult
from rules.ddv.round import RoundScore, RowIssue
from rules.ddv.vocabulary import ANNOUNCED_SOLOS
from rules.rows import GAME, PENALTY, RowRefusal, RowResult, RowWarning, SheetResult

#: Announced solos, hochzeit_allein and stilles_solo with ``solo_known`` are the solo phase.
_SOLO_KNOWN = frozenset({"hochzeit_allein", "stilles_solo"})
_ANNOUNCED = frozenset(kind.value for kind in ANNOUNCED_SOLOS)

_LABELS: dict[str, tuple[str, str]] = {
    "game": ("Spiel {number}", "Game {number}"),
    "played_penalty": ("Spiel {number} · Strafe", "Game {number} · penalty"),
    "penalty": ("Strafe", "Penalty"),
}

#: The Spielliste's warnings without the row's numbers (a stored code read back).
_WARNINGS: dict[str, tuple[str, str]] = {
    "warning_row_sum": (
        "Die Punkte der Zeile ergeben nicht 0.",
        "The row's points do not sum to 0.",
    ),
    "warning_parity": (
        "Die Summen sind nicht mehr alle gerade oder alle ungerade (Gerade-Ungerade-Regel).",
        "The totals are no longer all even or all odd (Gerade-Ungerade rule).",
    ),
}


def _english(lang: str | None) -> bool:
    return bool(lang) and str(lang).replace("_", "-").split("-", 1)[0].lower() == "en"


def _text(table: Mapping[str, tuple[str, str]], key: str, lang: str | None, **params: Any) -> str:
    german, english = table[key]
    return (english if _english(lang) else german).format(**params)


def counts_as_played(row: Any) -> bool:
    """Whether a row with a ``penalty`` is the game itself (§6: schwerwiegend by an opponent of
    the soloist in the solo phase). Read from the raw row: a refused line is judged as typed."""
    penalty = row.get("penalty") if isinstance(row, Mapping) else None
    if not isinstance(penalty, Mapping) or penalty.get("severity") != "schwerwiegend":
        return False
    kind = row.get("kind")
    solo_phase = kind in _ANNOUNCED or (kind in _SOLO_KNOWN and penalty.get("solo_known") is True)
    re = row.get("re")
    soloist = re[0] if isinstance(re, list) and len(re) == 1 else None
    return solo_phase and soloist is not None and penalty.get("offender") != soloist


def row_kind(row: Any) -> str:
    if isinstance(row, Mapping) and row.get("penalty") is not None:
        return GAME if counts_as_played(row) else PENALTY
    return GAME


def row_label(kind: str, game: int, row: Any, lang: str | None = "de") -> str:
    """The label of a row of ``kind`` that is game ``game`` of the round (if a game)."""
    if kind == PENALTY:
        return _text(_LABELS, "penalty", lang)
    if isinstance(row, Mapping) and row.get("penalty") is not None:
        return _text(_LABELS, "played_penalty", lang, number=game)
    return _text(_LABELS, "game", lang, number=game)


def warning_text(code: str, lang: str | None = "de") -> str:
    return _text(_WARNINGS, code, lang) if code in _WARNINGS else code


def refusal(issue: RowIssue, lang: str | None = "de") -> RowRefusal:
    return RowRefusal(issue.game, issue.field, issue.message(lang), issue.code, dict(issue.params))


def row_result(
    result: GameResult,
    *,
    number: int = 0,
    kind: str = GAME,
    label: str = "",
    dealer: int | None = None,
    sitter: int | None = None,
    totals: Mapping[int, int] | None = None,
    counted: bool = True,
    warnings: tuple[RowWarning, ...] = (),
) -> RowResult:
    """One scored DDV row as a row of any ruleset."""
    return RowResult(
        number=number,
        kind=kind,
        label=label,
        dealer=dealer,
        sitter=sitter,
        points=dict(result.points),
        totals=dict(totals if totals is not None else result.points),
        counted=counted,
        warnings=warnings,
        plus=tuple(result.plus),
        soloist=result.soloist,
        value=result.value,
        breakdown=tuple((item.key, item.points) for item in result.breakdown),
        game_type=result.kind.value if result.kind is not None else "",
        method=result.method.value,
        winner=result.winner.value if result.winner is not None else "",
    )


def sheet_result(
    scored: RoundScore,
    rows: Sequence[Any],
    complete: bool,
    lang: str | None = "de",
) -> SheetResult:
    """A scored DDV sheet as every ruleset gives it; ``complete`` is the round's own verdict."""
    warnings: dict[int, list[RowWarning]] = {}
    for number, code, params in scored.warnings:
        warnings.setdefault(number, []).append(RowWarning(code, translate(code, lang, **params)))
    results: list[RowResult] = []
    games = 0
    for row, raw in zip(scored.games, rows, strict=True):
        refusals = tuple(refusal(issue, lang) for issue in row.issues)
        if row.result is not None:
            kind = GAME if row.number is not None else PENALTY
        else:
            kind = row_kind(raw)
        game = row.number if row.number is not None else games + 1
        if kind == GAME:
            games = game
        label = row_label(kind, game, raw, lang)
        if row.result is None:
            results.append(
                RowResult(
                    number=row.game,
                    kind=kind,
                    label=label,
                    dealer=row.dealer,
                    sitter=row.sitter,
                    points={},
                    totals=dict(row.totals),
                    counted=False,
                    refusals=refusals,
                )
            )
            continue
        results.append(
            row_result(
                row.result,
                number=row.game,
                kind=kind,
                label=label,
                dealer=row.dealer,
                sitter=row.sitter,
                totals=row.totals,
                counted=row.counted,
                warnings=tuple(warnings.get(row.game, ())),
            )
        )
    state = scored.state
    return SheetResult(
        rows=tuple(results),
        totals=dict(scored.totals),
        issues=tuple(refusal(issue, lang) for issue in scored.issues),
        complete=complete,
        next_dealer=None if complete else state.dealer,
        next_sitter=None if complete else state.sitter,
    )

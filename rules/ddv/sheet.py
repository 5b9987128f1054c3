"""The sheet JSON of DDV.md §9.7 and ``score_round``'s answer; the sheet refusals of §9.8.

```json
{"table_size": 4, "games_per_round": 24, "time_up_after": null, "finished": true, "rows": [...]}
```
``games_per_round`` defaults to the tournament's options (24 / 30 by the TSR), ``time_up_after``
to null, ``finished`` to true (a Spielliste handed in; ``false`` for a sheet in progress skips
the end-of-round checks). The answer: ``totals``, ``rows`` (``game``, ``dealer``, ``rubrik``,
``points``, ``plus``, ``value``, ``winner``), ``pflichtsolo``, ``next_dealer``, ``games``,
``warnings`` — or the first refusal as ``{"error": {"field", "message"}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ddv.errors import DdvRefused, shown
from rules.ddv.fields import as_bool, as_int, as_list, check_keys
from rules.ddv.messages import translate
from rules.ddv.options import DEFAULT_OPTIONS, DdvOptions
from rules.ddv.round import RoundScore, score_rows

SHEET_FIELDS = frozenset({"table_size", "games_per_round", "time_up_after", "finished", "rows"})
#: The most rows a sheet may hold: 30 games plus penalty lines.
MAX_ROWS = 200


def score_round(
    sheet: Any, options: DdvOptions = DEFAULT_OPTIONS, lang: str | None = "de"
) -> dict[str, Any]:
    """The §9.7 answer for one sheet; :class:`DdvRefused` (field path into the sheet) when
    refused."""
    if not isinstance(sheet, Mapping):
        raise DdvRefused(None, "sheet_not_object", got=shown(sheet))
    check_keys(sheet, SHEET_FIELDS)
    size = sheet.get("table_size", 4)
    if type(size) is not int:
        raise DdvRefused("table_size", "not_int", got=shown(size))
    if size not in (4, 5):
        raise DdvRefused("table_size", "table_size_invalid", got=shown(size))
    games_per_round = sheet.get("games_per_round")
    if games_per_round is None:
        games_per_round = options.games(size)
    games_per_round = as_int(games_per_round, "games_per_round")
    if not size <= games_per_round <= MAX_ROWS:
        raise DdvRefused(
            "games_per_round", "games_per_round_range", seats=size, got=shown(games_per_round)
        )
    time_up = sheet.get("time_up_after")
    if time_up is not None:
        time_up = as_int(time_up, "time_up_after")
        if not 0 <= time_up <= games_per_round:
            raise DdvRefused(
                "time_up_after", "time_up_range", got=shown(time_up), games=games_per_round
            )
    finished = as_bool(sheet.get("finished", True), "finished")
    rows = as_list(sheet.get("rows"), "rows") if sheet.get("rows") is not None else []
    if len(rows) > MAX_ROWS:
        raise DdvRefused("rows", "too_many_rows", limit=MAX_ROWS)
    scored = score_rows(rows, size, games_per_round, time_up, options.absage_implies_ansage)
    if scored.issues:
        issue = scored.issues[0]
        raise DdvRefused(issue.path(), issue.code, **issue.params)
    state = scored.state
    # In progress, time may be called while the next game (not yet entered) is played.
    if time_up is not None and time_up > state.games + (0 if finished else 1):
        raise DdvRefused("time_up_after", "time_up_beyond", got=time_up, have=state.games)
    if finished:
        check_finished(scored, games_per_round, time_up)
    return round_json(scored, lang)


def check_finished(scored: RoundScore, games_per_round: int, time_up: int | None) -> None:
    """A Spielliste handed in: every game played (or time called) and every Pflichtsolo."""
    state = scored.state
    if time_up is None and state.games != games_per_round:
        raise DdvRefused("rows", "games_count", games=games_per_round, got=state.games)
    if time_up is not None and state.games < time_up:
        raise DdvRefused("rows", "games_count_time", after=time_up, got=state.games)
    if state.owing:
        raise DdvRefused("rows", "pflicht_missing", seats=", ".join(map(str, state.owing)))


def round_json(scored: RoundScore, lang: str | None = "de") -> dict[str, Any]:
    rows = []
    for row in scored.games:
        result = row.result
        assert result is not None and row.rubrik is not None
        rows.append(
            {
                "game": row.number,
                "dealer": row.dealer,
                "rubrik": row.rubrik.value,
                "points": {str(seat): p for seat, p in result.points.items()},
                "plus": list(result.plus),
                "value": result.value,
                "winner": None if result.winner is None else result.winner.value,
            }
        )
    return {
        "totals": {str(seat): total for seat, total in scored.totals.items()},
        "rows": rows,
        "pflichtsolo": {str(seat): game for seat, game in scored.state.pflicht.items()},
        "next_dealer": scored.next_dealer,
        "games": scored.state.games,
        "warnings": [
            {"field": f"rows[{row - 1}]", "message": translate(code, lang, **params)}
            for row, code, params in scored.warnings
        ],
    }

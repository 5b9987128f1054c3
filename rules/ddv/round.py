"""Scoring the rows of one round's sheet in order (DDV.md §9.2–§9.6, §9.8 row refusals).

Every row is a record of §7 with ``kind`` required; the sheet fills in ``table_size`` and, at
five, ``sitting_out`` (the dealer). A row that counts as a game (every game row, and a serious
penalty that counts the solo as played) is checked against the round: its number, the time
limit, the Vorführung, Pflicht/Lust. Penalty lines that are not games neither count nor move
the deal. A refused row is reported and skipped (later rows are scored against the rows that
were accepted), so a form can mark every bad row at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.ddv.deal import DealState
from rules.ddv.engine import score_record
from rules.ddv.errors import DdvRefused, shown
from rules.ddv.messages import translate
from rules.ddv.parsing import parse_common, parse_re, parse_record
from rules.ddv.points import fits_kind
from rules.ddv.records import DirectPoints, Penalty, Record
from rules.ddv.result import GameResult
from rules.ddv.vocabulary import SOLO_MODE_BY_VALUE, Rubrik, SoloMode


@dataclass(frozen=True, slots=True)
class RowIssue:
    """A refusal of row ``game`` (1-based row number), its field inside the row."""

    game: int
    field: str | None
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str | None = "de") -> str:
        return translate(self.code, lang, field=self.field, **self.params)

    def path(self) -> str:
        """The field in a sheet document: ``rows[3].dealer``."""
        prefix = f"rows[{self.game - 1}]"
        return prefix if not self.field else f"{prefix}.{self.field}"


@dataclass(frozen=True, slots=True)
class RowScore:
    """One row of a scored sheet (attributes as the house rules' ``SheetGame``)."""

    game: int  # the row number, 1-based
    number: int | None  # the game number, None for a penalty line that is not a game
    dealer: int
    sitter: int | None
    rubrik: Rubrik | None
    result: GameResult | None
    counted: bool
    totals: dict[int, int]
    issues: tuple[RowIssue, ...]


@dataclass(slots=True)
class RoundScore:
    games: list[RowScore]
    totals: dict[int, int]
    issues: list[RowIssue]
    state: DealState
    warnings: list[tuple[int, str, dict[str, Any]]]

    @property
    def ok(self) -> bool:
        return not self.issues

    @property
    def next_dealer(self) -> int:
        return self.state.dealer

    def warning_messages(self, lang: str | None = "de") -> list[tuple[int, str]]:
        """The Spielliste's checks (§9.9) as (row number, message), in row order."""
        return [(row, translate(code, lang, **params)) for row, code, params in self.warnings]


def complete_row(raw: Any, state: DealState) -> Any:
    """The row with the sheet's ``table_size`` and, at five, the dealer sitting out."""
    if not isinstance(raw, Mapping):
        return raw
    row = dict(raw)
    row.setdefault("table_size", state.table_size)
    if state.table_size == 5 and row.get("sitting_out") is None:
        row["sitting_out"] = state.dealer
    return row


def score_rows(
    rows: Sequence[Any],
    table_size: int,
    games_per_round: int,
    time_up_after: int | None = None,
    imply_ansage: bool = False,
) -> RoundScore:
    state = DealState(table_size, games_per_round, time_up_after)
    totals = dict.fromkeys(range(1, table_size + 1), 0)
    games: list[RowScore] = []
    issues: list[RowIssue] = []
    warnings: list[tuple[int, str, dict[str, Any]]] = []
    parity_ok = True
    for index, raw in enumerate(rows):
        number = index + 1
        dealer, sitter = state.dealer, state.sitter
        try:
            result, record = _check_row(raw, state, imply_ansage)
        except DdvRefused as error:
            issue = RowIssue(number, error.field, error.code, dict(error.params))
            issues.append(issue)
            games.append(
                RowScore(number, None, dealer, sitter, None, None, False, dict(totals), (issue,))
            )
            _play_refused(raw, state)
            continue
        game_number, rubrik = _play(record, result, state)
        for seat, points in result.points.items():
            totals[seat] += points
        row_sum = sum(result.points.values())
        if row_sum and not result.punktabzug:
            warnings.append((number, "warning_row_sum", {"row": number, "sum": row_sum}))
        if table_size == 4:
            parity = len({total % 2 for total in totals.values()}) == 1
            if parity_ok and not parity:
                warnings.append((number, "warning_parity", {"row": number}))
            parity_ok = parity
        games.append(
            RowScore(number, game_number, dealer, sitter, rubrik, result, True, dict(totals), ())
        )
    return RoundScore(games, totals, issues, state, warnings)


def _check_row(raw: Any, state: DealState, imply_ansage: bool) -> tuple[GameResult, Record]:
    if not isinstance(raw, Mapping):
        raise DdvRefused(None, "record_not_object", got=shown(raw))
    if raw.get("kind") is None:
        raise DdvRefused("kind", "kind_missing")
    size = raw.get("table_size")
    if type(size) is int and size in (4, 5) and size != state.table_size:
        raise DdvRefused("table_size", "table_size_differs", got=size, table_size=state.table_size)
    dealer = state.dealer
    sitting_out = raw.get("sitting_out")
    five = state.table_size == 5 and type(sitting_out) is int and 1 <= sitting_out <= 5
    if five and sitting_out != dealer:
        raise DdvRefused("sitting_out", "sitting_out_not_dealer", dealer=dealer, got=sitting_out)
    record = parse_record(complete_row(raw, state), imply_ansage)
    if "dealer" in raw:
        given = raw["dealer"]
        if type(given) is not int:
            raise DdvRefused("dealer", "not_int", got=shown(given))
        if given != dealer:
            raise DdvRefused(
                "dealer", "dealer_wrong", game=state.games + 1, dealer=dealer, got=given
            )
    if isinstance(record, DirectPoints):
        record = _check_direct(complete_row(raw, state), record)
    result = score_record(record)
    if result.counts_as_game:
        _check_game(record, result, state)
    return result, record


def _check_direct(raw: Mapping[str, Any], record: DirectPoints) -> DirectPoints:
    """On a sheet, direct points need their kind (and, for a solo, the soloist and the mode)
    and must fit it: team kinds ``+V,+V,−V,−V``, one-Re kinds the soloist at 3×."""
    common = parse_common(raw)
    re = None if common.kind.team else parse_re(raw, common.kind, record.table)
    if not fits_kind(record, common.kind, re):
        active = [record.points[seat] for seat in record.table.active]
        raise DdvRefused("points", "points_kind", got=shown(active), kind=common.kind.value)
    return DirectPoints(record.table, record.points, common.kind, common.solo_mode, re)


def _kind_and_mode(record: Record) -> tuple[Any, SoloMode | None]:
    if isinstance(record, DirectPoints):
        return record.kind, record.solo_mode
    return record.common.kind, record.common.solo_mode


def _check_game(record: Record, result: GameResult, state: DealState) -> None:
    n = state.games + 1
    if n > state.games_per_round:
        raise DdvRefused(None, "beyond_round", games=state.games_per_round)
    owing = state.owing
    if len(owing) > state.left:
        raise DdvRefused(None, "pflicht_impossible", owing=len(owing), left=state.left)
    kind, mode = _kind_and_mode(record)
    if state.time_up and (not owing or not kind.announced_solo):
        raise DdvRefused(None, "after_time", after=state.time_up_after)
    if kind.announced_solo and mode is None:
        raise DdvRefused("solo_mode", "solo_mode_missing")
    soloist = result.soloist
    designated = state.designated
    if designated is not None:
        if mode is not SoloMode.VORFUEHRUNG or soloist != designated:
            raise DdvRefused("solo_mode", "vorfuehrung_due", seat=designated)
    elif mode is SoloMode.VORFUEHRUNG:
        raise DdvRefused("solo_mode", "vorfuehrung_not_due")
    if mode is SoloMode.PFLICHT and soloist is not None and soloist not in owing:
        raise DdvRefused("solo_mode", "pflicht_twice", seat=soloist, game=state.pflicht[soloist])
    if mode is SoloMode.LUST and soloist in owing:
        raise DdvRefused("solo_mode", "lust_before_pflicht", seat=soloist)


def _play(record: Record, result: GameResult, state: DealState) -> tuple[int | None, Rubrik]:
    if not result.counts_as_game:
        return None, Rubrik.STRAFE
    _kind, mode = _kind_and_mode(record)
    state.play(mode, result.soloist)
    if isinstance(record, Penalty):
        return state.games, Rubrik.STRAFE
    if mode in (SoloMode.PFLICHT, SoloMode.VORFUEHRUNG):
        return state.games, Rubrik.PFLICHTSOLO
    return state.games, Rubrik.NORMALSPIEL


def _play_refused(raw: Any, state: DealState) -> None:
    """A refused game row was still played: move the deal (and note a Pflichtsolo) as its
    entry says, so that one wrong entry does not make every later dealer wrong. A refused
    penalty line, a row beyond the round or after the time is up moves nothing."""
    if not isinstance(raw, Mapping) or raw.get("penalty") is not None:
        return
    if state.games >= state.games_per_round or (state.time_up and not state.owing):
        return
    given = raw.get("solo_mode")
    mode = SOLO_MODE_BY_VALUE.get(given) if type(given) is str else None
    re = raw.get("re")
    soloist = None
    if isinstance(re, list) and len(re) == 1 and type(re[0]) is int and re[0] in state.pflicht:
        soloist = re[0]
    if mode is SoloMode.PFLICHT and soloist is not None and soloist not in state.owing:
        mode = None
    state.play(mode, soloist)

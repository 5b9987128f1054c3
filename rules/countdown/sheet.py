"""A table's sheet of a round as one flat list of deal rows (COUNTDOWN.md §8.2, §8.6).

The sheet does not mark where a Partie starts: the rows are played in order and the row after
the deal that ended a Partie opens the next one (``deal`` 1 again), as long as the round has at
least n deals left. The first refused row is reported as a :class:`SheetIssue` (its field
relative to the row); later rows are not scored, since their scores depend on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.countdown.deal import DealResult
from rules.countdown.errors import Refusal
from rules.countdown.games import GAMES
from rules.countdown.messages import render
from rules.countdown.options import CountdownOptions
from rules.countdown.partie import PartieResult
from rules.countdown.round import RoundPlay, RoundResult, play_round, round_dealer


@dataclass(frozen=True, slots=True)
class SheetIssue:
    """A refused row ``game`` (1-based), naming the field inside the row like a refusal."""

    game: int
    field: str | None
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str | None = "de") -> str:
        return render(self.code, lang, self.params)


@dataclass(frozen=True, slots=True)
class SheetDeal:
    """One row: its Partie (1-based) and deal in it, the result, whether it counts, the scores
    ("Stand") after it, its issues, and the Partie's result when this deal ended it."""

    game: int
    dealer: int
    sitting_out: int | None
    partie: int
    deal: int
    result: DealResult | None
    counted: bool
    totals: dict[int, int]
    issues: tuple[SheetIssue, ...]
    partie_end: PartieResult | None = None


@dataclass(frozen=True, slots=True)
class CountdownSheet:
    """A scored sheet: every row, the round's result, the Partiepunkte so far per seat
    (``totals``) and the issues."""

    games: tuple[SheetDeal, ...]
    round: RoundResult
    totals: dict[int, int]
    issues: tuple[SheetIssue, ...]

    @property
    def ok(self) -> bool:
        return not self.issues


def score_rows(
    game: str,
    options: CountdownOptions,
    rows: Sequence[Any],
    size: int,
    cycles: int,
    stopped: bool = False,
    stop_after: int | None = None,
) -> CountdownSheet:
    """Play the rows of a sheet in order; the first refused row stops the scoring. With
    ``stop_after`` the organiser stopped the round after that deal (§8.2): no deal may follow,
    and once it is entered the round is complete with its running Partie cut (§8.3)."""
    play = RoundPlay(game, options, size, cycles)
    games: list[SheetDeal] = []
    issues: list[SheetIssue] = []
    for index, row in enumerate(rows):
        number = index + 1
        dealer = round_dealer(index, size)
        sitter = GAMES[game].sitter(dealer, size)
        if issues:
            games.append(SheetDeal(number, dealer, sitter, 0, 0, None, False, {}, ()))
            continue
        try:
            result, partie = _next(play, row, stop_after)
        except Refusal as refusal:
            issue = SheetIssue(number, refusal.field, refusal.code, dict(refusal.params))
            issues.append(issue)
            games.append(SheetDeal(number, dealer, sitter, 0, 0, None, False, {}, (issue,)))
            continue
        current = play.parties[partie - 1]
        end = current.result() if current.finished else None
        games.append(
            SheetDeal(
                number,
                dealer,
                sitter,
                partie,
                current.deals,
                result,
                True,
                dict(result.scores),
                (),
                end,
            )
        )
    if stop_after is not None and not issues and play.deals >= stop_after:
        stopped = True
    complete = stopped or play.over
    outcome = RoundResult(complete, play.deals, play.partie_results(stopped), size)
    totals = {seat: row["partiepunkte"] for seat, row in outcome.totals().items()}
    return CountdownSheet(tuple(games), outcome, totals, tuple(issues))


def _next(play: RoundPlay, row: Any, stop_after: int | None) -> tuple[DealResult, int]:
    if stop_after is not None and play.deals >= stop_after:
        raise Refusal(None, "round_stopped", after=stop_after)
    if play.over:
        raise Refusal(None, "round_over", deals=play.deals)
    current = play.current
    opened = current is None or current.finished
    if opened:
        current = play.open_partie()
    assert current is not None
    try:
        return play.add(current, row), len(play.parties)
    except Refusal:
        if opened:
            play.parties.pop()
        raise


def rows_from_document(
    game: str, options: CountdownOptions, size: int, cycles: int, document: Any
) -> tuple[list[Any], bool]:
    """The flat rows and ``stopped`` of an imported sheet ``{"parties": [[records…], …],
    "stopped": false}`` (``import_sheet`` for a count-down tournament), checked as a round
    first so that a refusal names ``parties[k].records[i].<field>`` (§6.3)."""
    if not isinstance(document, dict):
        raise Refusal(None, "sheet_document")
    for key in sorted(map(str, document)):
        if key not in ("parties", "stopped"):
            raise Refusal(
                key, "unknown_key", key=key[:40], game=GAMES[game].label, known="parties, stopped"
            )
    parties = document.get("parties")
    stopped = document.get("stopped", False)
    play_round(game, options.to_json(), size, parties, cycles, stopped)
    return [record for partie in parties for record in partie], stopped

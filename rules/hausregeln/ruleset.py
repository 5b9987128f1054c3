"""The house rules behind the ruleset interface (:class:`rules.base.Ruleset`).

A thin adapter: the engine in this package keeps its own entry points (``score_game``,
``score_sheet``, …); this class answers the questions the Django layers ask every ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.base import PLACEMENT_LINE, JsonRow, OptionSpec, Ruleset
from rules.hausregeln.engine import score_game
from rules.hausregeln.i18n import catalogue, resolve_language
from rules.hausregeln.jsonio import dumps, score_document
from rules.hausregeln.messages import MESSAGES
from rules.hausregeln.options import ScoringOptions, describe_options
from rules.hausregeln.printing import course, legend
from rules.hausregeln.result import GameResult
from rules.hausregeln.sheet import SheetScore, dealer, max_games, score_sheet
from rules.printing import (
    DEALER_COLUMN,
    ROW_COLUMN,
    VALUE_COLUMN,
    WINNERS_COLUMN,
    LegendLine,
    PrintedSheet,
)
from rules.standings import SOLOS_COLUMN, StandingsColumnSpec
from rules.text import Text


def _german(key: str) -> str:
    return MESSAGES[key][1]


OPTION_SPECS = (
    OptionSpec(
        "deck",
        _german("setting.deck"),
        "choice",
        40,
        ((40, _german("setting.deck_40")), (48, _german("setting.deck_48"))),
    ),
    OptionSpec("pre_lead_counts", _german("setting.pre_lead_counts"), "bool", False),
    OptionSpec("ddv_absage_bonus", _german("setting.ddv_absage_bonus"), "bool", False),
)


class HouseRules(Ruleset):
    """SCORING.md: 4 or 5 seats, 4 × cycles or 5 × cycles games, positional dealer, seat 1
    keeps the list, at five the dealer sits out."""

    key = "hausregeln"
    label = _german("setting.ruleset")
    table_sizes = (4, 5)

    def text(self, german: str, lang: str | None = "de") -> str:
        return catalogue(resolve_language(lang)).gettext(german)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPECS

    def options(self, data: Mapping[str, Any] | None = None) -> ScoringOptions:
        return ScoringOptions.from_dict(dict(data or {}))

    def options_json(self, options: ScoringOptions) -> dict[str, Any]:
        return options.to_dict()

    def describe_options(self, options: ScoringOptions, lang: str = "de") -> list[str]:
        return describe_options(options, lang)

    def sheet_length(self, table_size: int, cycles: int) -> int:
        return max_games(table_size, cycles)

    def dealer(self, row: int, table_size: int, rows_before: Sequence[JsonRow] = ()) -> int:
        # Positional in these rules: a Schmeißen is not a row of the sheet (§6.5).
        return dealer(row, table_size)

    def sitter(self, row: int, table_size: int, rows_before: Sequence[JsonRow] = ()) -> int | None:
        return dealer(row, table_size) if table_size == 5 else None

    def complete_rows(self, rows: Sequence[Any], table_size: int) -> list[Any]:
        completed: list[Any] = []
        for raw in rows:
            if isinstance(raw, Mapping):
                raw = dict(raw)
                raw.setdefault("table_size", table_size)
                sitter = self.sitter(len(completed) + 1, table_size, completed)
                if sitter is not None:
                    raw.setdefault("sitting_out", sitter)
            completed.append(raw)
        return completed

    def score_row(self, row: JsonRow, options: ScoringOptions, lang: str = "de") -> GameResult:
        return score_game(row, options)

    def score_sheet(
        self, rows: Sequence[JsonRow], table_size: int, cycles: int, options: ScoringOptions
    ) -> SheetScore:
        return score_sheet(rows, table_size=table_size, cycles=cycles, options=options)

    def score_document(
        self, text: str, options: ScoringOptions, lang: str = "de"
    ) -> tuple[str, bool]:
        output, refused = score_document(text, options, lang)
        return dumps(output), refused

    # ---------------------------------------------------------------- outputs
    def printed_sheet(
        self,
        table_size: int,
        length: int,
        options: ScoringOptions,
        rows: Sequence[JsonRow] = (),
        lang: str = "de",
    ) -> PrintedSheet:
        # Rule sheet 2 and 4: the winners' seats ("1 + 4") and the game's value beside the row.
        sheet = super().printed_sheet(table_size, length, options, rows, lang)
        return replace(sheet, lead=(ROW_COLUMN, DEALER_COLUMN, WINNERS_COLUMN, VALUE_COLUMN))

    def legend(self, options: ScoringOptions, lang: str = "de") -> tuple[LegendLine, ...]:
        return legend(options, lang)

    def course(self, rounds: int, cycles: int, lang: str = "de") -> tuple[tuple[Text, ...], ...]:
        return course(rounds, cycles, PLACEMENT_LINE)

    def standings_columns(self) -> tuple[StandingsColumnSpec, ...]:
        return (*super().standings_columns(), SOLOS_COLUMN)


HOUSE_RULES = HouseRules()

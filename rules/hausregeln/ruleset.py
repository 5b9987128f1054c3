"""The house rules behind the ruleset interface (:class:`rules.base.Ruleset`).

A thin adapter: the engine in this package keeps its own entry points (``score_game``,
``score_sheet``, …); this class answers the questions the Django layers ask every ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.base import PLACEMENT_LINE, JsonRow, OptionSpec, Ruleset
from rules.entry import EntrySpec
from rules.hausregeln import entry_forms
from rules.hausregeln.engine import score_game
from rules.hausregeln.i18n import catalogue, label, resolve_language, translate
from rules.hausregeln.jsonio import dumps, score_document, score_round_document
from rules.hausregeln.legend import legend_lines
from rules.hausregeln.messages import MESSAGES
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions, describe_options
from rules.hausregeln.printing import RULES, course
from rules.hausregeln.result import ScoringWarning
from rules.hausregeln.rows import row_result, sheet_result
from rules.hausregeln.sheet import bock_status, is_redeal, max_games, next_dealer, score_sheet
from rules.hausregeln.vocabulary import KIND_BY_VALUE
from rules.printing import (
    DEALER_COLUMN,
    ROW_COLUMN,
    VALUE_COLUMN,
    WINNERS_COLUMN,
    LegendLine,
    PrintedSheet,
)
from rules.rows import GAME, RowRefusal, RowResult, SheetResult
from rules.standings import SOLOS_COLUMN, StandingsColumnSpec
from rules.text import RulesTexts, Text


def _german(key: str) -> str:
    return MESSAGES[key][1]


OPTION_SPECS = ScoringOptions.option_specs()


class HouseRules(Ruleset):
    """SCORING.md: 4 or 5 seats, 4 × cycles or 5 × cycles games, positional dealer, seat 1
    keeps the list, at five the dealer sits out."""

    key = "hausregeln"
    label = _german("setting.ruleset")
    table_sizes = (4, 5)

    def text(self, german: str, lang: str | None = "de") -> str:
        return catalogue(resolve_language(lang)).gettext(german)

    def ntext(self, singular: str, plural: str, count: int, lang: str | None = "de") -> str:
        return catalogue(resolve_language(lang)).ngettext(singular, plural, count)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPECS

    def options(self, data: Mapping[str, Any] | None = None) -> ScoringOptions:
        return ScoringOptions.from_dict(dict(data or {}))

    def options_json(self, options: ScoringOptions) -> dict[str, Any]:
        return options.to_dict()

    def describe_options(self, options: ScoringOptions, lang: str = "de") -> list[str]:
        return describe_options(options, lang)

    def sheet_length(self, table_size: int, cycles: int, options: Any = None) -> int:
        return max_games(table_size, cycles)

    def dealer(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int:
        # Clockwise after every game; a Schmeißen row under "redeal" keeps the dealer
        # (CLUBRULES.md §5.1). Rows not given count as games (positional, SCORING.md §1).
        before = list(rows_before[: row - 1])
        seat = next_dealer(before, table_size, options or DEFAULT_OPTIONS)
        return (seat - 1 + row - 1 - len(before)) % table_size + 1

    def sitter(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int | None:
        return self.dealer(row, table_size, rows_before, options) if table_size == 5 else None

    def complete_rows(self, rows: Sequence[Any], table_size: int, options: Any = None) -> list[Any]:
        completed: list[Any] = []
        for raw in rows:
            if isinstance(raw, Mapping):
                raw = dict(raw)
                raw.setdefault("table_size", table_size)
                sitter = self.sitter(len(completed) + 1, table_size, completed, options)
                if sitter is not None:
                    raw.setdefault("sitting_out", sitter)
            completed.append(raw)
        return completed

    def played_rows(self, rows: Sequence[JsonRow], options: Any = None) -> int:
        # A Schmeißen row under "redeal" is no game of the sheet (CLUBRULES.md §5.1).
        return sum(1 for row in rows if not is_redeal(row, options or DEFAULT_OPTIONS))

    def sheet_status(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        options: Any,
        lang: str | None = "de",
        names: Mapping[int, str] | None = None,
        time_up_after: int | None = None,
    ) -> tuple[str, ...]:
        # The next game's Bock, derived from the rows so far (CLUBRULES.md §5.3).
        options = options or DEFAULT_OPTIONS
        if not options.bock:
            return ()
        score = score_sheet(rows, table_size=table_size, cycles=10_000, options=options)
        return bock_status(score.bock_open, options, resolve_language(lang))

    # ---------------------------------------------------------------- rows and sheets
    def row_kind(self, row: JsonRow) -> str:
        return GAME  # every row of a house-rules sheet is a game

    def row_label(
        self, number: int, row: JsonRow | None, rows_before: Sequence[JsonRow], lang: str = "de"
    ) -> str:
        if isinstance(row, Mapping) and row.get("schmeissen") is not None:
            return translate("form.schmeissen", lang)
        return entry_forms.row_label(number, lang)

    def score_row(self, row: JsonRow, options: ScoringOptions, lang: str = "de") -> RowResult:
        return row_result(score_game(row, options), row, lang=lang)

    def score_sheet(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        cycles: int,
        options: ScoringOptions,
        lang: str = "de",
        *,
        time_up_after: int | None = None,
    ) -> SheetResult:
        # The house rules know no called time: ``time_up_after`` is ignored.
        score = score_sheet(rows, table_size=table_size, cycles=cycles, options=options)
        return sheet_result(score, rows, table_size, max_games(table_size, cycles), lang)

    def entry_spec(
        self, table_size: int, lang: str = "de", options: ScoringOptions | None = None
    ) -> EntrySpec:
        kinds, reasons = entry_forms.offered(options)
        return entry_forms.entry_spec(table_size, resolve_language(lang), kinds, reasons)

    def refusal_message(
        self, refusal: RowRefusal, lang: str = "de", field_name: str | None = None
    ) -> str:
        if not refusal.code:
            return refusal.message
        params = dict(refusal.params)
        return translate(f"error.{refusal.code}", lang, field=field_name or refusal.field, **params)

    def warning_message(self, code: str, lang: str = "de") -> str:
        return ScoringWarning(code).message(lang)

    def breakdown_label(self, key: str, lang: str = "de") -> str:
        return label(key, lang)

    def game_type_label(self, game_type: str, lang: str = "de") -> str:
        if game_type == "schmeissen":
            return translate("form.schmeissen", lang)
        if game_type not in KIND_BY_VALUE:
            return ""
        return entry_forms.kind_label(game_type, lang)

    def describe_row(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> Text | None:
        # A Schmeißen row names who threw in and why (CLUBRULES.md §3.3); a game: the default.
        thrown = row.get("schmeissen") if isinstance(row, Mapping) else None
        if not isinstance(thrown, Mapping):
            return None
        return Text(
            translate(
                "form.schmeissen_row", lang, seat=thrown.get("seat"), reason=thrown.get("reason")
            )
        )

    def score_document(
        self, text: str, options: ScoringOptions, lang: str = "de"
    ) -> tuple[str, bool]:
        output, refused = score_document(text, options, lang)
        return dumps(output), refused

    def score_round_document(
        self, text: str, options: ScoringOptions, lang: str = "de"
    ) -> tuple[str, bool]:
        """``score_round --ruleset hausregeln`` (CLUBRULES.md §5.4)."""
        output, refused = score_round_document(text, options, lang)
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
        # Translated here, from the engine's own catalogue (rules.hausregeln.legend).
        return tuple(
            LegendLine(Text(what), Text(points) if points else None)
            for what, points in legend_lines(options, lang)
        )

    def course(self, rounds: int, cycles: int, lang: str = "de") -> tuple[tuple[Text, ...], ...]:
        return course(rounds, cycles, PLACEMENT_LINE)

    def standings_columns(self) -> tuple[StandingsColumnSpec, ...]:
        return (*super().standings_columns(), SOLOS_COLUMN)

    def rules_texts(self) -> RulesTexts:
        return RULES


HOUSE_RULES = HouseRules()

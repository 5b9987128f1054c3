"""The DDV rules behind the ruleset interface (:class:`rules.base.Ruleset`), key ``ddv``.

A thin adapter over the engine of this package. The length and course of a sheet (length,
dealer, sitter, completed and prefilled rows) follow the options passed (the club evening's
shorter round, §9.1); without options they are the TSR's 24 / 30. What it cannot pass to
:meth:`DDV.score_sheet` (the time called) is a keyword of its own, ``time_up_after``. The
engine's own types are converted in :mod:`rules.ddv.rows`, the entry forms are
:mod:`rules.ddv.entry_forms`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.base import PLACEMENT_LINE, DocumentRefused, JsonRow, OptionSpec, Ruleset
from rules.ddv import entry_forms, printing, sample, wording
from rules.ddv import rows as ddv_rows
from rules.ddv.deal import DealState
from rules.ddv.engine import score_game
from rules.ddv.jsonio import dumps, score_games_document, score_round_document
from rules.ddv.messages import LABELS, label, translate
from rules.ddv.options import (
    DEFAULT_OPTIONS,
    TSR_GAMES,
    DdvOptions,
    describe_options,
    english_catalogue,
    option_specs,
)
from rules.ddv.round import RoundScore, score_rows
from rules.ddv.rules_text import course_lines, value_legend, value_lines
from rules.ddv.sheet import score_round
from rules.ddv.status import board_line, last_was_pflichtsolo, solo_mode_for, status_lines
from rules.ddv.terms import TERMS, term
from rules.ddv.vocabulary import ANNOUNCED_SOLOS, KIND_BY_VALUE, SoloMode
from rules.entry import EntrySpec
from rules.printing import LegendLine, PrintedSheet, table_note
from rules.rows import GAME, PENALTY, RowRefusal, RowResult, SheetResult
from rules.standings import BASIC_COLUMNS, SOLOS_COLUMN, StandingsColumnSpec
from rules.stats import PFLICHTSOLOS, PFLICHTSOLOS_WON, PlayedRow, game_figures
from rules.text import RULES_TEXTS, RulesTexts, Text, gettext_noop, ngettext_lazy

LABEL = "DDV-Turnierspielregeln"
ROUND_LINE = (
    "Jeder Spieler spielt in jedem Durchgang genau ein Pflichtsolo.",
    "Every player plays exactly one Pflichtsolo in every round.",
)
# The rules page's heading and the standings' tie-break note in Spielpunkte (DDV.md §10).
RULES = replace(
    RULES_TEXTS,
    heading=gettext_noop("DDV-Turnierspielregeln und Wertung"),
    metrics={
        **RULES_TEXTS.metrics,
        "total": gettext_noop("Spielpunkte insgesamt"),
        "latest_round": gettext_noop("Spielpunkte im letzten Durchgang"),
    },
)
_ENGLISH = {
    LABEL: "DDV tournament rules",
    "DDV-Turnierspielregeln und Wertung": "DDV tournament rules and scoring",
    "Spielpunkte insgesamt": "total game points",
    "Spielpunkte im letzten Durchgang": "game points in the last round",
    **english_catalogue(),
    **{german: english for german, english in LABELS.values()},
    **{german: english for group in TERMS.values() for german, english in group.values()},
    **printing.ENGLISH,
    **wording.ENGLISH,
}


def _english(lang: str | None) -> bool:
    return bool(lang) and str(lang).lower().startswith("en")


def _games(table_size: int, options: DdvOptions | None) -> int:
    """The games of a round at ``table_size`` with the options in force (none: the TSR's)."""
    return TSR_GAMES[table_size] if options is None else options.games(table_size)


def _state(
    table_size: int,
    rows_before: Sequence[JsonRow],
    options: DdvOptions | None = None,
    time_up_after: int | None = None,
) -> DealState:
    """The deal after ``rows_before`` (refused rows are skipped, as in the sheet), in a round of
    the length the options give (the TSR's without them), the time called after game
    ``time_up_after`` (``None``: not called)."""
    return score_rows(
        list(rows_before), table_size, _games(table_size, options), time_up_after
    ).state


class DDV(Ruleset):
    """DDV.md: 4 or 5 seats, 24 / 30 games, the dealer derived from the rows before (the same
    dealer after a Pflichtsolo), seat 4 (at five: 5) keeps the list, at five the dealer sits
    out."""

    key = "ddv"
    label = LABEL
    table_sizes = (4, 5)

    def text(self, german: str, lang: str | None = "de") -> str:
        if lang and str(lang).lower().startswith("en"):
            return _ENGLISH.get(german, german)
        return german

    # ---------------------------------------------------------------- options
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return option_specs("de")

    def options(self, data: Mapping[str, Any] | None = None) -> DdvOptions:
        return DdvOptions.from_dict(dict(data or {}))

    def options_json(self, options: DdvOptions) -> dict[str, Any]:
        return options.to_dict()

    def describe_options(self, options: DdvOptions, lang: str = "de") -> list[str]:
        return describe_options(options, lang)

    def rules_lines(self, options: DdvOptions, lang: str = "de") -> dict[str, list[str]]:
        """The whole rules text (not in the interface yet): course, values, options."""
        return {
            "course": course_lines(options, lang),
            "values": value_lines(lang),
            "options": describe_options(options, lang),
        }

    # ---------------------------------------------------------------- the table and the sheet
    def list_keeper_seat(self, table_size: int) -> int:
        return table_size

    def sheet_length(self, table_size: int, cycles: int, options: DdvOptions | None = None) -> int:
        # The TSR's 24 / 30, or the club evening's shorter round of the options (§9.1).
        return _games(table_size, options)

    def games_per_round(self, table_size: int, options: DdvOptions = DEFAULT_OPTIONS) -> int:
        return options.games(table_size)

    def dealer(
        self,
        row: int,
        table_size: int,
        rows_before: Sequence[JsonRow] = (),
        options: DdvOptions | None = None,
    ) -> int:
        return _state(table_size, rows_before[: row - 1], options).dealer

    def sitter(
        self,
        row: int,
        table_size: int,
        rows_before: Sequence[JsonRow] = (),
        options: DdvOptions | None = None,
    ) -> int | None:
        return self.dealer(row, table_size, rows_before, options) if table_size == 5 else None

    def deal_rule(
        self,
        table_size: int,
        options: DdvOptions | None = None,
        time_up_after: int | None = None,
    ) -> Mapping[str, Any]:
        """§9.2–§9.5 for the page (``rules/ddv/deal.py``): the same dealer deals again after a
        Pflichtsolo; a solo typed without Pflicht/Lust/Vorführung gets the only one possible
        (:func:`rules.ddv.status.solo_mode_for`)."""
        return {
            "mode_input": "solo_mode",
            "games": _games(table_size, options),
            "time_up_after": time_up_after,
            "solo_kinds": sorted(kind.value for kind in ANNOUNCED_SOLOS),
            "repeat": SoloMode.PFLICHT.value,
            "owed_modes": [SoloMode.PFLICHT.value, SoloMode.VORFUEHRUNG.value],
            "modes": [SoloMode.PFLICHT.value, SoloMode.LUST.value, SoloMode.VORFUEHRUNG.value],
        }

    def deal_state(
        self, table_size: int, rows_before: Sequence[JsonRow], options: DdvOptions
    ) -> DealState:
        """Before the next row: dealer, owing seats, whether a Vorführung is due and by whom."""
        return score_rows(list(rows_before), table_size, options.games(table_size)).state

    def complete_rows(
        self, rows: Sequence[Any], table_size: int, options: DdvOptions | None = None
    ) -> list[Any]:
        scored = score_rows(list(rows), table_size, _games(table_size, options))
        completed: list[Any] = []
        for raw, row in zip(rows, scored.games, strict=True):
            if isinstance(raw, Mapping):
                raw = dict(raw)
                raw.setdefault("table_size", table_size)
                if row.sitter is not None and raw.get("sitting_out") is None:
                    raw["sitting_out"] = row.sitter
            completed.append(raw)
        return completed

    def prefill_rows(
        self,
        rows: Sequence[Any],
        table_size: int,
        options: DdvOptions | None = None,
        *,
        time_up_after: int | None = None,
    ) -> list[Any]:
        """An announced solo typed without Pflicht/Lust/Vorführung gets the only one possible
        (:func:`rules.ddv.status.solo_mode_for`; once the time is called after game
        ``time_up_after``, the Vorführung of the seat that must play); a sheet given as JSON is
        not touched (§9.7 refuses a missing ``solo_mode`` there)."""
        filled: list[Any] = []
        for raw in rows:
            if isinstance(raw, Mapping):
                mode = solo_mode_for(
                    raw, lambda: _state(table_size, filled, options, time_up_after)
                )
                if mode is not None:
                    raw = {**raw, "solo_mode": mode}
            filled.append(raw)
        return filled

    # ---------------------------------------------------------------- the sheet's status
    def sheet_status(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        options: DdvOptions,
        lang: str | None = "de",
        names: Mapping[int, str] | None = None,
        time_up_after: int | None = None,
    ) -> tuple[str, ...]:
        state = score_rows(list(rows), table_size, options.games(table_size), time_up_after).state
        return status_lines(state, lang, names, last_was_pflichtsolo(rows))

    gives_board_lines = True
    records_time_up = True
    sheet_words = wording.SHEET_WORDS

    def board_line(
        self, rows: Sequence[JsonRow], table_size: int, options: DdvOptions, lang: str | None = "de"
    ) -> str | None:
        return board_line(self.deal_state(table_size, rows, options), lang)

    # ---------------------------------------------------------------- standings
    def standings_order(self) -> tuple[str, ...]:
        return ("total", "games_won", "latest_round")

    def rules_texts(self) -> RulesTexts:
        return RULES

    # ---------------------------------------------------------------- rows and sheets
    def row_kind(self, row: JsonRow) -> str:
        return ddv_rows.row_kind(row)

    def row_label(
        self, number: int, row: JsonRow | None, rows_before: Sequence[JsonRow], lang: str = "de"
    ) -> str:
        kind = GAME if row is None else ddv_rows.row_kind(row)
        return ddv_rows.row_label(kind, self.played_rows(rows_before) + 1, row, lang)

    def score_row(self, row: JsonRow, options: DdvOptions, lang: str = "de") -> RowResult:
        """One row on its own (raises :class:`~rules.ddv.errors.DdvRefused`)."""
        result = score_game(row, options.absage_implies_ansage)
        return ddv_rows.row_result(result, kind=GAME if result.counts_as_game else PENALTY)

    def score_sheet(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        cycles: int,
        options: DdvOptions,
        lang: str = "de",
        *,
        time_up_after: int | None = None,
    ) -> SheetResult:
        """A sheet in progress (no end-of-round refusals); bad rows are reported, not raised.
        Complete once the round's games are played (or time was called after game
        ``time_up_after`` and every Pflichtsolo is played)."""
        scored = self.round_score(rows, table_size, options, time_up_after)
        state = scored.state
        played = state.games >= state.games_per_round
        called = state.time_up and not state.owing
        return ddv_rows.sheet_result(scored, rows, played or called, lang)

    def entry_spec(self, table_size: int, lang: str = "de", options: Any = None) -> EntrySpec:
        return entry_forms.entry_spec(table_size, "en" if _english(lang) else "de")

    def refusal_message(
        self, refusal: RowRefusal, lang: str = "de", field_name: str | None = None
    ) -> str:
        if not refusal.code:
            return refusal.message
        return translate(
            refusal.code, lang, **{**refusal.params, "field": field_name or refusal.field}
        )

    def warning_message(self, code: str, lang: str = "de") -> str:
        return ddv_rows.warning_text(code, lang)

    def game_type_label(self, game_type: str, lang: str = "de") -> str:
        return term("kind", game_type, lang) if game_type in KIND_BY_VALUE else ""

    # ---------------------------------------------------------------- outputs
    def printed_sheet(
        self,
        table_size: int,
        length: int,
        options: DdvOptions,
        rows: Sequence[JsonRow] = (),
        lang: str = "de",
    ) -> PrintedSheet:
        """The Spielliste of DDV.md §9.9 (:mod:`rules.ddv.printing`): ``length`` games and
        lines for penalties."""
        scored = score_rows(list(rows), table_size, options.games(table_size))
        dealers = [(row.dealer, row.sitter) for row in scored.games]
        dealers.append((scored.state.dealer, scored.state.sitter))
        return PrintedSheet(
            lead=printing.LEAD,
            seat=printing.SEAT,
            tail=printing.TAIL,
            rows=printing.printed_rows(dealers, rows, length),
            list_keeper=self.list_keeper_seat(table_size),
            table_note=table_note(self, table_size),
            total_label=gettext_noop("Endstand"),
            legend_title=gettext_noop("Spielwert (TSR 7.2)"),
            legend=self.legend(options, lang),
            footer=printing.FOOTER,
            signature=printing.SIGNATURE,
            min_row_mm=3.8,
        )

    def sheet_cells(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> dict[str, str]:
        return printing.sheet_cells(row, result, lang)

    def describe_row(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> Text | None:
        return wording.describe_row(self.row_kind(row), row, result)

    def legend(self, options: DdvOptions, lang: str = "de") -> tuple[LegendLine, ...]:
        # Said in ``lang`` already (the ruleset's own German/English pairs).
        return tuple(LegendLine(Text(what), Text(points)) for what, points in value_legend(lang))

    def course(self, rounds: int, cycles: int, lang: str = "de") -> tuple[tuple[Text, ...], ...]:
        # The games of a round are the options' (the rules page's option lines say them).
        lines = course_lines(DEFAULT_OPTIONS, lang)
        lines[1] = ROUND_LINE[1] if _english(lang) else ROUND_LINE[0]
        return (
            (ngettext_lazy("%(n)s Durchgang", "%(n)s Durchgänge", rounds, n=rounds),),
            (PLACEMENT_LINE,),
            *((Text(line),) for line in lines),
        )

    def standings_columns(self) -> tuple[StandingsColumnSpec, ...]:
        # Spielpunkte per round and in all, games won and played, and the solos.
        return (*BASIC_COLUMNS, SOLOS_COLUMN)

    def rows_from_document(
        self, data: Any, table_size: int, cycles: int, options: DdvOptions, lang: str = "de"
    ) -> list[Any]:
        """A §9.7 sheet (DDV.md): its ``table_size`` (default the table's) and
        ``games_per_round`` (default the tournament's) must be the table's; the whole sheet is
        checked as ``score_round`` checks it, refusals naming the field (``rows[3].dealer``)."""
        if not isinstance(data, Mapping):
            raise DocumentRefused(
                None, translate("sheet_not_object", lang, got=type(data).__name__)
            )
        sheet = dict(data)
        if sheet.setdefault("table_size", table_size) != table_size:
            raise DocumentRefused(
                "table_size",
                f"{sheet['table_size']!r}: the table has {table_size} players",
            )
        games = options.games(table_size)
        if sheet.setdefault("games_per_round", games) != games:
            raise DocumentRefused(
                "games_per_round",
                f"{sheet['games_per_round']!r}: the tournament plays {games} games at "
                f"{table_size} players",
            )
        self.score_round(sheet, options, lang)  # raises DdvRefused naming the field
        return list(sheet.get("rows") or [])

    def document_time_up(self, data: Any) -> int | None:
        """A §9.7 sheet's ``time_up_after``: the game after which the round's time was called
        (§9.4), checked with the rows by :meth:`rows_from_document`; ``None``: not called."""
        if isinstance(data, Mapping):
            after = data.get("time_up_after")
            if type(after) is int:
                return after
        return None

    def sample_rows(self, table_size: int, length: int, seed: int) -> list[dict[str, Any]]:
        return sample.sample_rows(table_size, length, seed)

    def score_document(self, text: str, options: DdvOptions, lang: str = "de") -> tuple[str, bool]:
        output, refused = score_games_document(text, options, lang)
        return dumps(output), refused

    # ---------------------------------------------------------------- beyond the interface
    def breakdown_label(self, key: str, lang: str | None = "de") -> str:
        """The label of a stored breakdown key ("gegen_keine_90" → "120 gegen keine 90")."""
        return label(key, lang)

    def term(self, group: str, value: str, lang: str | None = "de") -> str:
        """The shown name of a vocabulary value: ``kind``, ``solo_mode``, ``severity``,
        ``rubrik``, ``party``."""
        return term(group, value, lang)

    def score_round(
        self, sheet: Mapping[str, Any], options: DdvOptions, lang: str | None = "de"
    ) -> dict[str, Any]:
        """One §9.7 sheet (with ``time_up_after``, ``finished``) → the ``score_round`` answer;
        :class:`~rules.ddv.errors.DdvRefused` with the sheet's field path when refused."""
        return score_round(sheet, options, lang)

    def round_score(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        options: DdvOptions,
        time_up_after: int | None = None,
    ) -> RoundScore:
        """:meth:`score_sheet` with the time called after game ``time_up_after``."""
        return score_rows(
            list(rows),
            table_size,
            options.games(table_size),
            time_up_after,
            options.absage_implies_ansage,
        )

    def score_round_document(
        self, text: str, options: DdvOptions, lang: str = "de"
    ) -> tuple[str, bool]:
        """``score_round``: sheets in, round results out (not in the interface yet)."""
        output, refused = score_round_document(text, options, lang)
        return dumps(output), refused

    def player_figures(self, rows: Sequence[PlayedRow]) -> dict[str, int]:
        """Games, games won, solos and solos won, and the Pflichtsoli among the solos."""
        pflicht = [row for row in rows if row.soloist and row.record.get("solo_mode") == "pflicht"]
        return game_figures(rows) | {
            PFLICHTSOLOS: len(pflicht),
            PFLICHTSOLOS_WON: sum(row.won for row in pflicht),
        }


DDV_RULES = DDV()

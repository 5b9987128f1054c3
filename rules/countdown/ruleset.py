"""The three count-down games behind the ruleset interface (:class:`rules.base.Ruleset`).

A thin adapter per game (keys ``24``, ``zwanzig``, ``20ab``): tables of 3–5 for the evening
(§8.1), seat 1 keeps the list and deals first, the deal passes to the left on every row (also
across Parties, D3), at five the dealer of Zwanzig/20 ab sits out (D4), a sheet holds
cycles × n deals (§8.2). A row scored on its own (:meth:`CountdownRuleset.score_row`) is the
command's deal item ``{"scores_before", "record"}``; a sheet is the flat list of deal records.

Standings: §8.4 ranks by Partiepunkte, Siege, Restpunkte (ascending), the latest round
(:data:`rules.countdown.standings.STANDINGS_ORDER`: ``total``, ``games_won``, ``rest``,
``latest_round``). :mod:`rules.base` does not know ``rest`` yet; :meth:`standings_order` gives
the known ones in that order until it does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.base import PLACEMENT_LINE, JsonRow, OptionSpec, Ruleset
from rules.countdown import entry_forms, outputs, wording
from rules.countdown import rows as countdown_rows
from rules.countdown.deal import DealResult, score_deal
from rules.countdown.errors import Refusal, shown
from rules.countdown.games import DEFAULT_CYCLES, EVENING_TABLE_SIZES, GAMES
from rules.countdown.jsonio import dumps, score_document
from rules.countdown.options import HELP, CountdownOptions, option_specs, parse_options
from rules.countdown.round import round_dealer, round_length
from rules.countdown.rulestext import describe
from rules.countdown.sheet import CountdownSheet, rows_from_document, score_rows
from rules.countdown.standings import STANDINGS_ORDER
from rules.entry import EntrySpec
from rules.printing import LegendLine, PrintedSheet
from rules.rows import DEAL, RowRefusal, RowResult, SheetResult
from rules.standings import StandingsColumnSpec
from rules.stats import PlayedRow, partie_figures
from rules.text import RulesTexts, Text

# The English catalogue of the labels (the ruleset's, its options' and their choices').
ENGLISH: dict[str, str] = {
    "Variante a: Trumpfwechsel durch „2“": "Variant a: trump change with a '2'",
    "Eigentrumpf ohne Stich zählt doppelt": "Own trump without a trick counts double",
    "Variante b: Aussteigen": "Variant b: dropping out",
    "Variante c: Punktbasierte Einschränkungen": "Variant c: point limits",
    "Startpunkte": "Starting points",
    "Aussteigen verboten ab … Punkten und weniger": "No dropping out at … points or fewer",
    "Aussteigen höchstens … Mal je Partie": "Dropping out at most … times a Partie",
    "Gleichstand unter 0": "A tie below 0",
    "Es wird weitergespielt": "Play goes on",
    "Die Gleichen teilen sich den Sieg": "The tied players share the win",
    HELP["start"]: "Everybody starts the Partie with this many points (10 to 50).",
    HELP["no_drop_out_at_or_below"]: "Whoever has this many points or fewer may not drop out; "
    "below the starting points.",
    **outputs.ENGLISH,
    **wording.ENGLISH,
}


def _english(lang: str | None) -> bool:
    return bool(lang) and str(lang).lower().startswith("en")


_ROW_KEYS = frozenset({"scores_before", "record", "table_size"})


class CountdownRuleset(Ruleset):
    """One count-down game as a ruleset."""

    table_sizes = EVENING_TABLE_SIZES
    # §8.2 (D15): six cycles — 24 deals at a four-table, 18 at three, 30 at five.
    default_cycles = DEFAULT_CYCLES

    def __init__(self, game: str) -> None:
        self.key = game
        self.game = GAMES[game]
        self.label = self.game.label

    def text(self, german: str, lang: str | None = "de") -> str:
        if (lang or "de").lower().startswith("en"):
            return ENGLISH.get(german, german)
        return german

    # ---------------------------------------------------------------- options
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return option_specs(self.key)

    def options(self, data: Mapping[str, Any] | None = None) -> CountdownOptions:
        # parse_options refuses what is not an object, naming ``options``.
        return parse_options(self.key, {} if data is None else data)

    def options_json(self, options: CountdownOptions) -> dict[str, Any]:
        return options.to_json()

    def describe_options(self, options: CountdownOptions, lang: str = "de") -> list[str]:
        return describe(options, lang)

    # ---------------------------------------------------------------- the table and the sheet
    def sheet_length(self, table_size: int, cycles: int, options: Any = None) -> int:
        return round_length(table_size, cycles)

    def dealer(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int:
        return round_dealer(row - 1, table_size)

    def playing_minutes(self, table_size: int, cycles: int, options: Any = None) -> int:
        """§8.2's pace: about two minutes a deal, "a 4-table needs 50–60 minutes" for 24 deals:
        two and a half minutes a deal, rounded up to five (18 deals 45, 24 deals 60, 30 deals
        75 minutes), not the DDV's 25 minutes for six games."""
        minutes = -(-self.sheet_length(table_size, cycles, options) * 5 // 2)
        return max(5, -(-minutes // 5) * 5)

    def sitter(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int | None:
        return self.game.sitter(self.dealer(row, table_size, rows_before), table_size)

    def complete_rows(self, rows: Sequence[Any], table_size: int, options: Any = None) -> list[Any]:
        """A deal record's keys are closed (D20): nothing is added, and what the sheet pages
        add to every row (``table_size``, at five ``sitting_out``) is taken off again where it
        says what the sheet knows; a different value stays for the record's check to refuse."""
        completed: list[Any] = []
        for index, row in enumerate(rows):
            if isinstance(row, Mapping):
                row = dict(row)
                if row.get("table_size") == table_size:
                    row.pop("table_size")
                if "sitting_out" in row and row["sitting_out"] == self.sitter(
                    index + 1, table_size
                ):
                    row.pop("sitting_out")
            completed.append(row)
        return completed

    # ---------------------------------------------------------------- standings
    def standings_order(self) -> tuple[str, ...]:
        return STANDINGS_ORDER

    def rules_texts(self) -> RulesTexts:
        return outputs.rules_texts(self.label)

    gives_partie_ends = True
    # Ranked by Partiepunkte, whatever the evening format.
    offers_evening_formats = False

    def partie_end(self, winner: str, breakdown: Sequence[Sequence[Any]]) -> dict[int, int] | None:
        return outputs.partie_end_scores(winner, breakdown)

    def player_figures(self, rows: Sequence[PlayedRow]) -> dict[str, int]:
        """Deals, counted Parties, Parties won and their Restpunkte (no games, no solos)."""
        return partie_figures(rows)

    def metric_figure(self, metric: str, value: int) -> Text:
        return outputs.metric_figure(metric, value)

    def certificate_score(self, total: int) -> Text:
        return outputs.certificate_score(total)

    def standings_columns(self) -> tuple[StandingsColumnSpec, ...]:
        return outputs.STANDINGS_COLUMNS

    def standings_api_fields(self) -> tuple[tuple[str, str], ...]:
        return outputs.STANDINGS_API_FIELDS

    # ---------------------------------------------------------------- outputs
    def printed_sheet(
        self,
        table_size: int,
        length: int,
        options: CountdownOptions,
        rows: Sequence[JsonRow] = (),
        lang: str = "de",
    ) -> PrintedSheet:
        """§8.6: one row per deal (Nr. in the Partie, Geber, Trumpf, per seat Stiche or "aus"
        and the new Stand), a rule after each Partie the rows entered so far ended."""
        sheet = super().printed_sheet(table_size, length, options, rows, lang)
        scored = None
        if rows:
            cycles = max(1, -(-length // table_size))
            scored = self.countdown_sheet(list(rows), table_size, cycles, options)
        lead, seat, tail = outputs.sheet_columns(self.key)
        return replace(
            sheet,
            lead=lead,
            seat=seat,
            tail=tail,
            rows=outputs.partie_rules(sheet.rows, scored, GAMES[self.key], table_size),
            total_label=Text("Partiepunkte"),
            legend_title=Text("Je Spiel"),
            footer=(outputs.FOOTER,),
            # A five-table's 30 deals (six cycles) stay on one page, as DDV's 30 games do.
            min_row_mm=3.8,
        )

    def sheet_cells(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> dict[str, str]:
        return countdown_rows.sheet_cells(row, result, lang)

    def describe_row(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> Text | None:
        return wording.describe_row(row, result, lang)

    def legend(self, options: CountdownOptions, lang: str = "de") -> tuple[LegendLine, ...]:
        return outputs.legend(self.key, options)

    def course(self, rounds: int, cycles: int, lang: str = "de") -> tuple[tuple[Text, ...], ...]:
        return outputs.course(rounds, cycles, PLACEMENT_LINE)

    # ---------------------------------------------------------------- rows and sheets
    def row_kind(self, row: JsonRow) -> str:
        return DEAL

    def row_label(
        self, number: int, row: JsonRow | None, rows_before: Sequence[JsonRow], lang: str = "de"
    ) -> str:
        return countdown_rows.row_label(number, row, rows_before, lang)

    def entry_spec(self, table_size: int, lang: str = "de", options: Any = None) -> EntrySpec:
        return entry_forms.entry_spec(self.key, table_size, "en" if _english(lang) else "de")

    def refusal_message(
        self, refusal: RowRefusal, lang: str = "de", field_name: str | None = None
    ) -> str:
        """The refusal in the captain's words: the field named as the form names it ("Stiche
        Platz 3: Die Stiche ergeben 5, nicht 6.") when the page asks with a ``field_name``."""
        message = refusal.message
        if refusal.code:
            message = Refusal(refusal.field, refusal.code, **refusal.params).message(lang)
        words = entry_forms.field_words(refusal.field, lang) if field_name else ""
        return f"{words}: {message}" if words else message

    def game_type_label(self, game_type: str, lang: str = "de") -> str:
        return countdown_rows.game_type_label(game_type, lang)

    def breakdown_label(self, key: str, lang: str = "de") -> str:
        return countdown_rows.stand_label(key, lang)

    # ---------------------------------------------------------------- scoring
    def score_row(self, row: JsonRow, options: CountdownOptions, lang: str = "de") -> RowResult:
        """One deal from ``{"scores_before", "record"}`` (a ``table_size`` key is ignored):
        ``points`` are the changes, ``totals`` the scores after it."""
        return countdown_rows.deal_row(self.score_deal_item(row, options))

    def score_deal_item(self, row: JsonRow, options: CountdownOptions) -> DealResult:
        """The engine's result of a deal item ``{"scores_before", "record"}``."""
        if not isinstance(row, Mapping):
            raise Refusal(None, "item")
        for key in sorted(map(str, row)):
            if key not in _ROW_KEYS:
                raise Refusal(
                    key,
                    "unknown_key",
                    key=shown(key),
                    game=self.label,
                    known="scores_before, record",
                )
        return score_deal(self.key, options.to_json(), row.get("scores_before"), row.get("record"))

    # §8.2: the organiser stops a table's round (time, the evening's end) after a deal, recorded
    # as the sheet's time called (``time_up_after``): no deal may follow, and once the rows reach
    # it the round is complete with its running Partie cut (§8.3).
    records_time_up = True
    sheet_words = wording.SHEET_WORDS
    time_up_note = Text(
        "Danach folgt an diesem Tisch kein Spiel mehr: die laufende Partie wird mit ihrem Stand "
        "gewertet (mit weniger Spielen, als Spieler am Tisch sind, zählt sie nicht)."
    )

    def score_sheet(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        cycles: int,
        options: CountdownOptions,
        lang: str = "de",
        *,
        stopped: bool = False,
        time_up_after: int | None = None,
    ) -> SheetResult:
        """The rows played in order (:mod:`rules.countdown.rows` says what a row's points and
        totals are: the Partiepunkte); complete per §8.2, or when the organiser stopped the
        round (``stopped`` now, or ``time_up_after`` that deal: the Partie running then is cut,
        §8.3, and no deal may follow)."""
        # The rows as the sheet pages type them carry what the sheet knows (complete_rows).
        rows = self.complete_rows(rows, table_size)
        sheet = self.countdown_sheet(rows, table_size, cycles, options, stopped, time_up_after)
        return countdown_rows.sheet_result(
            sheet, table_size, lambda dealer: self.game.sitter(dealer, table_size), lang
        )

    def countdown_sheet(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        cycles: int,
        options: CountdownOptions,
        stopped: bool = False,
        stop_after: int | None = None,
    ) -> CountdownSheet:
        """The engine's own scored sheet (Parties, the round's result)."""
        return score_rows(self.key, options, rows, table_size, cycles, stopped, stop_after)

    def rows_from_document(
        self,
        data: Any,
        table_size: int,
        cycles: int,
        options: CountdownOptions,
        lang: str = "de",
    ) -> list[Any]:
        """``{"parties": [[records…], …], "stopped": false}``, checked as a round first so that
        a refusal names ``parties[k].records[i].<field>`` (§6.3); a plain list of deal records
        is read as the default reads it. ``"stopped": true`` is what :meth:`document_time_up`
        reads."""
        if isinstance(data, list):
            return super().rows_from_document(data, table_size, cycles, options, lang)
        rows, _stopped = rows_from_document(self.key, options, table_size, cycles, data)
        return rows

    def document_time_up(self, data: Any) -> int | None:
        """A stopped round's document (``"stopped": true``): stopped after its last deal."""
        if isinstance(data, Mapping) and data.get("stopped") is True:
            parties = data.get("parties")
            if isinstance(parties, list):
                return sum(len(partie) for partie in parties if isinstance(partie, list))
        return None

    def score_document(
        self, text: str, options: CountdownOptions, lang: str = "de"
    ) -> tuple[str, bool]:
        output, refused = score_document(self.key, options.to_json(), text, lang)
        return dumps(output), refused


VIERUNDZWANZIG_RULES = CountdownRuleset("24")
ZWANZIG_RULES = CountdownRuleset("zwanzig")
ZWANZIG_AB_RULES = CountdownRuleset("20ab")
COUNTDOWN_RULESETS = (VIERUNDZWANZIG_RULES, ZWANZIG_RULES, ZWANZIG_AB_RULES)

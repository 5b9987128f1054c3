"""The one small interface every ruleset implements, and the words it uses.

Vocabulary (the same for every ruleset, whatever the card game's own words are):

- **Ruleset**: one set of rules a tournament plays by, found by its **key** in
  :mod:`rules.registry` (``hausregeln`` today; ``ddv``, ``24``, ``zwanzig``, ``20ab`` later).
- **Options**: what an organiser may set for a ruleset (the deck, a rule switched on or off).
  Stored with the tournament as JSON (a mapping of option name → JSON value); the ruleset turns
  that mapping into its own frozen options value (:meth:`Ruleset.options`) and back
  (:meth:`Ruleset.options_json`). Each option is described by an :class:`OptionSpec` with its
  German label, so pages and commands need no knowledge of a ruleset's options.
- **Table size**: the number of seats at a table (:attr:`Ruleset.table_sizes`; count-down games
  also play at three).
- **Seat**: 1..table size, clockwise, numbered from the table captain's seat.
- **List keeper** (Listenführer): the seat that keeps the sheet (:meth:`Ruleset.list_keeper_seat`).
- **Row**: one line of a score sheet, numbered from 1 — a game (house rules, DDV), a penalty line
  that is not a game (DDV), a deal inside a Partie (count-down). A row is given to the ruleset as
  the JSON mapping the sheet stores for it.
- **Sheet**: the rows one table plays in one round; its **length** is the most rows it may hold
  (:meth:`Ruleset.sheet_length`).
- **Dealer** / **sitter**: who deals row *n* and who sits it out (five at a four-player game).
  Both are **derived from the rows before** (DDV repeats a dealer after a Pflichtsolo), so rows
  are sequential, not positional: callers pass the rows before *n*.
- **Scoring** a row or a whole sheet gives points per seat and warnings per row
  (:meth:`Ruleset.score_row`, :meth:`Ruleset.score_sheet`); what a refused row says is the
  ruleset's own exception carrying a translated message.
- **Rules text**: the lines the public rules page shows for the options in force.
- **Playing time** (Spielzeit): the minutes a table of a size has for its sheet once the round's
  clock runs (:meth:`Ruleset.playing_minutes`); a tournament may set its own.

- **Sheet status**: short lines the sheet pages show above the rows, from the rows entered so
  far (:meth:`Ruleset.sheet_status`; none by default).
- **Board line**: a short line the director's live board shows beside a table, from the rows
  entered so far (:meth:`Ruleset.board_line`; none by default).
- **Sheet words**: what the sheet pages say around the rows in the ruleset's words — ending a
  table early, the captain's first-use hint, the head once the time was called
  (:attr:`Ruleset.sheet_words`, :mod:`rules.sheet_words`; the house rules' by default).
- **Row description**: a stored row in one short line for the desk's version history
  (:meth:`Ruleset.describe_row`; by default the history's own line of winners and value).

A ruleset is pure Python: no Django, nothing of this project outside ``rules`` (see
``.importlinter``). Nothing outside ``rules`` compares a ruleset's key; it asks the ruleset.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from rules import standings as standings_words
from rules.entry import EntrySpec
from rules.options import OptionSpec
from rules.outputs import PLACEMENT_LINE as PLACEMENT_LINE  # re-exported for the rulesets
from rules.outputs import RulesetOutputs
from rules.printing import TIME_UP_NOTE
from rules.rows import PENALTY, RowRefusal, RowResult, SheetResult
from rules.sheet_words import HOUSE_SHEET_WORDS, SheetWords
from rules.stats import PlayedRow, game_figures
from rules.text import RULES_TEXTS, RulesTexts, Text

JsonRow = Mapping[str, Any]

# The standings' metrics a ruleset may order by (the standings compute them from the confirmed
# score lines): the sum of points, the rows won (with plus points), the points of the last round,
# and ``rest`` (count-down Restpunkte: the final scores of the Parties, fewer is better; read from
# the stored rows through :meth:`Ruleset.partie_end`). New metrics (Tischpunkte) are added here
# and in the standings together. ``table_points`` (Tischpunkte) and ``average`` (points per round
# played) rank the evening formats of :data:`rules.standings.EVENING_FORMATS`.
STANDINGS_METRICS = ("total", "games_won", "latest_round", "rest", "table_points", "average")


class RowRefused(ValueError):
    """A row a ruleset refuses. ``field`` names where in the row (``None``: the row as a
    whole); :meth:`to_json` is what a JSON endpoint answers, in the reader's language."""

    field: str | None

    def message(self, lang: str | None = "de") -> str:
        return str(self)

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        return {"field": getattr(self, "field", None), "message": self.message(lang)}


class DocumentRefused(RowRefused):
    """A sheet document (``import_sheet``'s file) a ruleset refuses as a whole, naming the
    ``field`` (``None``: the document itself)."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field


class Ruleset(RulesetOutputs, ABC):
    """A set of rules a tournament plays by (see the module docstring for the words)."""

    key: str
    label: str
    table_sizes: tuple[int, ...]

    def text(self, german: str, lang: str | None = "de") -> str:
        """One of the ruleset's German texts (its label, an option's label or choice) in
        ``lang``, from the ruleset's own catalogue; German is the text itself."""
        return german

    def ntext(self, singular: str, plural: str, count: int, lang: str | None = "de") -> str:
        """:meth:`text` for a text with a plural form, ``count`` choosing between them."""
        return self.text(singular if count == 1 else plural, lang)

    # ---------------------------------------------------------------- options
    @abstractmethod
    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Every option an organiser may set, in the order forms show them."""

    @abstractmethod
    def options(self, data: Mapping[str, Any] | None = None) -> Any:
        """The ruleset's options value from stored JSON (missing names take defaults).
        Unknown names or wrong values raise ``ValueError`` naming the option."""

    @abstractmethod
    def options_json(self, options: Any) -> dict[str, Any]:
        """Inverse of :meth:`options`: the JSON a tournament stores."""

    @abstractmethod
    def describe_options(self, options: Any, lang: str = "de") -> list[str]:
        """One line of rules text per option in force, for the public rules page."""

    def options_from_text(self, pairs: Sequence[str]) -> dict[str, Any]:
        """Options JSON from ``NAME=VALUE`` strings (the command line's ``--option``), checked
        against :meth:`option_specs`; ``ValueError`` says which one is wrong and what is known."""
        specs = {spec.name: spec for spec in self.option_specs()}
        data: dict[str, Any] = {}
        for pair in pairs:
            name, equals, text = pair.partition("=")
            name = name.strip()
            if not equals:
                raise ValueError(f"{pair!r}: write an option as NAME=VALUE")
            if name not in specs:
                known = ", ".join(specs) or "none"
                raise ValueError(f"{self.key} has no option {name!r} (options: {known})")
            data[name] = specs[name].parse(text)
        self.options(data)  # the ruleset's own checks of the combination
        return data

    # ---------------------------------------------------------------- the table and the sheet
    def list_keeper_seat(self, table_size: int) -> int:
        """The seat that keeps the list."""
        return 1

    # Where the sheet's length and course are derived, ``options`` is the tournament's options
    # value (:meth:`options`; ``None``: the defaults), e.g. DDV's shorter club rounds (§9.1).
    @abstractmethod
    def sheet_length(self, table_size: int, cycles: int, options: Any = None) -> int:
        """The most rows a sheet holds at a table of ``table_size`` (``cycles``: the
        tournament's rounds of deals per sitting, where the ruleset counts them)."""

    @abstractmethod
    def dealer(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int:
        """The seat that deals row ``row`` (1-based), given the rows before it."""

    def sitter(
        self, row: int, table_size: int, rows_before: Sequence[JsonRow] = (), options: Any = None
    ) -> int | None:
        """The seat that sits row ``row`` out, or ``None`` when every seat plays it."""
        return None

    def complete_rows(self, rows: Sequence[Any], table_size: int, options: Any = None) -> list[Any]:
        """The rows with what the sheet knows and a row may leave out filled in (the table
        size, who sits out), each from the rows before it; anything not a mapping stays as it
        is for the scoring to refuse."""
        return list(rows)

    def prefill_rows(
        self,
        rows: Sequence[Any],
        table_size: int,
        options: Any = None,
        *,
        time_up_after: int | None = None,
    ) -> list[Any]:
        """The rows typed on a sheet page with what the ruleset derives from the rows before
        and the page lets a captain leave out (DDV: Pflicht, Lust or Vorführung of a solo, when
        only one is possible; after ``time_up_after`` only a Vorführung is). A sheet given as
        JSON (an import, a backup) is not passed here. Default: the rows as they are."""
        return list(rows)

    # The tournament's cycles (rounds of deals per sitting) a new tournament of this ruleset
    # starts with: the Doppelkopf evening's 4 (16 games at a four-table); count-down: 6.
    default_cycles: int = 4

    # ---------------------------------------------------------------- the round's clock
    def playing_minutes(self, table_size: int, cycles: int, options: Any = None) -> int:
        """The playing time of a round at a table of ``table_size``, in whole minutes.

        By default the DDV's pace (TSR 8.5: 100 minutes for 24 games, i.e. 25 minutes for every
        six rows) applied to :meth:`sheet_length`, rounded up to five minutes: 16 rows take 70,
        20 rows 85, and 24 and 30 rows give the DDV's own 100 and 125 minutes."""
        rows = self.sheet_length(table_size, cycles, options)
        minutes = -(-rows * 25 // 6)
        return max(5, -(-minutes // 5) * 5)

    # ---------------------------------------------------------------- the director's board
    # Whether :meth:`board_line` may say anything: the live board reads every table's rows only
    # for a ruleset that sets this (DDV: who still owes a Pflichtsolo).
    gives_board_lines: bool = False

    def board_line(
        self, rows: Sequence[JsonRow], table_size: int, options: Any, lang: str | None = "de"
    ) -> str | None:
        """One short line about a table's sheet so far for the director's live board, in
        ``lang`` (DDV: "Pflichtsolo offen: Platz 2, 4"), or ``None`` when there is nothing to
        say. Only asked when :attr:`gives_board_lines` is set."""
        return None

    # ---------------------------------------------------------------- the round's time called
    # Whether a sheet records "Zeit abgelaufen nach Spiel n" (DDV §9.4: after it only
    # Vorführungen may follow): the sheet pages offer it only for a ruleset that sets this. The
    # sheet's ``time_up_after`` goes to :meth:`score_sheet` and :meth:`sheet_status` (``None``
    # while not called); a ruleset that does not set this ignores it.
    records_time_up: bool = False
    time_up_note: Text = TIME_UP_NOTE  # what the sheet pages say under the control

    # The sheet pages' words around the rows (:class:`rules.sheet_words.SheetWords`): ending a
    # table early, the captain's first-use hint, the head once the time was called.
    sheet_words: SheetWords = HOUSE_SHEET_WORDS

    # ---------------------------------------------------------------- the sheet's status
    def sheet_status(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        options: Any,
        lang: str | None = "de",
        names: Mapping[int, str] | None = None,
        time_up_after: int | None = None,
    ) -> tuple[str, ...]:
        """Short lines about a sheet so far for the sheet pages, in ``lang``: which game comes
        next and who deals it, who still owes what, what must be played now (DDV: "Spiel 5 von
        24", "Vorführung: Platz 3 muss jetzt spielen"). ``names`` names a seat's player;
        ``time_up_after`` is the game after which the round's time was called (``None``: not
        called). Default: nothing to say."""
        return ()

    # ---------------------------------------------------------------- standings
    def standings_order(self) -> tuple[str, ...]:
        """The metrics of :data:`STANDINGS_METRICS` that rank the standings, the first deciding
        and each next one only among players equal on all before it."""
        return ("total", "games_won", "latest_round")

    # Whether the evening may be ranked by another format than the sum of points
    # (:data:`rules.standings.EVENING_FORMATS`: Tischpunkte, Schnitt je Durchgang): for a
    # ruleset that ranks by points first. Its metric then ranks first, the order above next.
    offers_evening_formats: bool = True

    def rules_texts(self) -> RulesTexts:
        """The rules page's heading and the standings' tie-break note (:class:`RulesTexts`);
        default: "Regeln und Wertung", ranked by points."""
        return RULES_TEXTS

    def metric_label(self, metric: str) -> Text:
        """How notes and the rules page name a metric of :data:`STANDINGS_METRICS`."""
        return self.rules_texts().metrics[metric]

    def player_figures(self, rows: Sequence[PlayedRow]) -> dict[str, int]:
        """A player's figures from the confirmed rows they played (:mod:`rules.stats`):
        games, games won, solos and solos won."""
        return game_figures(rows)

    def metric_figure(self, metric: str, value: int) -> Text:
        """A player's ``total`` or ``games_won`` in running text ("12 Punkte")."""
        return standings_words.metric_figure(metric, value)

    def certificate_score(self, total: int) -> Text:
        """The certificate's score line ("mit 12 Punkten")."""
        return standings_words.certificate_score(total)

    # Whether stored rows may end a Partie (:meth:`partie_end`): the standings read the stored
    # rows for Restpunkte and Partien gespielt only for a ruleset that sets this.
    gives_partie_ends: bool = False

    def partie_end(
        self, winner: str, breakdown: Sequence[Sequence[Any]]
    ) -> Mapping[int, int] | None:
        """A stored row's ``winner`` and ``breakdown`` (as :class:`rules.rows.RowResult` gave
        them): the seats' final scores of the counted Partie the row ends, or ``None`` when the
        row ends none (or a void one). Only asked when :attr:`gives_partie_ends` is set."""
        return None

    # ================================================================ rows and sheets
    # The sheet pages, the desk, autosave and backup ask these and
    # nothing of a ruleset's own types. Every ruleset implements the abstract ones; the others
    # have a default that fits a ruleset without the thing asked about.

    @abstractmethod
    def row_kind(self, row: JsonRow) -> str:
        """What the stored ``row`` is: :data:`rules.rows.GAME`, ``PENALTY`` or ``DEAL``."""

    @abstractmethod
    def row_label(
        self, number: int, row: JsonRow | None, rows_before: Sequence[JsonRow], lang: str = "de"
    ) -> str:
        """How pages name row ``number`` ("Spiel 7", "Strafe", "Spiel 3 · Partie 2"); ``row``
        is ``None`` for a row not yet entered."""

    @abstractmethod
    def score_row(self, row: JsonRow, options: Any, lang: str = "de") -> RowResult:
        """Score one row on its own (the calculator's live result; ``number`` 0, no dealer);
        refuses with a :class:`RowRefused`."""

    @abstractmethod
    def score_sheet(
        self,
        rows: Sequence[JsonRow],
        table_size: int,
        cycles: int,
        options: Any,
        lang: str = "de",
        *,
        time_up_after: int | None = None,
    ) -> SheetResult:
        """Score a whole sheet (rows as :meth:`complete_rows` gives them): every row's result
        or refusals, totals, whether it is complete and who deals next. Never raises for a bad
        row: a refused row has its :class:`rules.rows.RowRefusal` and counts nothing.
        ``time_up_after``: the game after which the round's time was called (``None``: not
        called); a ruleset that does not :attr:`records_time_up` ignores it."""

    @abstractmethod
    def entry_spec(self, table_size: int, lang: str = "de", options: Any = None) -> EntrySpec:
        """The entry forms of a row at a table of ``table_size`` (:mod:`rules.entry`); with the
        tournament's ``options`` only what they let a row be (``None``: the ruleset's own
        forms, whatever a tournament sets)."""

    def deal_rule(
        self, table_size: int, options: Any = None, time_up_after: int | None = None
    ) -> Mapping[str, Any] | None:
        """How the sheet page derives each row's dealer while the server cannot answer
        (offline), as plain JSON data for ``static/js/sheet/deal.js``; ``None`` when the rows
        move the deal in their order whatever they hold (the dealers the server rendered stay
        right). A ruleset whose rows move the deal (DDV: the dealer deals again after a
        Pflichtsolo) gives its rule; ``time_up_after`` is the game after which time was called."""
        return None

    def played_rows(self, rows: Sequence[JsonRow], options: Any = None) -> int:
        """How many of ``rows`` count towards the sheet's length (:meth:`sheet_length`): every
        row but a penalty line (:meth:`row_kind`); ``options``: the tournament's (the house
        rules' Schmeißen row is no game when the club redeals, CLUBRULES.md §5.1). A ruleset
        where it depends on more (a DDV penalty row "als gespielt gewertet" counts) says so in
        ``row_kind`` or here."""
        return sum(1 for row in rows if self.row_kind(row) != PENALTY)

    def refusal_message(
        self, refusal: RowRefusal, lang: str = "de", field_name: str | None = None
    ) -> str:
        """The refusal's message again, naming its field ``field_name`` (the page's name of
        the input) instead of the row's field path."""
        return refusal.message

    def warning_message(self, code: str, lang: str = "de") -> str:
        """A stored warning code in ``lang``."""
        return code

    def breakdown_label(self, key: str, lang: str = "de") -> str:
        """A stored breakdown key ("120", "re", "fuchs_gefangen") in ``lang``."""
        return key

    def game_type_label(self, game_type: str, lang: str = "de") -> str:
        """A result's ``game_type`` as the sheet's "Art" column names it ("" when none)."""
        return ""

    def rows_from_document(
        self, data: Any, table_size: int, cycles: int, options: Any, lang: str = "de"
    ) -> list[Any]:
        """The rows of a whole sheet read from a JSON document (``manage.py import_sheet``) in
        the ruleset's own shape (DDV: a §9.7 sheet; count-down: ``{"parties": [[records…],
        …], "stopped": false}``), for the sheet service to check and store; refuses with
        :class:`RowRefused` naming the field. Default: a JSON list of records, or an example
        sheet's ``{"games": [{"record": …}, …]}``."""
        if isinstance(data, Mapping) and isinstance(data.get("games"), list):
            # The example sheets wrap each record with its expected points.
            data = [
                game.get("record", game) if isinstance(game, Mapping) else game
                for game in data["games"]
            ]
        if not isinstance(data, list):
            raise DocumentRefused(None, "expected a JSON list of game records")
        return data

    def document_time_up(self, data: Any) -> int | None:
        """After which row a sheet document says the round was stopped (count-down:
        ``"stopped": true``), for ``import_sheet``'s time called; ``None``: it says nothing."""
        return None

    def describe_row(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> Text | None:
        """A stored row in one short line for the desk's version history (``row`` and
        ``result`` as for :meth:`sheet_cells`), words in it in ``lang``; ``None``: the
        history's own line for a game with winners and a value ("Re gewinnt: … · Wert 3", the
        house rules'). DDV: a penalty line; count-down: a deal's trump and tricks."""
        return None

    def sample_rows(self, table_size: int, length: int, seed: int) -> list[dict[str, Any]] | None:
        """A made-up legal, finished sheet of ``length`` rows played at a table of
        ``table_size`` (the same for the same seed), for demos and benchmarks; ``None`` when
        the ruleset makes none (the demo's own house records are used)."""
        return None

    # ================================================================ end of rows and sheets

    @abstractmethod
    def score_document(self, text: str, options: Any, lang: str = "de") -> tuple[str, bool]:
        """The ``score_game`` command: JSON text in, JSON text out, and whether anything was
        refused."""

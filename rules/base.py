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
- **Board line**: a short line the director's live board shows beside a table, from the rows
  entered so far (:meth:`Ruleset.board_line`; none by default).

A ruleset is pure Python: no Django, nothing of this project outside ``rules`` (see
``.importlinter``). Nothing outside ``rules`` compares a ruleset's key; it asks the ruleset.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JsonRow = Mapping[str, Any]

# The standings' metrics a ruleset may order by (the standings compute them from the confirmed
# score lines): the sum of points, the rows won (with plus points), the points of the last round.
# New metrics (Partiepunkte, Tischpunkte) are added here and in the standings together.
STANDINGS_METRICS = ("total", "games_won", "latest_round")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ruleset: its JSON name, German label, kind and default.

    ``kind`` is ``"bool"`` or ``"choice"``; a choice lists its ``choices`` as (value, German
    label) pairs. The command line's ``--option NAME=VALUE`` and the settings form read these.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()

    def parse(self, text: str) -> Any:
        """The option's value from a command-line string; ``ValueError`` names what is allowed."""
        if self.kind == "bool":
            folded = text.strip().lower()
            if folded in {"1", "true", "yes", "ja", "on"}:
                return True
            if folded in {"0", "false", "no", "nein", "off"}:
                return False
            raise ValueError(f"{self.name}: {text!r} is not a yes/no value (true or false)")
        for value, _label in self.choices:
            if str(value) == text.strip():
                return value
        allowed = ", ".join(str(value) for value, _label in self.choices)
        raise ValueError(f"{self.name}: {text!r} is not one of {allowed}")


class RowRefused(ValueError):
    """A row a ruleset refuses. ``field`` names where in the row (``None``: the row as a
    whole); :meth:`to_json` is what a JSON endpoint answers, in the reader's language."""

    field: str | None

    def message(self, lang: str | None = "de") -> str:
        return str(self)

    def to_json(self, lang: str | None = "de") -> dict[str, Any]:
        return {"field": getattr(self, "field", None), "message": self.message(lang)}


class Ruleset(ABC):
    """A set of rules a tournament plays by (see the module docstring for the words)."""

    key: str
    label: str
    table_sizes: tuple[int, ...]

    def text(self, german: str, lang: str | None = "de") -> str:
        """One of the ruleset's German texts (its label, an option's label or choice) in
        ``lang``, from the ruleset's own catalogue; German is the text itself."""
        return german

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

    @abstractmethod
    def sheet_length(self, table_size: int, cycles: int) -> int:
        """The most rows a sheet holds at a table of ``table_size`` (``cycles``: the
        tournament's rounds of deals per sitting, where the ruleset counts them)."""

    @abstractmethod
    def dealer(self, row: int, table_size: int, rows_before: Sequence[JsonRow] = ()) -> int:
        """The seat that deals row ``row`` (1-based), given the rows before it."""

    def sitter(self, row: int, table_size: int, rows_before: Sequence[JsonRow] = ()) -> int | None:
        """The seat that sits row ``row`` out, or ``None`` when every seat plays it."""
        return None

    def complete_rows(self, rows: Sequence[Any], table_size: int) -> list[Any]:
        """The rows with what the sheet knows and a row may leave out filled in (the table
        size, who sits out), each from the rows before it; anything not a mapping stays as it
        is for the scoring to refuse."""
        return list(rows)

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

    # ---------------------------------------------------------------- standings
    def standings_order(self) -> tuple[str, ...]:
        """The metrics of :data:`STANDINGS_METRICS` that rank the standings, the first deciding
        and each next one only among players equal on all before it."""
        return STANDINGS_METRICS

    # ---------------------------------------------------------------- scoring
    @abstractmethod
    def score_row(self, row: JsonRow, options: Any, lang: str = "de") -> Any:
        """Score one row on its own (points per seat, warnings); refuses with a
        :class:`RowRefused`."""

    @abstractmethod
    def score_sheet(
        self, rows: Sequence[JsonRow], table_size: int, cycles: int, options: Any
    ) -> Any:
        """Score a whole sheet: every row's result or refusal, and the sheet's issues."""

    @abstractmethod
    def score_document(self, text: str, options: Any, lang: str = "de") -> tuple[str, bool]:
        """The ``score_game`` command: JSON text in, JSON text out, and whether anything was
        refused."""

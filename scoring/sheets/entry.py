"""From the fields of the sheet page to game records (SCORING.md §8) and back.

A row of the paper list is typed in one of four ways, recognised in this order:

- **calculator**: the hidden ``g<n>-record`` holds a full record built in the calculator;
- **direct points**: any of ``g<n>-p<seat>`` is filled (each player's plus/minus);
- **revoke** (Verwerfen): ``g<n>-offender`` names the seat that revoked;
- **quick entry**: ``g<n>-winners`` ("14", "1+4", "2") and ``g<n>-value``.

A ruleset's own inputs (:meth:`rules.entry.EntrySpec.recorded_fields`: DDV's Pflicht/Lust/
Vorführung and its penalty line) are read by their names and written to their record path; a
form that is a line of its own (``EntryForm.line``) is recognised after direct points: its
record is the kind, the soloist and its inputs.

``g<n>-kind`` is the kind of game (default ``normal``) and ``g<n>-soloist`` the soloist of a
one-Re kind; when left empty it follows from the winners (one seat: the soloist won; three
seats: the remaining active seat played alone).

The kinds of game and which of them have a soloist come from the ruleset's entry spec
(:meth:`rules.base.Ruleset.entry_spec`); each row's dealer and sitter from the ruleset, derived
from the rows before it (rows are sequential). Nothing here scores: the rules engine decides.
This module only turns text into JSON values and reports text that is not even a number, with
the game and field it belongs to.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

import rules as rulesets
from rules.base import Ruleset
from rules.entry import EntrySpec

ROW_FIELDS = ("kind", "winners", "value", "soloist", "offender", "record")
MAX_ROWS = 60
# A game record nests three or four levels; anything much deeper is not a record.
MAX_JSON_DEPTH = 20


class JsonTooDeep(ValueError):
    """Lists and objects nested deeper than ``MAX_JSON_DEPTH``."""


def loads_json(text: str) -> Any:
    """``json.loads`` for what a browser sends: ValueError for invalid JSON, ``JsonTooDeep`` for
    nesting deeper than ``MAX_JSON_DEPTH`` (also where the parser itself would hit the recursion
    limit)."""
    try:
        value = json.loads(text)
    except RecursionError as error:
        raise JsonTooDeep("JSON nested too deeply") from error
    if nesting_depth(value) > MAX_JSON_DEPTH:
        raise JsonTooDeep("JSON nested too deeply")
    return value


def too_deep_message() -> str:
    return _("Die Rechner-Angaben sind zu tief verschachtelt (höchstens %(max)d Ebenen).") % {
        "max": MAX_JSON_DEPTH
    }


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (0 for a plain value); no recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


@dataclass
class RowInput:
    """What was typed in one row, as text, plus the record made of it (or the problems)."""

    number: int
    table_size: int
    values: dict[str, str] = field(default_factory=dict)
    record: dict[str, Any] | None = None
    problems: list[tuple[str, str]] = field(default_factory=list)  # (field, message)
    # Not a typing slip but a crafted request (JSON nested too deeply): the live preview
    # refuses the whole request (400) instead of showing it as the row's problem.
    refused: bool = False
    # Who deals the row and who sits it out, as the ruleset derives them from the rows before.
    dealer: int | None = None
    sitting_out: int | None = None
    # The ruleset's line forms (DDV: the penalty line): form key → the names of its inputs.
    line_keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def is_empty(self) -> bool:
        return not any(value.strip() for key, value in self.values.items() if key != "kind")

    @property
    def mode(self) -> str:
        if self.values.get("record", "").strip():
            return "calculator"
        if any(self.values.get(f"p{seat}", "").strip() for seat in range(1, self.table_size + 1)):
            return "direct"
        for key, names in self.line_keys.items():
            if any(self.values.get(name, "").strip() for name in names):
                return key
        if self.values.get("offender", "").strip():
            return "revoke"
        return "quick"


def row_keys(table_size: int, spec: EntrySpec | None = None) -> tuple[str, ...]:
    """The names of a row's inputs: the fixed ones, direct points per seat and the ruleset's
    own inputs (``spec``)."""
    own = tuple(entry.name for entry in spec.recorded_fields()) if spec is not None else ()
    return ROW_FIELDS + tuple(f"p{seat}" for seat in range(1, table_size + 1)) + own


def line_keys(spec: EntrySpec) -> dict[str, tuple[str, ...]]:
    return {form.key: tuple(entry.name for entry in form.fields) for form in spec.line_forms()}


def read_rows(
    data: Mapping[str, str],
    table_size: int,
    game_limit: int,
    ruleset: Ruleset | None = None,
    options: Any = None,
    time_up_after: int | None = None,
) -> list[RowInput]:
    """Every row up to the last one with something typed in it (empty rows between are kept,
    so that they can be reported). Each row's dealer and sitter come from ``ruleset`` (the
    default ruleset when not given), the tournament's ``options`` and the records of the rows
    before it; ``time_up_after``: the sheet's time called (what the ruleset derives for a row
    may depend on it)."""
    ruleset = ruleset or rulesets.get(rulesets.DEFAULT_KEY)
    spec = ruleset.entry_spec(table_size, options=options)
    keys = row_keys(table_size, spec)
    lines = line_keys(spec)
    rows: list[RowInput] = []
    before: list[dict[str, Any]] = []
    # Rows are read until ``game_limit`` of them count towards the sheet's length: a penalty
    # line (DDV) is a row of its own that does not.
    for number in range(1, MAX_ROWS + 1):
        if ruleset.played_rows(before, options) >= game_limit:
            break
        values = {key: str(data.get(f"g{number}-{key}", ""))[:2000] for key in keys}
        row = RowInput(number, table_size, values, line_keys=lines)
        row.dealer = ruleset.dealer(number, table_size, before, options)
        row.sitting_out = ruleset.sitter(number, table_size, before, options)
        if not row.is_empty:
            _build_record(row, spec)
        before.append(row.record if row.record is not None else {})
        rows.append(row)
    while rows and rows[-1].is_empty:
        rows.pop()
    for row in rows:
        if row.is_empty:  # a gap before later rows: reported at its row
            _build_record(row, spec)
    # What the ruleset derives from the rows before (DDV: the only Pflicht/Lust/Vorführung
    # possible for a solo typed without it) goes into the records scored and stored.
    built = [row for row in rows if row.record is not None]
    completed = ruleset.prefill_rows(
        [row.record for row in built], table_size, options, time_up_after=time_up_after
    )
    for row, record in zip(built, completed, strict=True):
        row.record = record
    return rows


def _int(row: RowInput, key: str, label: str) -> int | None:
    text = row.values.get(key, "").strip().replace("−", "-")
    if not text:
        return None
    if re.fullmatch(r"[+-]?[0-9]{1,4}", text):
        return int(text)
    row.problems.append(
        (
            key,
            _("%(label)s: „%(text)s“ ist keine ganze Zahl.") % {"label": label, "text": text[:20]},
        )
    )
    return None


def seats_from_text(text: str) -> list[int] | None:
    """ "14", "1+4", "1 4", "1,4" → [1, 4]; None if anything but seat digits and separators."""
    cleaned = re.sub(r"\bund\b|[\s+,;/&]+", "", text.strip().lower())
    if not cleaned or not cleaned.isascii() or not cleaned.isdigit() or len(cleaned) > 10:
        return None
    return [int(char) for char in cleaned]


def _build_record(row: RowInput, spec: EntrySpec) -> None:
    if row.is_empty:
        row.problems.append(
            (
                "winners",
                _(
                    "Die Zeile ist leer, aber spätere Spiele sind eingetragen. Bitte dieses Spiel "
                    "eintragen oder die späteren löschen."
                ),
            )
        )
        return
    base: dict[str, Any] = {"table_size": row.table_size}
    if row.sitting_out is not None:
        base["sitting_out"] = row.sitting_out
    kinds = [value for value, _label in spec.choices("kind")]
    kind = row.values.get("kind", "").strip() or (kinds[0] if kinds else "")
    if kinds and kind not in kinds:
        row.problems.append(("kind", _("Unbekannte Spielart „%(kind)s“.") % {"kind": kind[:30]}))
        return
    mode = row.mode
    if mode == "calculator":
        try:
            record = loads_json(row.values["record"])
        except JsonTooDeep:
            row.problems.append(("record", too_deep_message()))
            row.refused = True
            return
        except ValueError:
            row.problems.append(
                ("record", _("Die Rechner-Angaben sind beschädigt; bitte neu eingeben."))
            )
            return
        if not isinstance(record, dict):
            row.problems.append(
                ("record", _("Die Rechner-Angaben sind beschädigt; bitte neu eingeben."))
            )
            return
        # The ruleset's own inputs beside the calculator (DDV: Pflicht/Lust/Vorführung).
        row.record = {**record, **_recorded(row, spec), **base}
        return
    if mode == "direct":
        points = {}
        for seat in range(1, row.table_size + 1):
            value = _int(row, f"p{seat}", _("Platz %(seat)d") % {"seat": seat})
            points[str(seat)] = 0 if value is None else value
        soloist = _int(row, "soloist", _("Solospieler"))
        if not row.problems:
            # The kind goes with the points: a ruleset whose list needs it (DDV) has it.
            row.record = {**base, **({"kind": kind} if kind else {}), "points": points}
            if kind in spec.solo_kinds and soloist is not None:
                row.record["re"] = [soloist]
        return
    soloist = _int(row, "soloist", _("Solospieler"))
    own = _recorded(row, spec)
    if mode in row.line_keys:
        if row.problems:
            return
        record = {**base, "kind": kind, **own}
        if kind in spec.solo_kinds and soloist is not None:
            record["re"] = [soloist]
        row.record = record
        return
    if mode == "revoke":
        offender = _int(row, "offender", _("Verworfen von"))
        if row.problems:
            return
        record = {**base, "kind": kind, "revoke": {"offender": offender}}
        if kind in spec.solo_kinds and soloist is not None:
            record["re"] = [soloist]
        elif kind in spec.solo_kinds:
            row.problems.append(("soloist", _("Bei einem Solo bitte den Solospieler angeben.")))
            return
        row.record = record
        return
    winners_text = row.values.get("winners", "").strip()
    winners = seats_from_text(winners_text) if winners_text else []
    if winners is None:
        row.problems.append(
            (
                "winners",
                _("Sieger: bitte Platznummern wie „14“ oder „1+4“ eingeben (nicht „%(text)s“).")
                % {"text": winners_text[:20]},
            )
        )
    value = _int(row, "value", _("Wert"))
    if row.problems:
        return
    if value is None:
        row.problems.append(("value", _("Bitte den Wert des Spiels eingeben.")))
        return
    record = {**base, "kind": kind, "winners": winners, "value": value, **own}
    if kind in spec.solo_kinds:
        if soloist is None:
            soloist = infer_soloist(winners, row.table_size, row.sitting_out)
        if soloist is None:
            row.problems.append(("soloist", _("Bei einem Solo bitte den Solospieler angeben.")))
            return
        record["re"] = [soloist]
    row.record = record


def _recorded(row: RowInput, spec: EntrySpec) -> dict[str, Any]:
    """The ruleset's own inputs of ``row`` at their record paths ("penalty.offender" →
    ``{"penalty": {"offender": 3}}``); a seat or number that is not one is a problem at its
    input, a value outside a choice's list too. Inputs of a line form are only read for a row
    of that form."""
    lines = {name for names in row.line_keys.values() for name in names}
    record: dict[str, Any] = {}
    for entry in spec.recorded_fields():
        if entry.name in lines and row.mode not in row.line_keys:
            continue
        text = row.values.get(entry.name, "").strip()
        if not text:
            continue
        value: Any = text[: entry.max_length or 200]
        if entry.kind in ("seat", "int"):
            value = _int(row, entry.name, entry.label)
            if value is None:
                continue
        elif entry.choices and text not in {choice for choice, _label in entry.choices}:
            row.problems.append(
                (
                    entry.name,
                    _("%(label)s: „%(text)s“ gibt es nicht.")
                    % {"label": entry.label, "text": text[:20]},
                )
            )
            continue
        elif entry.kind == "flag":
            value = text == "1"
        target = record
        *parents, leaf = entry.record_path.split(".")
        for parent in parents:
            target = target.setdefault(parent, {})
        target[leaf] = value
    return record


def infer_soloist(winners: list[int], table_size: int, sitting_out: int | None) -> int | None:
    """One winner: the soloist won. Three winners: the soloist is the active seat left over."""
    if len(winners) == 1:
        return winners[0]
    active = [seat for seat in range(1, table_size + 1) if seat != sitting_out]
    if len(winners) == 3:
        rest = [seat for seat in active if seat not in winners]
        if len(rest) == 1:
            return rest[0]
    return None


def values_from_record(
    record: Mapping[str, Any],
    result_plus: list[int],
    value: int | None,
    solo_kinds: tuple[str, ...] | frozenset[str] = (),
    spec: EntrySpec | None = None,
) -> dict[str, str]:
    """The fields of the sheet page that show a stored record again (``solo_kinds``: the kinds
    with a soloist, from the ruleset's entry spec; ``spec``: the ruleset's own inputs, read
    back from their record paths)."""
    values = {key: "" for key in ROW_FIELDS}
    own = _own_values(record, spec) if spec is not None else {}
    values.update(own)
    lines = _line_fields(spec) if spec is not None else ()
    if any(own.get(entry.name) for entry in lines) and _only_lines(record, lines):
        values["kind"] = str(record.get("kind", ""))
        re_party = record.get("re") or []
        if record.get("kind") in solo_kinds and re_party:
            values["soloist"] = str(re_party[0])
        return values
    values["kind"] = str(record.get("kind", "normal"))
    if "points" in record:
        for seat, points in record["points"].items():
            values[f"p{seat}"] = str(points)
        values["kind"] = str(record.get("kind", ""))
        re_party = record.get("re") or []
        if record.get("kind") in solo_kinds and re_party:
            values["soloist"] = str(re_party[0])
        return values
    re_party = record.get("re") or []
    if record.get("kind") in solo_kinds and re_party:
        values["soloist"] = str(re_party[0])
    if record.get("revoke"):
        values["offender"] = str(record["revoke"].get("offender", ""))
        return values
    if "winners" in record or "value" in record:
        values["winners"] = "".join(str(seat) for seat in record.get("winners", []))
        values["value"] = str(record.get("value", ""))
        return values
    clean = {key: val for key, val in record.items() if key not in ("table_size", "sitting_out")}
    values["record"] = json.dumps(clean, ensure_ascii=False)
    values["winners"] = "".join(str(seat) for seat in result_plus)
    values["value"] = "" if value is None else str(abs(value))
    return values


def _line_fields(spec: EntrySpec) -> tuple[Any, ...]:
    return tuple(entry for form in spec.line_forms() for entry in form.fields)


def _only_lines(record: Mapping[str, Any], lines: tuple[Any, ...]) -> bool:
    """Whether the line form's inputs say everything a stored line holds under their record
    paths (else it is shown as the calculator's record, nothing lost)."""
    covered: dict[str, set[str]] = {}
    for entry in lines:
        head, _dot, rest = entry.record_path.partition(".")
        covered.setdefault(head, set()).add(rest)
    for head, leaves in covered.items():
        value = record.get(head)
        if isinstance(value, Mapping) and not set(value) <= leaves:
            return False
    return True


def _own_values(record: Mapping[str, Any], spec: EntrySpec) -> dict[str, str]:
    """The ruleset's own inputs of a stored record, read from their record paths."""
    values: dict[str, str] = {}
    for entry in spec.recorded_fields():
        value: Any = record
        for part in entry.record_path.split("."):
            value = value.get(part) if isinstance(value, Mapping) else None
        if isinstance(value, bool) and entry.kind == "flag":
            value = "1" if value else "0"
        values[entry.name] = "" if value is None or isinstance(value, (dict, list)) else str(value)
    return values

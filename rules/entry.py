"""The entry forms of a ruleset as data: what the sheet pages render and read for one row.

Vocabulary:

- **Entry form** (:class:`EntryForm`): one way to type a row — ``quick`` (the paper sheet's
  columns: winners, value, kind), ``calculator`` (the whole row built in a dialog and sent as
  JSON), ``direct`` (points per seat), ``extra`` (what a quick row may add: the soloist, who
  revoked), and for count-down ``deal`` (tricks and drop-outs per seat).
- **Entry field** (:class:`EntryField`): one input of a form — its ``name`` (the form field is
  ``g<row>-<name>``; ``{seat}`` in a name stands for every seat, ``p{seat}`` → ``p1`` … ``p5``),
  its German ``label`` (or in the language asked for), its ``kind`` (:data:`FIELD_KINDS`), the
  ``choices`` of a choice as (value, label) pairs, the ``bounds`` of a number, the most
  characters it takes (``max_length``), a ``placeholder`` (for a choice or seat: the text of
  its empty choice) and whether the page shows it in the row itself or under "more"
  (``extra``). ``record_path`` says where an input the page does not know by name goes in the
  row's record ("solo_mode", "penalty.offender"): the page renders it from the spec and
  writes a typed value there (a seat or int as a number, a ``flag`` — a choice of ``"1"`` and
  ``"0"`` — as true or false); empty is left out. An input the ruleset fills in when it is left
  empty (``prefilled``: DDV's Pflicht/Lust/Vorführung) does not make a row typed without it
  differ from the row stored with it. A key of ``field_inputs`` may also be a whole field path
  where one field of a record has an input of its own (``penalty.solo_known``).
- A form that is a **line** of its own (``EntryForm.line``, DDV's penalty line): when any of its
  inputs is filled, the row is that form's record — the kind, the soloist and its inputs, no
  winners or value.
- **Entry spec** (:class:`EntrySpec`): every form of the ruleset at one table size, which kinds
  need a soloist (``solo_kinds``: the page compares rows as the server reads them), the
  calculator's parties (key, label, the first call, the second call — empty when the ruleset has
  none, DDV has no Sub/In) and Sonderpunkte, whether its first call may also be said before the
  first lead (``calls_before_lead``: the house rules' "Re vor dem ersten Ausspielen"), and where
  a refusal of a row's JSON field belongs on the page (``field_inputs``: the head of the field
  path → the input; ``record`` when none) with the input's name in messages (``input_names``),
  the names of a record's fields (``record_names``) and what to do (``advice``); a ruleset whose
  page checks a row before the server does (count-down: the phone's live preview, offline) gives
  its refusals' message templates by code (``messages``, ``{name}`` placeholders) so that both
  say the same.

The row's prefilled values (its dealer and who sits it out) are not part of the spec: they are
derived from the rows before by :meth:`rules.base.Ruleset.dealer` and ``sitter``.

Pure data: no Django, nothing of this project outside ``rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

FIELD_KINDS = ("seats", "int", "choice", "seat", "json", "points", "text", "flag")


@dataclass(frozen=True, slots=True)
class EntryField:
    """One input of an entry form (see the module docstring)."""

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    bounds: tuple[int, int] | None = None
    max_length: int | None = None
    placeholder: str = ""
    extra: bool = False
    record_path: str = ""
    prefilled: bool = False

    def names(self, table_size: int) -> tuple[str, ...]:
        """The form's names of this input: one per seat for a ``{seat}`` name."""
        if "{seat}" not in self.name:
            return (self.name,)
        return tuple(self.name.format(seat=seat) for seat in range(1, table_size + 1))


@dataclass(frozen=True, slots=True)
class EntryForm:
    """One way to type a row: its key, German label and inputs."""

    key: str
    label: str
    fields: tuple[EntryField, ...]
    line: bool = False


@dataclass(frozen=True, slots=True)
class EntrySpec:
    """Every entry form of a ruleset at one table size (see the module docstring)."""

    table_size: int
    forms: tuple[EntryForm, ...]
    solo_kinds: tuple[str, ...] = ()
    parties: tuple[tuple[str, str, str, str], ...] = ()
    specials: tuple[tuple[str, str], ...] = ()
    calls_before_lead: bool = False
    field_inputs: Mapping[str, str] = field(default_factory=dict)
    input_names: Mapping[str, str] = field(default_factory=dict)
    record_names: Mapping[str, str] = field(default_factory=dict)
    advice: Mapping[str, str] = field(default_factory=dict)
    messages: Mapping[str, str] = field(default_factory=dict)

    def form(self, key: str) -> EntryForm | None:
        return next((form for form in self.forms if form.key == key), None)

    def field(self, name: str) -> EntryField | None:
        """The input called ``name`` in any form (``p3`` finds ``p{seat}``)."""
        for form in self.forms:
            for entry in form.fields:
                if name in entry.names(self.table_size):
                    return entry
        return None

    def field_names(self) -> tuple[str, ...]:
        """Every form name of a row's inputs, each once, in the forms' order."""
        names: dict[str, None] = {}
        for form in self.forms:
            for entry in form.fields:
                names.update(dict.fromkeys(entry.names(self.table_size)))
        return tuple(names)

    def recorded_fields(self) -> tuple[EntryField, ...]:
        """The inputs written to a record path (the ones the page renders from the spec)."""
        return tuple(entry for form in self.forms for entry in form.fields if entry.record_path)

    def line_forms(self) -> tuple[EntryForm, ...]:
        return tuple(form for form in self.forms if form.line)

    def choices(self, name: str) -> tuple[tuple[str, str], ...]:
        entry = self.field(name)
        return entry.choices if entry is not None else ()

    def input_of(self, field_path: str | None) -> str:
        """The input a refusal at ``field_path`` belongs to (``row``: the row as a whole)."""
        if not field_path:
            return "row"
        if field_path in self.field_inputs:
            return self.field_inputs[field_path]
        head = field_path.split(".")[0].split("[")[0]
        return self.field_inputs.get(head, "record")

"""The repeated parts of a score sheet's rows, built in one Python loop each.

A sheet of 16 or 20 games repeats, per row, the list of kinds, two lists of seats (soloist,
offender) and a label for every field ("Spiel 5: Wert"). As template loops and
``blocktranslate`` they were half of the captain's page time (35 ms of a 40 ms page, measured
in ``docs/performance.md`` §8); here each is one call with the same output.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from rules.entry import EntryField, EntrySpec

register = template.Library()

# The labels of a row's fields for screen readers, as the template had them (same msgids).
FIELD_LABELS = {
    "winners": gettext_noop("Spiel %(n)s: Sieger"),
    "value": gettext_noop("Spiel %(n)s: Wert"),
    "kind": gettext_noop("Spiel %(n)s: Spielart"),
    "calculator": gettext_noop("Rechner für Spiel %(n)s"),
    "more": gettext_noop("Weitere Angaben zu Spiel %(n)s"),
}


@register.simple_tag
def kind_options(kinds: Iterable[tuple[str, str]], selected: str | None) -> SafeString:
    """``<option>`` per kind of game, the row's kind selected."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((value, " selected" if selected == value else "", label) for value, label in kinds),
    )


@register.simple_tag
def seat_options(seats: Sequence, sitting_out: int | None, selected: str | None) -> SafeString:
    """``<option>`` per seat that plays the game ("3 Name"), the row's choice selected."""
    return format_html_join(
        "",
        '<option value="{}"{}>{} {}</option>',
        (
            (
                seat.number,
                " selected" if selected == str(seat.number) else "",
                seat.number,
                seat.name,
            )
            for seat in seats
            if seat.number != sitting_out
        ),
    )


@register.simple_tag
def field_label(name: str, game: int) -> str:
    """The label of one field of game ``game`` ("Spiel 5: Wert"), escaped by the template."""
    return gettext(FIELD_LABELS[name]) % {"n": game}


@register.simple_tag
def points_label(game: int, seat: int) -> str:
    """The label of one seat's direct points ("Spiel 5: Punkte Platz 2")."""
    return gettext("Spiel %(n)s: Punkte Platz %(s)s") % {"n": game, "s": seat}


@register.simple_tag
def has_input(entry: EntrySpec, name: str) -> bool:
    """Whether the ruleset's entry forms have the input ``name`` ("offender": only the house
    rules have "Verworfen von")."""
    return entry.field(name) is not None


@register.simple_tag
def own_names(entry: EntrySpec, lines: bool = False) -> str:
    """The names of the ruleset's own inputs (``lines``: of its line forms), space-separated,
    for the page's script."""
    if lines:
        return " ".join(field.name for form in entry.line_forms() for field in form.fields)
    return " ".join(field.name for field in entry.recorded_fields())


@register.simple_tag
def own_open(entry: EntrySpec, row: Any) -> bool:
    """Whether a row's extras open for the ruleset's own inputs: a line form filled in, or a
    problem at any of them (DDV's Pflicht/Lust alone does not: it is filled in)."""
    lines = {field.name for form in entry.line_forms() for field in form.fields}
    return any(
        (field.name in lines and row.values.get(field.name)) or row.problems.get(field.name)
        for field in entry.recorded_fields()
    )


def _own_input(field: EntryField, row: Any, seats: Sequence, can_edit: bool) -> SafeString:
    name = f"g{row.number}-{field.name}"
    value = str(row.values.get(field.name, "") or "")
    css = field.name + (" invalid" if row.problems.get(field.name) else "")
    if field.kind in ("seat", "choice"):
        if field.kind == "seat":
            choices = [
                (str(seat.number), f"{seat.number} {seat.name}")
                for seat in seats
                if seat.number != row.sitting_out
            ]
        else:
            choices = list(field.choices)
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            ((key, " selected" if key == value else "", text) for key, text in choices),
        )
        return format_html(
            '<label>{} <select name="{}" class="{}"{}><option value="">{}</option>{}</select>'
            "</label>",
            field.label,
            name,
            css,
            "" if can_edit else SafeString(" disabled"),
            field.placeholder or "–",
            options,
        )
    numeric = field.kind == "int"
    return format_html(
        '<label>{} <input type="text" name="{}" value="{}" class="{}" maxlength="{}"'
        ' autocomplete="off"{}{}></label>',
        field.label,
        name,
        value,
        css,
        field.max_length or 40,
        SafeString(' inputmode="numeric"') if numeric else "",
        "" if can_edit else SafeString(" readonly"),
    )


@register.simple_tag
def own_inputs(entry: EntrySpec, row: Any, seats: Sequence, can_edit: bool) -> SafeString:
    """The ruleset's own inputs of a row (:meth:`rules.entry.EntrySpec.recorded_fields`):
    DDV's Pflicht/Lust/Vorführung among the extras and its penalty line as a fieldset."""
    parts: list[SafeString] = []
    for form in entry.forms:
        fields = [field for field in form.fields if field.record_path]
        if not fields:
            continue
        inputs = SafeString("".join(_own_input(field, row, seats, can_edit) for field in fields))
        if form.line:
            parts.append(
                format_html(
                    '<fieldset class="line-form {}"><legend>{}</legend>{}</fieldset>',
                    form.key,
                    form.label,
                    inputs,
                )
            )
        else:
            parts.append(inputs)
    return SafeString("".join(parts))

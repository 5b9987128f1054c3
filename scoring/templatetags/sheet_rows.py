"""The inputs of a score sheet's row, rendered from the ruleset's entry spec (``rules.entry``).

The row itself is ``templates/scoring/includes/sheet_row.html`` (the one place a row is
rendered: the form, the read-only sheet and the blank row the page's script clones); its inputs
come from here, one Python loop each: the quick entry's cells (winners, value, kind), the extras
under "more" (the soloist, who revoked, DDV's Pflicht/Lust/Vorführung and its penalty line as a
fieldset), the direct points per seat. A sheet of 16 or 20 games repeats them per row; as
template loops and ``blocktranslate`` they were half of the captain's page time (35 ms of a
40 ms page, measured in ``docs/performance.md`` §8).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join, json_script
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from rules.entry import EntryField, EntryForm, EntrySpec
from scoring.sheets.page import RowView, SheetPageData

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


# The number of the blank row the page's script clones (``<template id="sheet-row-template">``):
# it puts the row's number in its place in every name, id, label and text.
ROW_SLOT = "__n__"
ROW_PARTIAL = "scoring/includes/sheet_row.html"


def quick_form(entry: EntrySpec) -> EntryForm:
    """The ruleset's quick entry (the paper sheet's columns); a ruleset without one (count-down,
    whose deals have a form of their own) keeps the house rules' three columns."""
    return entry.form("quick") or EntryForm(
        "quick",
        "",
        (
            EntryField("winners", gettext("Sieger"), "seats", max_length=12),
            EntryField("value", gettext("Wert"), "int", max_length=4),
            EntryField("kind", gettext("Spielart"), "choice", choices=entry.choices("kind")),
        ),
    )


def _extra_forms(entry: EntrySpec) -> list[tuple[EntryForm, list[EntryField]]]:
    """The forms with inputs under "more" (not direct points, not the calculator's record)."""
    forms = []
    for form in entry.forms:
        fields = [field for field in form.fields if field.extra and field.kind in _EXTRA_KINDS]
        if fields:
            forms.append((form, fields))
    return forms


_EXTRA_KINDS = ("seat", "choice", "flag", "int", "text")


@register.simple_tag
def field_names(entry: EntrySpec, table_size: int) -> str:
    """The names of every input of a row, space-separated, for the page's script."""
    names = [field.name for field in quick_form(entry).fields]
    names += [field.name for _form, fields in _extra_forms(entry) for field in fields]
    names += ["record", *(f"p{seat}" for seat in range(1, table_size + 1))]
    return " ".join(dict.fromkeys(names))


@register.simple_tag
def line_names(entry: EntrySpec) -> str:
    """The names of the inputs of the ruleset's line forms (DDV's penalty line)."""
    return " ".join(field.name for form in entry.line_forms() for field in form.fields)


@register.simple_tag
def counted_names(entry: EntrySpec) -> str:
    """The ruleset's own inputs of a quick entry that make a row differ (DDV's Klärungsstich;
    not Pflicht/Lust/Vorführung, which the ruleset fills in when left empty)."""
    lines = set(line_names(entry).split())
    return " ".join(
        field.name
        for field in entry.recorded_fields()
        if not field.prefilled and field.name not in lines
    )


@register.simple_tag
def record_input_names(entry: EntrySpec) -> str:
    """The ruleset's inputs of a game that go into its record (DDV's Pflicht/Lust/Vorführung and
    Klärungsstich; not a line form's): the calculator's record keeps them, it clears the rest."""
    lines = set(line_names(entry).split())
    return " ".join(field.name for field in entry.recorded_fields() if field.name not in lines)


@register.simple_tag
def own_open(entry: EntrySpec, row: Any) -> bool:
    """Whether a row's extras open for the ruleset's own inputs: one filled in that the ruleset
    does not fill in itself (DDV's penalty line, its Klärungsstich; not Pflicht/Lust), or a
    problem at any of them."""
    return any(
        (not field.prefilled and row.values.get(field.name)) or row.problems.get(field.name)
        for field in entry.recorded_fields()
    )


def _aria(field: EntryField, number: Any) -> str:
    if field.name in FIELD_LABELS:
        return field_label(field.name, number)
    return f"{gettext('Spiel')} {number}: {field.label}"


def _quick_cell(field: EntryField, row: Any, can_edit: bool) -> SafeString:
    name = f"g{row.number}-{field.name}"
    value = str(row.values.get(field.name, "") or "")
    css = field.name + (" invalid" if row.problems.get(field.name) else "")
    if field.kind == "choice":
        return format_html(
            '<td class="kind-col"><label class="cell-label" for="{}">{}</label><select id="{}"'
            ' name="{}" class="{}" aria-label="{}"{}>{}</select></td>',
            name,
            field.label,
            name,
            name,
            css,
            _aria(field, row.number),
            "" if can_edit else SafeString(" disabled"),
            kind_options(field.choices, value),
        )
    return format_html(
        '<td class="entry-col"><label class="cell-label" for="{}">{}</label><input type="text"'
        ' id="{}" name="{}" value="{}"{} autocomplete="off" maxlength="{}" class="{}"'
        ' aria-label="{}"{}></td>',
        name,
        field.label,
        name,
        name,
        value,
        SafeString(' inputmode="numeric"') if field.kind in ("seats", "int") else "",
        field.max_length or 40,
        css,
        _aria(field, row.number),
        "" if can_edit else SafeString(" readonly"),
    )


@register.simple_tag
def quick_cells(entry: EntrySpec, row: Any, can_edit: bool) -> SafeString:
    """The row's quick entry as table cells, in the ruleset's order (winners, value, kind)."""
    return SafeString(
        "".join(_quick_cell(field, row, can_edit) for field in quick_form(entry).fields)
    )


def _extra_input(field: EntryField, row: Any, seats: Sequence, can_edit: bool) -> SafeString:
    name = f"g{row.number}-{field.name}"
    value = str(row.values.get(field.name, "") or "")
    css = field.name + (" invalid" if row.problems.get(field.name) else "")
    if field.kind in ("seat", "choice", "flag"):
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
def extra_inputs(entry: EntrySpec, row: Any, seats: Sequence, can_edit: bool) -> SafeString:
    """A row's inputs under "more", in the spec's order: the soloist, who revoked (house rules),
    DDV's Pflicht/Lust/Vorführung, and a line form (DDV's penalty line) as a fieldset."""
    parts: list[SafeString] = []
    for form, fields in _extra_forms(entry):
        inputs = SafeString("".join(_extra_input(field, row, seats, can_edit) for field in fields))
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


@register.simple_tag
def direct_inputs(entry: EntrySpec, row: Any, can_edit: bool) -> SafeString:
    """Each seat's points typed directly (the spec's ``p{seat}``), 0 shown for the seat out."""
    field = entry.field("p1")
    return format_html_join(
        "",
        '<label class="direct-points">{}<input type="text" inputmode="numeric" name="g{}-p{}"'
        ' value="{}" maxlength="{}" class="direct-input{}" aria-label="{}"{}{}></label>',
        (
            (
                cell["seat"],
                row.number,
                cell["seat"],
                cell["direct"],
                (field.max_length if field is not None else None) or 4,
                " invalid" if row.problems.get("points") else "",
                points_label(row.number, cell["seat"]),
                SafeString(' placeholder="0"') if cell["out"] else "",
                "" if can_edit else SafeString(" readonly"),
            )
            for cell in row.cells
        ),
    )


def blank_row(page: SheetPageData) -> RowView:
    """The blank row the page's script clones when the sheet grows by a row (a DDV penalty line
    is no game, so one more row follows): numbered ``ROW_SLOT``; its dealer and who sits it out
    come from the server's next answer."""
    row = RowView(number=ROW_SLOT, dealer="", dealer_name="", sitting_out=None, values={})  # type: ignore[arg-type]
    row.game = ROW_SLOT  # renumbered by the page's script as the paper numbers games
    row.build_cells(page.seats)
    return row


@register.simple_tag(takes_context=True)
def row_template(context: template.Context, page: SheetPageData) -> SafeString:
    """The blank row rendered by the row's partial, as JSON for the page's script (``<script
    type="application/json" id="sheet-row-template">``): the script makes it a ``<template>``.
    As JSON, not as markup in the page, so that the page holds only the sheet's real rows."""
    partial = context.template.engine.get_template(ROW_PARTIAL)
    with context.push(row=blank_row(page), editable=True):
        html = partial.render(context)
    return json_script(html, "sheet-row-template")

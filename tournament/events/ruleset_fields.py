"""The ruleset on the tournament's form: a choice of the registered rulesets by their names and
the options of each, rendered from its :class:`rules.options.OptionSpec` (label, help, bounds,
choices in the reader's language; a list option as checkboxes, a map option as a number per
key; grouped as the ruleset groups them). The page shows the chosen ruleset's options (a script
hides the others; without it they all show, each under its ruleset's name); only the chosen
one's are read, checked against the specs and then by the ruleset itself.

A field is named after its option (``deck``), or ``KEY-NAME`` where two rulesets share a name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

import rules as rulesets
from rules.base import OptionSpec, Ruleset


def registered() -> list[Ruleset]:
    """Every registered ruleset, the default first."""
    return [rulesets.get(key) for key in rulesets.known_keys()]


def field_names() -> dict[tuple[str, str], str]:
    """The form field of each (ruleset key, option name)."""
    pairs = [(each.key, spec.name) for each in registered() for spec in each.option_specs()]
    shared = Counter(name for _key, name in pairs)
    return {(key, name): name if shared[name] == 1 else f"{key}-{name}" for key, name in pairs}


def ruleset_field(lang: str | None) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Regelwerk"),
        choices=[(ruleset.key, ruleset.text(ruleset.label, lang)) for ruleset in registered()],
        help_text=_("Nach welchen Regeln gespielt und gewertet wird."),
        required=False,  # a form posted without it keeps the tournament's
    )


TABLES = {
    3: gettext_lazy("Spiele am Dreiertisch"),
    4: gettext_lazy("Spiele am Vierertisch"),
    5: gettext_lazy("Spiele am Fünfertisch"),
}


def cycles_matter(ruleset: Ruleset) -> bool:
    """Whether the number of cycles changes ``ruleset``'s sheet length (not under DDV, whose
    options set it: the page hides the field there)."""
    options = ruleset.options()
    return any(
        ruleset.sheet_length(size, 1, options) != ruleset.sheet_length(size, 2, options)
        for size in ruleset.table_sizes
        if size in TABLES
    )


def cycles_help(ruleset: Ruleset) -> str:
    """The help of the cycles field for ``ruleset``: what its default number of cycles gives at
    each of its table sizes, or that its options set the length (DDV)."""
    options = ruleset.options()
    sizes = [size for size in ruleset.table_sizes if size in TABLES]
    if not cycles_matter(ruleset):
        return _(
            "Bei diesem Regelwerk ohne Wirkung: die Länge eines Durchgangs stellen seine Optionen "
            "ein."
        )
    cycles = ruleset.default_cycles
    lengths = ", ".join(
        f"{ruleset.sheet_length(size, cycles, options)} {TABLES[size]}" for size in sizes
    )
    return _("Eine Runde: jeder gibt einmal. %(cycles)d Runden = %(lengths)s.") % {
        "cycles": cycles,
        "lengths": lengths,
    }


class OptionMapWidget(forms.MultiWidget):
    """A whole number per named key (a map option, e.g. each Sonderpunkt's value), each input
    with its own label."""

    def __init__(self, keys: list[tuple[str, str]], low: int | None, high: int | None) -> None:
        self.labels = dict(keys)
        attrs = {"min": low, "max": high, "step": 1, "inputmode": "numeric"}
        super().__init__({key: forms.NumberInput(attrs=attrs) for key, _label in keys})

    def decompress(self, value: Any) -> list[Any]:
        value = value or {}
        return [value.get(key) for key in self.labels]

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> str:
        if not isinstance(value, list):
            value = self.decompress(value)
        attrs = self.build_attrs(self.attrs, attrs)
        base = attrs.get("id")
        inputs = []
        for (key, label), widget, part in zip(
            self.labels.items(), self.widgets, value, strict=True
        ):
            own = {**attrs, "id": f"{base}_{key}"} if base else dict(attrs)
            html = widget.render(f"{name}_{key}", part, own, renderer)
            inputs.append((label, html))
        items = format_html_join(
            "", '<label class="option-map-key"><span>{}</span> {}</label>', inputs
        )
        return format_html('<div class="option-map">{}</div>', items)


class OptionMapField(forms.MultiValueField):
    """A map option as one form field: its keys' whole numbers, gathered into a dict (keys left
    empty are left out and keep their value)."""

    def __init__(self, keys: list[tuple[str, str]], low: int | None, high: int | None, **kwargs):
        self.keys = [key for key, _label in keys]
        fields = [forms.IntegerField(required=False) for _key in keys]
        super().__init__(
            fields, widget=OptionMapWidget(keys, low, high), require_all_fields=False, **kwargs
        )

    def compress(self, data_list: list[Any]) -> dict[str, int]:
        return {
            key: value
            for key, value in zip(self.keys, data_list or [], strict=False)
            if value is not None
        }


def option_field(ruleset: Ruleset, spec: OptionSpec, lang: str | None) -> forms.Field:
    """A form field for one of the ruleset's options, labelled in the reader's language. Never
    required: a ruleset not chosen is not read, and the chosen one's missing values keep what is
    set (:func:`read_options`). A list option is a row of checkboxes, a map option a number per
    key."""
    label = ruleset.text(spec.label, lang)
    help_text = ruleset.text(spec.help, lang) if spec.help else ""
    if spec.kind == "bool":
        return forms.BooleanField(label=label, required=False, help_text=help_text)
    choices = [(value, ruleset.text(text, lang)) for value, text in spec.choices]
    if spec.kind == "list":
        return forms.MultipleChoiceField(
            label=label,
            choices=choices,
            required=False,
            help_text=help_text,
            widget=forms.CheckboxSelectMultiple,
            error_messages={"invalid_choice": spec_refusal(ruleset, spec, None, lang)},
        )
    if spec.kind == "map":
        return OptionMapField(
            choices,
            spec.minimum,
            spec.maximum,
            label=label,
            required=False,
            help_text=help_text,
            error_messages={"invalid": spec_refusal(ruleset, spec, None, lang)},
        )
    # A value the field cannot even read is refused naming the option, as the checks below do.
    refused = {"invalid": spec_refusal(ruleset, spec, None, lang)}
    if spec.kind == "int":
        field = forms.IntegerField(
            label=label, required=False, help_text=help_text, error_messages=refused
        )
        field.widget.attrs.update(min=spec.minimum, max=spec.maximum, step=1)
        return field
    return forms.TypedChoiceField(
        label=label,
        choices=[(value, ruleset.text(text, lang)) for value, text in spec.choices],
        coerce=type(spec.default),
        required=False,
        help_text=help_text,
        error_messages={"invalid_choice": refused["invalid"]},
    )


def add_fields(form: forms.BaseForm, current: Ruleset, stored: Mapping[str, Any]) -> None:
    """The ruleset choice and every ruleset's option fields, with the tournament's values for
    its own ruleset and the defaults for the others."""
    lang = get_language()
    form.fields["ruleset"] = ruleset_field(lang)
    form.fields["ruleset"].initial = current.key
    names = field_names()
    form.option_fields = {}
    for ruleset in registered():
        values = stored if ruleset.key == current.key else {}
        keys = []
        for spec in ruleset.option_specs():
            name = names[(ruleset.key, spec.name)]
            form.fields[name] = option_field(ruleset, spec, lang)
            form.fields[name].initial = values.get(spec.name, spec.default)
            keys.append(name)
        form.option_fields[ruleset.key] = keys


def posted_change(form: forms.BaseForm) -> bool:
    """Whether a post names another ruleset or option value than the form shows (a browser
    sends no disabled field: only a crafted post does, and it is refused, not ignored)."""
    for name in ("ruleset", *field_names().values()):
        field = form.fields[name]
        if isinstance(field, forms.MultiValueField):
            parts = field.widget.value_from_datadict(form.data, form.files, name)
            if any(part not in (None, "") for part in parts):
                shown = field.widget.decompress(form.get_initial_for_field(field, name))
                if [str(part) for part in parts] != [str(part) for part in shown]:
                    return True
            continue
        if name not in form.data:
            continue
        shown = form.get_initial_for_field(field, name)
        posted = form.data.get(name)
        if isinstance(field, forms.BooleanField):
            if field.to_python(posted) != bool(shown):
                return True
        elif isinstance(field, forms.MultipleChoiceField):
            posted_list = form.data.getlist(name) if hasattr(form.data, "getlist") else posted
            if sorted(posted_list or []) != sorted(shown or []):
                return True
        elif str(posted) != str(shown):
            return True
    return False


def read_options(
    form: forms.BaseForm, cleaned: dict[str, Any], ruleset: Ruleset, kept: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The chosen ruleset's options from the cleaned fields (each removed from ``cleaned``),
    checked against the specs and by the ruleset; ``kept`` fills what was not posted. Each
    refusal is added to the form at its option's field, naming the option; ``None`` then."""
    lang = get_language()
    names = field_names()
    data = dict(kept)
    for spec in ruleset.option_specs():
        name = names[(ruleset.key, spec.name)]
        value = cleaned.get(name)
        if spec.kind == "bool":
            data[spec.name] = bool(value)  # a checkbox: not posted is off
        elif spec.kind == "list":
            if value:  # none ticked posts nothing: the list keeps what is set
                data[spec.name] = list(value)
        elif spec.kind == "map":
            data[spec.name] = {**dict(data.get(spec.name) or {}), **(value or {})}
        elif value not in (None, ""):
            data[spec.name] = value
        refusal = spec_refusal(ruleset, spec, data.get(spec.name, spec.default), lang)
        if refusal:
            form.add_error(name, refusal)
    for key in names.values():
        cleaned.pop(key, None)
    if form.errors:
        return None
    try:
        return ruleset.options_json(ruleset.options(data))
    except ValueError as error:  # the ruleset's own check of the combination
        field = str(getattr(error, "field", "") or "").removeprefix("options.")
        spec = next((spec for spec in ruleset.option_specs() if spec.name == field), None)
        message = error.message(lang) if hasattr(error, "message") else str(error)
        if spec is None:
            form.add_error("ruleset", message)
        else:
            form.add_error(names[(ruleset.key, spec.name)], named(ruleset, spec, message, lang))
        return None


def named(ruleset: Ruleset, spec: OptionSpec, message: str, lang: str | None) -> str:
    return _("„%(option)s“: %(message)s") % {
        "option": ruleset.text(spec.label, lang),
        "message": message,
    }


def spec_refusal(ruleset: Ruleset, spec: OptionSpec, value: Any, lang: str | None) -> str:
    """What is wrong with ``value`` for ``spec`` in the reader's language ("" when nothing)."""
    if spec.kind == "list":
        allowed = [choice for choice, _label in spec.choices]
        if isinstance(value, list) and all(item in allowed for item in value):
            return ""
        return named(ruleset, spec, _("bitte nur die angebotenen Werte wählen."), lang)
    if spec.kind == "map":
        keys = [key for key, _label in spec.choices]
        if isinstance(value, dict) and all(
            key in keys and type(number) is int and spec.within(number)
            for key, number in value.items()
        ):
            return ""
        return named(
            ruleset,
            spec,
            _("bitte je eine ganze Zahl von %(low)d bis %(high)d.")
            % {"low": spec.minimum, "high": spec.maximum},
            lang,
        )
    if spec.kind == "bool":
        return "" if type(value) is bool else named(ruleset, spec, _("bitte Ja oder Nein."), lang)
    if spec.kind == "int":
        if type(value) is int and spec.within(value):
            return ""
        return named(
            ruleset,
            spec,
            _("bitte eine ganze Zahl von %(low)d bis %(high)d.")
            % {"low": spec.minimum, "high": spec.maximum},
            lang,
        )
    if any(value == allowed for allowed, _label in spec.choices):
        return ""
    return named(ruleset, spec, _("bitte einen der angebotenen Werte wählen."), lang)

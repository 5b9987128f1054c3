"""The tournament's settings form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules.base import OptionSpec, Ruleset
from tournament.models import (
    CYCLES_LIMITS,
    ROUNDS_COUNT_LIMITS,
    SLIDE_FIELDS,
    SLIDE_SECONDS_LIMITS,
    Tournament,
)

# The model's ruleset fields are not form fields: the ruleset's options are, one field each
# (``option_field``), gathered into ``ruleset_options`` by ``clean``.
RULESET_FIELDS = ("ruleset", "ruleset_options")


def option_field(ruleset: Ruleset, spec: OptionSpec, lang: str | None) -> forms.Field:
    """A form field for one of the ruleset's options, labelled in the reader's language."""
    label = ruleset.text(spec.label, lang)
    if spec.kind == "bool":
        return forms.BooleanField(label=label, required=False, initial=spec.default)
    kind = type(spec.default)
    return forms.TypedChoiceField(
        label=label,
        choices=[(value, ruleset.text(text, lang)) for value, text in spec.choices],
        coerce=kind,
        initial=spec.default,
    )


class TournamentForm(forms.ModelForm):
    # Not a model field of the form: the services check it (reserved, taken, after a release).
    slug = forms.CharField(
        label=_("Kurzname"),
        max_length=60,
        required=False,
        help_text=_("Teil der Adresse; leer lassen für einen aus Name und Jahr."),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            *(name for name in Tournament.SETTINGS_FIELDS if name not in RULESET_FIELDS),
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (low, high) in (
            ("rounds_count", ROUNDS_COUNT_LIMITS),
            ("cycles", CYCLES_LIMITS),
            ("slide_seconds", SLIDE_SECONDS_LIMITS),
        ):
            self.fields[name].widget.attrs.update(min=low, max=high)
        # A form posted without the setting (a page from before it existed) keeps what is set.
        self.fields["name_order"].required = False
        self.fields["slide_seconds"].required = False
        instance = kwargs.get("instance")
        # A new tournament (an unsaved instance) plays the default ruleset.
        self.ruleset = self.instance.rules
        if not self.instance.pk:
            self.fields["cycles"].initial = self.ruleset.default_cycles
        options = self.ruleset.options_json(self.ruleset.options(self.instance.ruleset_options))
        self.option_names = [spec.name for spec in self.ruleset.option_specs()]
        for spec in self.ruleset.option_specs():
            self.fields[spec.name] = option_field(self.ruleset, spec, get_language())
            self.fields[spec.name].initial = options.get(spec.name, spec.default)
        if instance is not None and instance.pk:
            self.fields["slug"].initial = instance.slug
            self.fields["slug"].help_text = _("Teil der Adresse; bis zur ersten Freigabe änderbar.")
            if instance.rounds.visible().exists():
                self.fields["slug"].disabled = True
                self.fields["slug"].help_text = _(
                    "Nach der ersten Freigabe nicht mehr änderbar: die Spieler kennen die Adresse."
                )

    def clean_slide_seconds(self) -> int:
        value = self.cleaned_data.get("slide_seconds")
        return self.instance.slide_seconds if value is None else value

    def clean_name_order(self) -> str:
        return self.cleaned_data.get("name_order") or self.instance.name_order

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        options = {name: cleaned.pop(name) for name in self.option_names if name in cleaned}
        cleaned["ruleset"] = self.ruleset.key
        cleaned["ruleset_options"] = self.ruleset.options_json(
            self.ruleset.options(dict(self.instance.ruleset_options or {}) | options)
        )
        return cleaned

    FIELDSETS = (
        (_("Turnier"), ("name", "slug", "date", "venue", "rounds_count", "cycles")),
        (None, ()),  # the ruleset's options: its name and fields come from the ruleset
        (
            _("Öffentliche Seiten"),
            (
                "public_seating",
                "public_standings",
                "public_player_pages",
                "public_rules",
                "public_projector",
            ),
        ),
        (_("Beamer"), SLIDE_FIELDS),
        (_("Ausdrucke"), ("name_order",)),
    )

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField]]]:
        scoring = _("Wertung (%(ruleset)s)") % {
            "ruleset": self.ruleset.text(self.ruleset.label, get_language())
        }
        return [
            (title, [self[name] for name in names])
            if title is not None
            else (scoring, [self[name] for name in self.option_names])
            for title, names in self.FIELDSETS
        ]

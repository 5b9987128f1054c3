"""The tournament's settings form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import rules as rulesets
from tournament.events import ruleset_fields
from tournament.events.locks import ruleset_lock
from tournament.models import (
    AVERAGE_MIN_ROUNDS_LIMITS,
    CYCLES_LIMITS,
    ROUNDS_COUNT_LIMITS,
    SLIDE_FIELDS,
    SLIDE_SECONDS_LIMITS,
    RulePreset,
    Tournament,
)

# The model's ruleset fields are not form fields: a choice of ruleset and the options of each
# are (``tournament.events.ruleset_fields``), gathered into ``ruleset_options`` by ``clean``.
RULESET_FIELDS = ("ruleset", "ruleset_options")


def add_preset_field(form: forms.Form, presets: QuerySet[RulePreset], *, with_club=False) -> None:
    """A choice of the club's rule presets (``rule_preset``) when it has any; a chosen preset's
    ruleset and options replace those of the form (the services apply it)."""
    if not presets.exists():
        return
    field = forms.ModelChoiceField(
        label=_("Regelvorlage des Vereins"),
        queryset=presets,
        required=False,
        empty_label=_("(keine: Regeln wie unten)"),
        help_text=_("Übernimmt Regelwerk und Optionen der Vorlage statt der Angaben unten."),
    )
    if with_club:
        field.label_from_instance = lambda preset: f"{preset.club.name} · {preset.name}"
    form.fields["rule_preset"] = field


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
            ("average_min_rounds", AVERAGE_MIN_ROUNDS_LIMITS),
        ):
            self.fields[name].widget.attrs.update(min=low, max=high)
        # A form posted without the setting (a page from before it existed) keeps what is set.
        self.fields["name_order"].required = False
        self.fields["seating_rule"].required = False
        self.fields["slide_seconds"].required = False
        for name in Tournament.FORMAT_FIELDS:
            self.fields[name].required = False
        instance = kwargs.get("instance")
        # A new tournament (an unsaved instance) plays the default ruleset.
        self.ruleset = self.instance.rules
        if not self.instance.pk:
            self.fields["cycles"].initial = self.ruleset.default_cycles
        options = self.ruleset.options_json(self.ruleset.options(self.instance.ruleset_options))
        ruleset_fields.add_fields(self, self.ruleset, options)
        self.fields["cycles"].help_text = ruleset_fields.cycles_help(self.ruleset)
        # Once a round is released or a score entered, ruleset and options stay as they are.
        self.ruleset_lock = ruleset_lock(self.instance) if self.instance.pk else None
        if self.ruleset_lock:
            for name in ("ruleset", *ruleset_fields.field_names().values()):
                self.fields[name].disabled = True
            self.fields["ruleset"].help_text = self.ruleset_lock
            for name in Tournament.FORMAT_FIELDS:
                self.fields[name].disabled = True
            self.fields["evening_format"].help_text = self.ruleset_lock
        elif not self.ruleset.offers_evening_formats:
            # The count-down games rank by Partiepunkte: the choice applies to Doppelkopf only.
            self.fields["evening_format"].help_text = _(
                "„%(ruleset)s“ wertet nach Partiepunkten; die Wertung des Abends gilt für die "
                "Doppelkopf-Regelwerke."
            ) % {"ruleset": self.ruleset.text(self.ruleset.label, get_language())}
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

    def clean_seating_rule(self) -> str:
        return self.cleaned_data.get("seating_rule") or self.instance.seating_rule

    def clean_evening_format(self) -> str:
        return self.cleaned_data.get("evening_format") or self.instance.evening_format

    def clean_average_min_rounds(self) -> int:
        value = self.cleaned_data.get("average_min_rounds")
        return self.instance.average_min_rounds if value is None else value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.ruleset_lock and ruleset_fields.posted_change(self):
            self.add_error("ruleset", self.ruleset_lock)
        key = cleaned["ruleset"] = cleaned.get("ruleset") or self.ruleset.key
        chosen = rulesets.get(key)
        # The tournament's own options fill what is not posted; another ruleset starts afresh.
        kept = dict(self.instance.ruleset_options or {}) if key == self.instance.ruleset else {}
        options = ruleset_fields.read_options(self, cleaned, chosen, kept)
        if options is not None:
            cleaned["ruleset_options"] = options
        return cleaned

    FIELDSETS = (
        (
            _("Turnier"),
            ("name", "slug", "date", "venue", "rounds_count", "cycles", "seating_rule"),
        ),
        (None, ()),  # the ruleset: its choice, then each ruleset's options under its name
        (_("Wertung des Abends"), Tournament.FORMAT_FIELDS),
        (
            _("Öffentliche Seiten"),
            (
                "public_seating",
                "public_standings",
                "public_player_pages",
                "public_rules",
                "public_projector",
                "public_names",
            ),
        ),
        (_("Beamer"), SLIDE_FIELDS),
        (_("Ausdrucke"), ("name_order",)),
    )

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField], str, int, str, bool]]:
        """(legend, fields, ruleset key, its default cycles, its cycles help, whether cycles
        matter to it) per fieldset: a ruleset's options carry its key (the page shows only the
        chosen ruleset's, and the cycles field only where it has an effect); others have "", 0,
        "" and True."""
        lang = get_language()
        sets: list[tuple[str, list[forms.BoundField], str, int, str, bool]] = []
        for title, names in self.FIELDSETS:
            if title is not None:
                sets.append((title, [self[name] for name in names], "", 0, "", True))
                continue
            chooser = [self[name] for name in ("rule_preset", "ruleset") if name in self.fields]
            sets.append((_("Regelwerk"), chooser, "", 0, "", True))
            for each in ruleset_fields.registered():
                legend = _("Wertung (%(ruleset)s)") % {"ruleset": each.text(each.label, lang)}
                help_text = ruleset_fields.cycles_help(each)
                matter = ruleset_fields.cycles_matter(each)
                # The options in the groups the ruleset declares (a club's rule sheet:
                # Sonderpunkte, Soli, Ansagen, Bock, …), each its own fieldset.
                groups: dict[str, list[forms.BoundField]] = {}
                specs = each.option_specs()
                for spec, name in zip(specs, self.option_fields[each.key], strict=True):
                    groups.setdefault(spec.group, []).append(self[name])
                for group, fields in groups.items() or [("", [])]:
                    title = f"{legend} · {each.text(group, lang)}" if group else legend
                    sets.append((title, fields, each.key, each.default_cycles, help_text, matter))
        return sets

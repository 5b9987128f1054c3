"""The tournament's settings form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import CYCLES_LIMITS, ROUNDS_COUNT_LIMITS, Tournament


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
        fields = ["name", "date", *Tournament.SETTINGS_FIELDS]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (low, high) in (
            ("rounds_count", ROUNDS_COUNT_LIMITS),
            ("cycles", CYCLES_LIMITS),
        ):
            self.fields[name].widget.attrs.update(min=low, max=high)
        # A form posted without the setting (a page from before it existed) keeps what is set.
        self.fields["name_order"].required = False
        instance = kwargs.get("instance")
        if instance is not None and instance.pk:
            self.fields["slug"].initial = instance.slug
            self.fields["slug"].help_text = _("Teil der Adresse; bis zur ersten Freigabe änderbar.")
            if instance.rounds.visible().exists():
                self.fields["slug"].disabled = True
                self.fields["slug"].help_text = _(
                    "Nach der ersten Freigabe nicht mehr änderbar: die Spieler kennen die Adresse."
                )

    def clean_name_order(self) -> str:
        return self.cleaned_data.get("name_order") or self.instance.name_order

    FIELDSETS = (
        (_("Turnier"), ("name", "slug", "date", "venue", "rounds_count", "cycles")),
        (_("Wertung (Hausregeln)"), ("deck", "pre_lead_counts", "ddv_absage_bonus")),
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
        (_("Ausdrucke"), ("name_order",)),
    )

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [(title, [self[name] for name in names]) for title, names in self.FIELDSETS]

"""The tournament's settings form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "date", *Tournament.SETTINGS_FIELDS]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rounds_count"].widget.attrs.update(min=1, max=10)
        self.fields["cycles"].widget.attrs.update(min=1, max=10)

    FIELDSETS = (
        (_("Turnier"), ("name", "date", "venue", "rounds_count", "cycles")),
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
    )

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [(title, [self[name] for name in names]) for title, names in self.FIELDSETS]

"""Forms of the organiser's pages. They check input shape; the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Participant, Tournament
from .seating import SEED_LIMIT


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
        (
            _("Wertung (Hausregeln)"),
            ("deck", "pre_lead_counts", "ddv_absage_bonus", "single_entry"),
        ),
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


class ParticipantForm(forms.ModelForm):
    class Meta:
        model = Participant
        fields = ["name", "club"]


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Datei (CSV oder Excel)"),
        help_text=_(
            "Kopfzeile mit einer Spalte „Name“, optional „Verein“. CSV mit Komma oder Semikolon, "
            "UTF-8 oder Windows-1252; Excel als .xlsx."
        ),
    )


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Startwert (optional)"),
        required=False,
        min_value=1,
        max_value=SEED_LIMIT,
        help_text=_(
            "Leer lassen für eine neue Zufallsauslosung; "
            "derselbe Startwert ergibt dieselbe Sitzordnung."
        ),
    )

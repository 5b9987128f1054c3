"""Forms of the organiser's pages. They check input shape; the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Participant, Tournament


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "date", *Tournament.SETTINGS_FIELDS]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rounds_count"].widget.attrs.update(min=1, max=10)
        self.fields["cycles"].widget.attrs.update(min=1, max=10)
        self.fields["rounds_count"].min_value = 1

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

    def clean_rounds_count(self) -> int:
        value = self.cleaned_data["rounds_count"]
        if not 1 <= value <= 10:
            raise forms.ValidationError(_("Bitte 1 bis 10 Durchgänge."))
        return value

    def clean_cycles(self) -> int:
        value = self.cleaned_data["cycles"]
        if not 1 <= value <= 10:
            raise forms.ValidationError(_("Bitte 1 bis 10 Runden je Durchgang."))
        return value


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
        max_value=10**18,
        help_text=_(
            "Leer lassen für eine neue Zufallsauslosung; "
            "derselbe Startwert ergibt dieselbe Sitzordnung."
        ),
    )


class ParticipantChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Participant) -> str:
        return obj.name


class SwapForm(forms.Form):
    a = ParticipantChoiceField(queryset=Participant.objects.none(), label=_("Spieler"))
    b = ParticipantChoiceField(queryset=Participant.objects.none(), label=_("tauschen mit"))

    def __init__(self, *args, participants=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["a"].queryset = participants
        self.fields["b"].queryset = participants


class CaptainForm(forms.Form):
    participant = ParticipantChoiceField(
        queryset=Participant.objects.none(), label=_("neuer Listenführer")
    )

    def __init__(self, *args, participants=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["participant"].queryset = participants


class LateArrivalForm(forms.Form):
    participant = ParticipantChoiceField(queryset=Participant.objects.none(), label=_("Nachzügler"))
    table = forms.IntegerField(
        label=_("an Tisch"),
        required=False,
        min_value=1,
        help_text=_("leer: der letzte Vierertisch"),
    )

    def __init__(self, *args, participants=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["participant"].queryset = participants

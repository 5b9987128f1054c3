"""Forms for registering and importing participants."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Participant


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

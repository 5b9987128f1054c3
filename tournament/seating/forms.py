"""The draw form (an optional seed; from round 2 on the seating rule)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import SeatingRule
from tournament.seating.core import SEED_LIMIT


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
    seating = forms.ChoiceField(
        label=_("Setzregel"),
        choices=SeatingRule.choices,
        required=False,
        help_text=_("Vorgabe aus den Einstellungen des Turniers; gilt nur für diesen Durchgang."),
    )

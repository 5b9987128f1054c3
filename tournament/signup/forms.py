"""The sign-up forms: the player's (with the privacy consent and the honeypot) and the
organiser's settings."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import SIGNUP_CAP_LIMITS, SignupSettings
from tournament.signup.services import OPTIONAL_FIELDS

# The field a person never sees (moved off-screen): whoever fills it is a bot.
HONEYPOT = "website"

LABELS = {
    "club": _("Verein"),
    "ddv_number": _("DDV-Nummer"),
    "contact": _("Telefon oder E-Mail"),
    "remark": _("Bemerkung"),
}


class SignupForm(forms.Form):
    """Lengths are checked by the service (with a message saying how long), not here."""

    name = forms.CharField(label=_("Vor- und Nachname"))
    club = forms.CharField(label=LABELS["club"], required=False)
    ddv_number = forms.CharField(label=LABELS["ddv_number"], required=False)
    contact = forms.CharField(
        label=LABELS["contact"],
        required=False,
        help_text=_("Nur für Rückfragen der Turnierleitung; nie öffentlich."),
    )
    remark = forms.CharField(
        label=LABELS["remark"], required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    privacy = forms.BooleanField(
        label=_("Ich habe den Datenschutzhinweis gelesen und bin einverstanden."),
        error_messages={"required": _("Bitte dem Datenschutzhinweis zustimmen.")},
    )
    website = forms.CharField(required=False, label=_("Bitte leer lassen"))

    def __init__(self, *args, settings: SignupSettings, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for field, (switch, limit) in OPTIONAL_FIELDS.items():
            if not getattr(settings, switch):
                del self.fields[field]
            else:
                self.fields[field].widget.attrs["maxlength"] = limit
        self.fields["name"].widget.attrs.update(maxlength=100, autocomplete="name")
        self.fields[HONEYPOT].widget.attrs.update(tabindex="-1", autocomplete="off")


class OrganiserSignupForm(forms.Form):
    """The organiser adds someone to the list (every optional field, no consent asked)."""

    name = forms.CharField(label=_("Name"))
    club = forms.CharField(label=LABELS["club"], required=False)
    contact = forms.CharField(label=LABELS["contact"], required=False)


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Kurzcode"), max_length=20)


class SignupSettingsForm(forms.ModelForm):
    cap = forms.IntegerField(
        label=_("Plätze"),
        required=False,
        min_value=SIGNUP_CAP_LIMITS[0],
        max_value=SIGNUP_CAP_LIMITS[1],
        help_text=_("Höchstzahl der Zusagen; leer: keine Grenze. Danach: Warteliste."),
    )

    class Meta:
        model = SignupSettings
        fields = list(SignupSettings.FIELDS)
        widgets = {
            "opens_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "closes_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

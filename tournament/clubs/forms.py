"""The club's logo upload."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.clubs.logo import MAX_BYTES, MAX_SIDE
from tournament.models import ClubMembership


class ClubLogoForm(forms.Form):
    logo = forms.FileField(
        label=gettext_lazy("Logo (PNG oder JPEG)"),
        widget=forms.FileInput(attrs={"accept": "image/png,image/jpeg"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["logo"].help_text = _(
            "Höchstens %(size)d KB und %(side)d × %(side)d Pixel; gedruckt wird es klein oben "
            "links auf den Aushängen und Listen der Turniere des Vereins."
        ) % {"size": MAX_BYTES // 1024, "side": MAX_SIDE}


class FoundClubForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name des Vereins"), max_length=120)
    slug = forms.CharField(
        label=gettext_lazy("Kurzname (optional)"),
        max_length=60,
        required=False,
        help_text=gettext_lazy(
            "Steht in den Adressen der Saisonseiten, z. B. /v/doko-freunde/…; nur "
            "Kleinbuchstaben, Ziffern und Bindestriche. Leer: aus dem Namen gebildet."
        ),
    )


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        label=gettext_lazy("Rolle"),
        choices=ClubMembership.Role.choices,
        initial=ClubMembership.Role.HELPER,
        help_text=gettext_lazy(
            "Helfer: Anwesenheit, Spiellisten eingeben und bestätigen, drucken. "
            "Turnierleitung: alles, auch Zugänge, Auslosung und Einstellungen."
        ),
    )
    note = forms.CharField(
        label=gettext_lazy("Für (optional)"),
        max_length=100,
        required=False,
        help_text=gettext_lazy("Nur als Erinnerung, wem Sie den Link geschickt haben."),
    )


class NewLoginForm(forms.Form):
    """The invitee's own login; the service checks the name and the password rules."""

    username = forms.CharField(
        label=gettext_lazy("Benutzername"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    password1 = forms.CharField(
        label=gettext_lazy("Passwort"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=gettext_lazy("Mindestens 8 Zeichen, nicht nur Ziffern, kein gängiges Passwort."),
    )
    password2 = forms.CharField(
        label=gettext_lazy("Passwort wiederholen"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("password1") and data.get("password1") != data.get("password2"):
            self.add_error("password2", _("Die beiden Passwörter stimmen nicht überein."))
        return data

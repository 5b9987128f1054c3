"""The club's logo upload."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.clubs.logo import MAX_BYTES, MAX_SIDE


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

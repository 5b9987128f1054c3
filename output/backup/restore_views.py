"""Restoring a backup from the organiser's pages (the same service as
``manage.py import_tournament``): all of it or nothing, and the login that restores it gets
access to the restored tournament."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import FormView

from output.backup import document
from output.backup.document import BackupError, loads, too_large
from output.backup.restore import import_tournament
from tournament.access import OrganiserMixin
from tournament.permissions import grant_access


class RestoreForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Sicherungsdatei (JSON)"),
        help_text=gettext_lazy("Die Datei von „Sicherung herunterladen“."),
    )
    slug = forms.SlugField(
        label=gettext_lazy("Neuer Kurzname (für eine Kopie)"),
        required=False,
        max_length=50,
        help_text=gettext_lazy(
            "Leer lassen, um das Turnier unter seinem Kurznamen wiederherzustellen (nur wenn "
            "es ihn nicht mehr gibt). Eine Kopie bekommt neue Eingabelinks."
        ),
    )


class RestoreView(OrganiserMixin, FormView):
    template_name = "scoring/restore.html"
    form_class = RestoreForm
    section = "tournaments"
    starts_tournament = True  # not for a club's Helfer
    # What ``export_tournament`` may write, not the participant import's 4 MB
    # (``config.uploads``: a large file goes to a temporary file while it arrives).
    upload_max_file_size = document.MAX_BYTES

    def form_valid(self, form: RestoreForm) -> HttpResponse:
        upload = form.cleaned_data["file"]
        try:
            if upload.size > document.MAX_BYTES:  # refused before reading it into memory
                raise too_large(upload.size)
            with transaction.atomic():
                tournament = import_tournament(
                    loads(_read(upload)),
                    slug=form.cleaned_data["slug"] or None,
                    user=self.request.user,
                )
                grant_access(tournament, self.request.user)
        except BackupError as error:
            form.add_error("file", error.message)
            response = self.form_invalid(form)
            response.status_code = 400
            return response
        messages.success(
            self.request,
            _("„%(name)s“ wurde aus der Sicherung wiederhergestellt.") % {"name": tournament.name},
        )
        return redirect("tournament:detail", slug=tournament.slug)


def _read(upload: UploadedFile) -> bytes:
    """The file's bytes (read from its temporary file when it was large); the parsing bounds
    are those of ``output.backup.document.loads`` and ``output.backup.validate``."""
    upload.seek(0)
    return upload.read(document.MAX_BYTES + 1)

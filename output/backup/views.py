"""The backup download of the organiser's "Drucken & Export" page."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from output.backup.document import dumps
from output.backup.export import export_tournament
from output.views import JSON_CONTENT_TYPE, DownloadView


class BackupView(DownloadView):
    helper_allowed = False
    content_type = JSON_CONTENT_TYPE

    def build(self, **kwargs: Any) -> tuple[bytes, str]:
        data = dumps(export_tournament(self.tournament)).encode("utf-8")
        stamp = timezone.localtime().strftime("%Y-%m-%d-%H%M")
        return data, self.name("sicherung", stamp, extension="json")

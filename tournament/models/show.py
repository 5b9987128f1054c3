"""The projector's show: announcements the organiser types for the room ("Pause bis 21:15",
"Siegerehrung um 23 Uhr"), shown as a slide while switched on, in the organiser's order."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.evening import Tournament

ANNOUNCEMENT_LENGTH = 160
ANNOUNCEMENTS_LIMIT = 20  # per tournament: a projector shows a handful, never a list


class Announcement(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="announcements"
    )
    text = models.CharField(_("Text"), max_length=ANNOUNCEMENT_LENGTH)
    active = models.BooleanField(_("wird gezeigt"), default=True)
    position = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    class Meta:
        ordering = ["position", "pk"]
        verbose_name = _("Ansage")
        verbose_name_plural = _("Ansagen")

    def __str__(self) -> str:
        return self.text

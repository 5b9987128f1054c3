"""The round's clock (Rundenuhr): how long the tables of a round may play.

Vocabulary:

- **Clock settings** (:class:`ClockSettings`, one per tournament, made when first changed):
  the playing time per table size where the tournament overrides its ruleset, the minutes of
  the warning before the end, and whether the projector sounds it.
- **Round clock** (:class:`RoundClock`, one per round, made when started): when it started,
  the playing time per table size frozen at the start, and its pauses — ``paused_seconds`` the
  pauses that are over, ``paused_at`` the one running now (a fire alarm).
- **Nachspielzeit** (:class:`ClockExtension`): extra minutes for one table, with a reason.

A table's **deadline** is start + its playing time + the pauses + its Nachspielzeit; the
remaining time is computed from the server's clock only (``tournament/clock/state.py``), so
every app server and every restart tell the same.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.evening import Round, Table, Tournament

WARNING_MINUTES_DEFAULT = 5
PLAYING_MINUTES_LIMITS = (5, 600)
WARNING_MINUTES_LIMITS = (0, 60)
EXTENSION_MINUTES_LIMITS = (1, 120)


class ClockSettings(models.Model):
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="clock_settings"
    )
    # {"4": 100, "5": 125}: only the sizes the tournament sets itself; others from the ruleset.
    playing_minutes = models.JSONField(_("Spielzeit in Minuten"), default=dict, blank=True)
    warning_minutes = models.PositiveSmallIntegerField(
        _("Warnung vor Ablauf (Minuten)"), default=WARNING_MINUTES_DEFAULT
    )
    sound = models.BooleanField(_("Signalton am Beamer"), default=True)

    def __str__(self) -> str:
        return f"{self.tournament}: clock"


class RoundClock(models.Model):
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="clock")
    started_at = models.DateTimeField(_("gestartet"))
    # The playing time per table size at the start, {"4": 70, "5": 85}.
    playing_minutes = models.JSONField(_("Spielzeit in Minuten"), default=dict)
    paused_at = models.DateTimeField(_("angehalten seit"), null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(_("Pausen in Sekunden"), default=0)

    def __str__(self) -> str:
        return f"{self.round}: clock"


class ClockExtension(models.Model):
    clock = models.ForeignKey(RoundClock, on_delete=models.CASCADE, related_name="extensions")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="clock_extensions")
    minutes = models.PositiveSmallIntegerField(_("Minuten"))
    reason = models.CharField(_("Begründung"), max_length=200)
    actor = models.CharField(_("durch"), max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.table}: +{self.minutes}"

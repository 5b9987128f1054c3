"""Score sheets (Spiellisten) and the points they produce.

Vocabulary:

- **Sheet** (Spielliste): the paper list of one table in one round; the Listenführer keeps it.
- **Version**: every save of a sheet is kept as a numbered version with who saved it, when and
  from which page. At most one version of a sheet is confirmed; only confirmed versions count.
- **Game** (Spiel): one row of a version: the record as entered (SCORING.md §8) and what the rules
  engine made of it.
- **Score line**: a player's points in one game of a confirmed sheet, written when the sheet is
  confirmed so that standings add up stored integers in SQL.
- **Season** (Saison, Jahreswertung): a named set of one club's tournaments ranked across the
  evenings by one rule (``seasons``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.models import Club, Participant, Round, Table, Tournament

REOPENED_LABEL = pgettext_lazy("sheet status", "wieder geöffnet")


class Sheet(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("sheet status", "offen")
        SUBMITTED = "submitted", pgettext_lazy("sheet status", "abgegeben")
        CONFIRMED = "confirmed", pgettext_lazy("sheet status", "bestätigt")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="sheet")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sheets")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Incremented by every save; a writer must name the revision it started from.
    revision = models.PositiveIntegerField(default=0)
    closed_after_game = models.PositiveSmallIntegerField(
        _("beendet nach Spiel"), null=True, blank=True
    )
    close_note = models.CharField(_("Vermerk zum Abbruch"), max_length=300, blank=True)
    # DDV §9.4: the round's time was called after this game (0: before the first); only
    # Vorführungen may follow. Only for a ruleset that ``records_time_up``.
    time_up_after = models.PositiveSmallIntegerField(
        _("Zeit abgelaufen nach Spiel"), null=True, blank=True
    )
    return_comment = models.CharField(
        _("Rückmeldung der Turnierleitung"), max_length=500, blank=True
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table__number"]
        verbose_name = _("Spielliste")
        verbose_name_plural = _("Spiellisten")

    def __str__(self) -> str:
        return f"{self.round} – {self.table}"

    def status_label(self, confirmed_before: bool) -> str:
        """The sheet's status as pages name it: "wieder geöffnet" for a sheet not confirmed now
        of which a version was confirmed (reopened for a correction: that version keeps
        counting until the sheet is confirmed again)."""
        if confirmed_before and self.status != self.Status.CONFIRMED:
            return str(REOPENED_LABEL)
        return str(self.get_status_display())


class SheetVersion(models.Model):
    class Source(models.TextChoices):
        DESK = "desk", _("Erfassung Turnierleitung")
        CAPTAIN = "captain", _("Listenführer-Link")
        IMPORT = "import", _("Import")
        RESTORE = "restore", _("Wiederherstellung")
        GENERATOR = "generator", _("Demo-Daten")

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    source = models.CharField(max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted = models.BooleanField(default=False)
    confirmed = models.BooleanField(default=False)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["sheet", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="unique_sheet_version_number"),
            models.UniqueConstraint(
                fields=["sheet"],
                condition=Q(confirmed=True),
                name="one_confirmed_version_per_sheet",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet} v{self.number}"


class Game(models.Model):
    version = models.ForeignKey(SheetVersion, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    record = models.JSONField()
    method = models.CharField(max_length=16)
    kind = models.CharField(max_length=20, blank=True)
    value = models.SmallIntegerField(null=True, blank=True)
    winner = models.CharField(max_length=6, blank=True)
    plus = models.JSONField(default=list)
    points = models.JSONField()
    breakdown = models.JSONField(default=list)
    warnings = models.JSONField(default=list)
    soloist = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["version", "number"]
        constraints = [
            models.UniqueConstraint(fields=["version", "number"], name="unique_game_number"),
        ]

    def __str__(self) -> str:
        return f"{self.version} Spiel {self.number}"


class ScoreLine(models.Model):
    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="score_lines")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="score_lines")
    participant = models.ForeignKey(
        Participant, on_delete=models.PROTECT, related_name="score_lines"
    )
    game_number = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    points = models.SmallIntegerField()
    won = models.BooleanField()
    soloist = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "game_number", "seat"], name="unique_score_line"
            ),
        ]
        indexes = [models.Index(fields=["round", "participant"])]

    def __str__(self) -> str:
        return f"{self.participant} Spiel {self.game_number}: {self.points:+d}"


class Season(models.Model):
    class Rule(models.TextChoices):
        SUM = "sum", _("Summe aller Punkte")
        BEST = "best", _("Summe der besten Abende")
        AVERAGE = "average", _("Punkte je Durchgang")

    class Metric(models.TextChoices):
        """The figure every evening contributes (``seasons.core``)."""

        POINTS = "points", _("Punkte")
        TABLE_POINTS = "table_points", _("Tischpunkte")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("Verein")
    )
    slug = models.SlugField(_("Kurzname"), max_length=60)
    name = models.CharField(_("Name"), max_length=120)
    rule = models.CharField(_("Wertung"), max_length=10, choices=Rule.choices, default=Rule.SUM)
    best_count = models.PositiveSmallIntegerField(
        _("beste Abende"), null=True, blank=True, help_text=_("Nur bei „beste Abende“.")
    )
    metric = models.CharField(
        _("gezählt wird"),
        max_length=12,
        choices=Metric.choices,
        default=Metric.POINTS,
        help_text=_(
            "Punkte: die Punkte der Spiele. Tischpunkte: nach dem Platz an jedem Tisch und "
            "Durchgang, an jedem Abend der Saison gleich gerechnet, welches Format er auch hat."
        ),
    )
    min_rounds = models.PositiveSmallIntegerField(
        _("Mindestzahl Durchgänge"),
        default=0,
        help_text=_("Wer weniger Durchgänge gespielt hat, steht ohne Platz unter der Wertung."),
    )
    tournaments = models.ManyToManyField(
        Tournament, related_name="seasons", blank=True, verbose_name=_("Turniere")
    )
    public_standings = models.BooleanField(_("Jahreswertung öffentlich"), default=True)
    public_projector = models.BooleanField(_("Beamer-Ansicht öffentlich"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-created_at"]
        verbose_name = _("Saison")
        verbose_name_plural = _("Saisons")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="unique_season_slug_per_club"),
            models.CheckConstraint(
                condition=Q(rule="best", best_count__gte=1)
                | (~Q(rule="best") & Q(best_count=None)),
                name="best_count_with_best_rule",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} – {self.name}"

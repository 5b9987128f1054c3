"""Who may manage what: a login's place in a club (with its invitations) and the per-tournament
access of tournaments without a club. ``tournament.permissions`` reads them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.clubs import Club
from tournament.models.evening import Tournament


class ClubMembership(models.Model):
    """A login's place in a club: Turnierleitung may do everything with the club's tournaments,
    a Helfer checks in, enters and confirms sheets and prints (``tournament.permissions``)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Turnierleitung")
        HELPER = "helper", _("Helfer")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_memberships",
        verbose_name=_("Zugang"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("Verein")
    )
    role = models.CharField(_("Rolle"), max_length=20, choices=Role.choices, default=Role.ORGANISER)
    created_at = models.DateTimeField(_("erteilt am"), auto_now_add=True)

    class Meta:
        ordering = ["club", "user"]
        verbose_name = _("Vereinszugang")
        verbose_name_plural = _("Vereinszugänge")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.club} ({self.get_role_display()})"


INVITATION_DAYS = 7  # how long an invitation link opens the club's door


class ClubInvitation(models.Model):
    """A one-time link the club's Turnierleitung sends to a new login (or an existing one).

    Only the SHA-256 of the token is stored: whoever reads the database cannot use an open
    invitation. Opened once (``accepted_at``), it opens nothing more; it expires after
    ``INVITATION_DAYS`` days. ``tournament.clubs.logins`` makes and redeems them.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("Verein")
    )
    role = models.CharField(
        _("Rolle"),
        max_length=20,
        choices=ClubMembership.Role.choices,
        default=ClubMembership.Role.HELPER,
    )
    note = models.CharField(_("Für"), max_length=100, blank=True)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("Einladung")
        verbose_name_plural = _("Einladungen")

    def __str__(self) -> str:
        return f"{self.club} ({self.get_role_display()}) {self.note}"


class TournamentAccess(models.Model):
    """A login's right to a tournament: it may see and change it on the organiser's pages.

    Superusers need no entry (they manage every tournament); whoever creates a tournament on the
    organiser's pages gets one (unless the tournament belongs to a club: then the club's
    ``ClubMembership`` decides). ``tournament.permissions`` is the one place that reads these
    entries and the club memberships.
    """

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Turnierleitung")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tournament_accesses",
        verbose_name=_("Zugang"),
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="accesses",
        verbose_name=_("Turnier"),
    )
    role = models.CharField(_("Rolle"), max_length=20, choices=Role.choices, default=Role.ORGANISER)
    created_at = models.DateTimeField(_("erteilt am"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "user"]
        verbose_name = _("Turnierzugang")
        verbose_name_plural = _("Turnierzugänge")
        constraints = [
            models.UniqueConstraint(fields=["user", "tournament"], name="one_access_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.tournament} ({self.get_role_display()})"

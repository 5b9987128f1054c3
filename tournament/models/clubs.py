"""The club (Verein) and its member registry (Mitglieder)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.codes import new_public_id


class PublicNames(models.TextChoices):
    """What the public pages (standings, player pages, projector, API, seasons, embeds) show of
    a player's name; the organiser's pages always show the name in full."""

    FULL = "full", _("voller Name")
    SHORT = "short", _("Vorname N.")
    NUMBER = "number", _("nur Startnummer")


class NameChoice(models.TextChoices):
    """A person's own say about their name on public pages: consent to the full name (counts
    where the club allows it) or objection (initials only; always honoured)."""

    CLUB = "", _("wie vom Verein eingestellt")
    CONSENT = "full", _("Einwilligung: voller Name")
    OBJECTION = "initials", _("Widerspruch: nur Initialen")


class Club(models.Model):
    name = models.CharField(_("Name"), max_length=120)
    slug = models.SlugField(_("Kurzname"), max_length=60, unique=True)
    # A PNG made by ``tournament.clubs.logo`` (never the upload itself), printed in the header
    # of the club's printouts. In the database: app servers share nothing else.
    logo = models.BinaryField(_("Logo"), null=True, blank=True, editable=False)
    public_names = models.CharField(
        _("Namen auf öffentlichen Seiten"),
        max_length=8,
        choices=PublicNames.choices,
        default=PublicNames.FULL,
    )
    consent_allowed = models.BooleanField(
        _("Einwilligung in den vollen Namen zulassen"), default=True
    )
    public_player_pages = models.BooleanField(
        _("Spielerseiten über alle Abende öffentlich"), default=False
    )
    # Guests (participants without a member) are anonymised this many months after their
    # evening (``manage.py anonymise_guests``); None: never automatically.
    guest_retention_months = models.PositiveSmallIntegerField(
        _("Gäste anonymisieren nach Monaten"), null=True, blank=True
    )
    # The sites allowed to show the club's embedded tables (one origin a line).
    embed_origins = models.TextField(_("Websites für eingebettete Tabellen"), blank=True)
    # The last number handed out for a pseudonym ("Spieler 17"); counts up, never reused.
    pseudonyms = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Verein")
        verbose_name_plural = _("Vereine")

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A person in a club's registry. ``key`` is ``name_key(name)``: two entries whose names
    only differ in case or spacing are the same person (the participants' duplicate check)."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="members", verbose_name=_("Verein")
    )
    name = models.CharField(_("Name"), max_length=100)
    key = models.CharField(max_length=100, editable=False)
    # The member's season page's address; random, like a participant's ``public_id``.
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    name_choice = models.CharField(
        _("Name öffentlich"), max_length=8, choices=NameChoice.choices, blank=True, default=""
    )
    anonymised = models.BooleanField(_("anonymisiert"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Mitglied")
        verbose_name_plural = _("Mitglieder")
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="unique_member_name_per_club"),
        ]

    def __str__(self) -> str:
        return self.name


class RulePreset(models.Model):
    """A club's named rule sheet (ruleset and its options), saved from one evening and picked
    for the next. ``ruleset_options`` are stored as the tournament stored them (defaults filled
    in); a preset is applied through the tournament's own validation."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="rule_presets", verbose_name=_("Verein")
    )
    name = models.CharField(_("Name der Vorlage"), max_length=80)
    ruleset = models.CharField(_("Regelwerk"), max_length=20)
    ruleset_options = models.JSONField(_("Optionen des Regelwerks"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Regelvorlage")
        verbose_name_plural = _("Regelvorlagen")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="unique_rule_preset_per_club"),
        ]

    def __str__(self) -> str:
        return self.name

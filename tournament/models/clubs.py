"""The club (Verein) and its member registry (Mitglieder)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.codes import new_public_id


class Club(models.Model):
    name = models.CharField(_("Name"), max_length=120)
    slug = models.SlugField(_("Kurzname"), max_length=60, unique=True)
    # A PNG made by ``tournament.clubs.logo`` (never the upload itself), printed in the header
    # of the club's printouts. In the database: app servers share nothing else.
    logo = models.BinaryField(_("Logo"), null=True, blank=True, editable=False)
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

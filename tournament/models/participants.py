"""A participant of a tournament (Teilnehmer): who registered, checked in or withdrew, and the
club member they are."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.models.clubs import Member, NameChoice
from tournament.models.codes import new_public_id
from tournament.normalize import name_sort_key


class ParticipantQuerySet(models.QuerySet["Participant"]):
    def active(self) -> ParticipantQuerySet:
        return self.filter(withdrawn=False)

    def drawable(self) -> list[Participant]:
        """Who is seated in a new round: everyone not withdrawn and, once check-in has started,
        only those who checked in (players not yet here are not drawn). One query, by id."""
        active = list(self.active().order_by("pk"))
        if any(participant.checked_in for participant in active):
            return [participant for participant in active if participant.checked_in]
        return active


class Participant(models.Model):
    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="participants"
    )
    name = models.CharField(_("Name"), max_length=100)
    club = models.CharField(_("Verein"), max_length=100, blank=True)
    # The club's member this participant is (None: a guest, or a tournament without a club).
    member = models.ForeignKey(
        Member,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="participations",
        verbose_name=_("Mitglied"),
    )
    checked_in = models.BooleanField(_("anwesend"), default=False)
    withdrawn = models.BooleanField(_("abgemeldet"), default=False)
    # The player page's address (/t/<slug>/spieler/<public_id>/); the pk is never shown publicly.
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # The person's own say on public pages (a member's own, when this is blank, counts too).
    name_choice = models.CharField(
        _("Name öffentlich"), max_length=8, choices=NameChoice.choices, blank=True, default=""
    )
    anonymised = models.BooleanField(_("anonymisiert"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ParticipantQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = pgettext_lazy("one participant", "Teilnehmer")
        verbose_name_plural = _("Teilnehmer")
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="unique_participant_name_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "member"],
                condition=models.Q(member__isnull=False),
                name="member_once_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def sort_name(self) -> tuple[str, str]:
        """The name's place in an alphabetical list (DIN 5007-1: "Änne" with A)."""
        return (name_sort_key(self.name), self.name)

"""Entry fees and the prize table of a tournament.

Vocabulary (all money in integer cents, never floats):

- **Startgeld** (entry fee): what a participant pays at check-in; members of the tournament's
  club (a participant linked to a ``Member``) and guests may pay different amounts.
- **FeePayment**: that a participant has paid, and how much (the fee at the moment of paying,
  so that a later change of the fee does not rewrite the evening's till).
- **Topf** (pot): the sum of the payments. **Preisgeld** (prize money): the share of the pot
  paid out as prizes (``payout_percent``); the rest stays with the club.
- **PrizeRank** (a line of the prize table): what place ``rank`` wins: a fixed amount, a share of
  the prize money in basis points (2500 = 25 %), or neither; and optionally a non-cash prize by
  name (Sachpreis).
- **Ein Preis je Tisch** (``one_per_table``): as many cash prizes as tables in the last round;
  places without an amount or share of their own (a non-cash prize alone does not count)
  share what is left of the prize money evenly.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.models.evening import Tournament
from tournament.models.participants import Participant

MAX_FEE_CENTS = 100_000  # 1000 € per person: more is a typing mistake
MAX_PRIZE_CENTS = 10_000_000
MAX_PRIZE_RANKS = 30
BASIS_POINTS = 10_000  # 100 %


class PrizeSettings(models.Model):
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="prize_settings"
    )
    member_fee_cents = models.PositiveIntegerField(_("Startgeld Mitglieder"), default=0)
    guest_fee_cents = models.PositiveIntegerField(_("Startgeld Gäste"), default=0)
    payout_percent = models.PositiveSmallIntegerField(_("Ausschüttung in %"), default=100)
    one_per_table = models.BooleanField(_("Ein Preis je Tisch"), default=False)
    # Raised by every save of the settings or the prize table: a form sent with an older
    # version is refused instead of overwriting a change it never saw.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("Startgeld und Preise")
        verbose_name_plural = _("Startgeld und Preise")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(payout_percent__lte=100), name="payout_percent_at_most_100"
            ),
            models.CheckConstraint(
                condition=models.Q(
                    member_fee_cents__lte=MAX_FEE_CENTS, guest_fee_cents__lte=MAX_FEE_CENTS
                ),
                name="fees_bounded",
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament)

    def fee_for(self, participant: Participant) -> int:
        return self.member_fee_cents if participant.member_id else self.guest_fee_cents

    @property
    def has_fees(self) -> bool:
        return bool(self.member_fee_cents or self.guest_fee_cents)


class PrizeRank(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prize_ranks")
    rank = models.PositiveSmallIntegerField(pgettext_lazy("rank", "Platz"))
    amount_cents = models.PositiveIntegerField(_("Betrag"), null=True, blank=True)
    basis_points = models.PositiveSmallIntegerField(_("Anteil"), null=True, blank=True)
    goods = models.CharField(_("Sachpreis"), max_length=100, blank=True)

    class Meta:
        ordering = ["rank"]
        verbose_name = _("Preis")
        verbose_name_plural = _("Preise")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "rank"], name="prize_rank_once"),
            models.CheckConstraint(
                condition=models.Q(amount_cents__isnull=True) | models.Q(basis_points__isnull=True),
                name="prize_amount_or_share",
            ),
            models.CheckConstraint(
                condition=models.Q(basis_points__lte=BASIS_POINTS)
                | models.Q(basis_points__isnull=True),
                name="prize_share_at_most_100",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rank}."


class FeePayment(models.Model):
    participant = models.OneToOneField(
        Participant, on_delete=models.CASCADE, related_name="fee_payment"
    )
    amount_cents = models.PositiveIntegerField(_("Betrag"))
    paid_at = models.DateTimeField(_("bezahlt am"), auto_now_add=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        verbose_name = _("Startgeldzahlung")
        verbose_name_plural = _("Startgeldzahlungen")

    def __str__(self) -> str:
        return str(self.participant)

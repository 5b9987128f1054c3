"""Entry fees and the prize table: the services that change them (each one transaction).

- ``set_paid``: a participant has paid (the fee of the moment: member or guest) or not.
- ``save_prizes``: the fees, the payout share, one prize per table and the prize table in one
  write. The ``PrizeSettings`` row is locked; a form sent with an older ``version`` is refused
  (``StaleWriteError``), so two organisers editing at once get one consistent table: the first
  one's, and the second is told to look again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.errors import DomainError, StaleWriteError
from tournament.models import (
    BASIS_POINTS,
    MAX_FEE_CENTS,
    MAX_PRIZE_CENTS,
    MAX_PRIZE_RANKS,
    AuditEntry,
    FeePayment,
    Participant,
    PrizeRank,
    PrizeSettings,
    Tournament,
)


@dataclass(frozen=True)
class PrizeEntry:
    """A line of the prize table as a form gives it (rank is its position, from 1)."""

    amount_cents: int | None = None
    basis_points: int | None = None
    goods: str = ""

    @property
    def empty(self) -> bool:
        return self.amount_cents is None and self.basis_points is None and not self.goods


def prize_settings(tournament: Tournament) -> PrizeSettings:
    """The tournament's settings, unsaved defaults (no fee, 100 %) when none were set."""
    found = PrizeSettings.objects.filter(tournament=tournament).first()
    return found or PrizeSettings(tournament=tournament)


def _locked_settings(tournament: Tournament) -> PrizeSettings:
    PrizeSettings.objects.get_or_create(tournament=tournament)
    return PrizeSettings.objects.select_for_update().get(tournament=tournament)


def _check(
    member_fee_cents: int, guest_fee_cents: int, payout_percent: int, lines: Sequence[PrizeEntry]
) -> None:
    problems = []
    for label, cents in (
        (_("Startgeld Mitglieder"), member_fee_cents),
        (_("Startgeld Gäste"), guest_fee_cents),
    ):
        if not 0 <= cents <= MAX_FEE_CENTS:
            problems.append(_("%(field)s: zwischen 0 und 1000 € angeben.") % {"field": label})
    if not 0 <= payout_percent <= 100:
        problems.append(_("Die Ausschüttung muss zwischen 0 und 100 % liegen."))
    if len(lines) > MAX_PRIZE_RANKS:
        problems.append(_("Höchstens %(count)d Preise.") % {"count": MAX_PRIZE_RANKS})
    shares = 0
    for rank, line in enumerate(lines, start=1):
        if line.amount_cents is not None and line.basis_points is not None:
            problems.append(_("Platz %(rank)d: Betrag oder Anteil, nicht beides.") % {"rank": rank})
        if line.amount_cents is not None and not 0 <= line.amount_cents <= MAX_PRIZE_CENTS:
            problems.append(_("Platz %(rank)d: Betrag zu groß.") % {"rank": rank})
        if line.basis_points is not None and not 0 <= line.basis_points <= BASIS_POINTS:
            problems.append(_("Platz %(rank)d: Anteil zwischen 0 und 100 %%.") % {"rank": rank})
        if len(line.goods) > 100:
            problems.append(_("Platz %(rank)d: Sachpreis zu lang.") % {"rank": rank})
        shares += line.basis_points or 0
    if shares > BASIS_POINTS:
        problems.append(
            _("Die Anteile ergeben zusammen %(total)s %%, mehr als das ganze Preisgeld.")
            % {"total": f"{shares / 100:g}".replace(".", ",")}
        )
    if problems:
        raise DomainError(_("Startgeld und Preise sind nicht gespeichert."), problems=problems)


@transaction.atomic
def save_prizes(
    tournament: Tournament,
    *,
    member_fee_cents: int,
    guest_fee_cents: int,
    payout_percent: int,
    one_per_table: bool,
    lines: Sequence[PrizeEntry],
    version: int,
    user: User = None,
) -> PrizeSettings:
    """Store fees and prize table; trailing empty lines are dropped, inner ones keep their
    place (place 3 without a prize, place 4 with one)."""
    lines = list(lines)
    while lines and lines[-1].empty:
        lines.pop()
    _check(member_fee_cents, guest_fee_cents, payout_percent, lines)
    settings = _locked_settings(tournament)
    if settings.version != version:
        raise StaleWriteError(
            _(
                "Startgeld und Preise wurden inzwischen von jemand anderem geändert. "
                "Bitte die Seite neu laden und die Änderung wiederholen."
            )
        )
    settings.member_fee_cents = member_fee_cents
    settings.guest_fee_cents = guest_fee_cents
    settings.payout_percent = payout_percent
    settings.one_per_table = one_per_table
    settings.version += 1
    settings.save()
    PrizeRank.objects.filter(tournament=tournament).delete()
    PrizeRank.objects.bulk_create(
        PrizeRank(
            tournament=tournament,
            rank=rank,
            amount_cents=line.amount_cents,
            basis_points=line.basis_points,
            goods=line.goods,
        )
        for rank, line in enumerate(lines, start=1)
        if not line.empty
    )
    record(
        tournament,
        AuditEntry.Action.PRIZES_CHANGED,
        user=user,
        message=gettext_noop("Zeilen der Preistabelle: %(count)d"),
        params={"count": sum(1 for line in lines if not line.empty)},
    )
    return settings


@transaction.atomic
def set_paid(participant: Participant, paid: bool, *, user: User = None) -> FeePayment | None:
    """Mark ``participant`` as paid (once: a second tap changes nothing) or not paid."""
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    existing = FeePayment.objects.filter(participant=participant).first()
    if not paid:
        if existing is not None:
            existing.delete()
            record(
                participant.tournament,
                AuditEntry.Action.FEE_REFUNDED,
                user=user,
                summary=participant.name,
            )
        return None
    if existing is not None:
        return existing
    if participant.withdrawn:
        raise DomainError(_("%(name)s ist abgemeldet.") % {"name": participant.name})
    amount = prize_settings(participant.tournament).fee_for(participant)
    payment = FeePayment.objects.create(
        participant=participant,
        amount_cents=amount,
        recorded_by=user if user is not None and user.is_authenticated else None,
    )
    record(participant.tournament, AuditEntry.Action.FEE_PAID, user=user, summary=participant.name)
    return payment

"""What the organiser does with the projector's announcements: add, change (text, shown or
not), move up or down, delete. Each is one transaction that locks the tournament (two desks at
once give one order) and writes an audit entry, which also moves the public pages' ETag so the
projector picks the change up on its next poll."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.errors import DomainError
from tournament.models import (
    ANNOUNCEMENT_LENGTH,
    ANNOUNCEMENTS_LIMIT,
    Announcement,
    AuditEntry,
    Tournament,
)
from tournament.normalize import normalize_name


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _clean_text(text: str) -> str:
    text = normalize_name(text or "")
    if not text:
        raise DomainError(_("Der Text der Ansage fehlt."), field="text")
    if len(text) > ANNOUNCEMENT_LENGTH:
        raise DomainError(
            _("Eine Ansage hat höchstens %(limit)d Zeichen (hier %(length)d).")
            % {"limit": ANNOUNCEMENT_LENGTH, "length": len(text)},
            field="text",
        )
    return text


def _positions(tournament: Tournament) -> list[int]:
    return list(tournament.announcements.values_list("position", flat=True))


def _one(tournament: Tournament, pk: int) -> Announcement:
    found = tournament.announcements.filter(pk=pk).first()
    if found is None:
        raise Announcement.DoesNotExist(pk)
    return found


def _note(tournament: Tournament, message: str, text: str, user: User) -> None:
    record(
        tournament,
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=user,
        message=message,
        params={"text": text},
    )


@transaction.atomic
def add_announcement(tournament: Tournament, *, text: str, user: User = None) -> Announcement:
    tournament = _locked(tournament)
    text = _clean_text(text)
    existing = _positions(tournament)
    if len(existing) >= ANNOUNCEMENTS_LIMIT:
        raise DomainError(
            _("Höchstens %(limit)d Ansagen je Turnier; bitte erst eine löschen.")
            % {"limit": ANNOUNCEMENTS_LIMIT},
            field="text",
        )
    announcement = Announcement.objects.create(
        tournament=tournament, text=text, position=max(existing, default=0) + 1
    )
    _note(tournament, gettext_noop("Ansage „%(text)s“ angelegt"), text, user)
    return announcement


@transaction.atomic
def change_announcement(
    tournament: Tournament, pk: int, *, text: str, active: bool, user: User = None
) -> Announcement:
    tournament = _locked(tournament)
    announcement = _one(tournament, pk)
    text = _clean_text(text)
    if (announcement.text, announcement.active) == (text, active):
        return announcement
    announcement.text, announcement.active = text, active
    announcement.save(update_fields=["text", "active"])
    _note(tournament, gettext_noop("Ansage „%(text)s“ geändert"), text, user)
    return announcement


@transaction.atomic
def move_announcement(tournament: Tournament, pk: int, *, step: int, user: User = None) -> None:
    """One place up (``step`` -1) or down (+1); the order is renumbered 1, 2, 3 …"""
    tournament = _locked(tournament)
    announcement = _one(tournament, pk)
    order = list(tournament.announcements.order_by("position", "pk"))
    at = order.index(announcement)
    to = max(0, min(len(order) - 1, at + (1 if step > 0 else -1)))
    if to == at:
        return
    order.insert(to, order.pop(at))
    for position, item in enumerate(order, start=1):
        item.position = position
    Announcement.objects.bulk_update(order, ["position"])
    _note(tournament, gettext_noop("Ansage „%(text)s“ verschoben"), announcement.text, user)


@transaction.atomic
def delete_announcement(tournament: Tournament, pk: int, *, user: User = None) -> None:
    tournament = _locked(tournament)
    announcement = _one(tournament, pk)
    announcement.delete()
    _note(tournament, gettext_noop("Ansage „%(text)s“ gelöscht"), announcement.text, user)

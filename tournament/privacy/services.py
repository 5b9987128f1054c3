"""A person's rights and the club's privacy settings: what is published, anonymising a member
or a guest (a stable pseudonym, "Spieler 17"; results and standings stay as they were), the
guests' retention, and everything stored about a person (``personal_data``)."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from typing import Any

from django.apps import apps
from django.db import models, transaction
from django.db.models import Q
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.errors import DomainError
from tournament.models import (
    AuditEntry,
    Club,
    Member,
    NameChoice,
    Participant,
    PublicNames,
    Signup,
    Tournament,
)
from tournament.normalize import name_key
from tournament.polling.stamp import renew_stamp

PSEUDONYM = "Spieler %(number)d"  # stored as data, like a name typed in German
# What the texts of a tournament say instead of the name of a sign-up deleted after retention.
REMOVED_SIGNUP = "gelöschte Anmeldung"
MAX_RETENTION_MONTHS = 240


def renew_club_pages(club: Club) -> None:
    """The public pages of every tournament of the club show names anew (their stamps renew)."""
    for slug in club.tournaments.values_list("slug", flat=True):
        renew_stamp(slug)


@transaction.atomic
def save_club_privacy(
    club: Club,
    *,
    public_names: str,
    consent_allowed: bool,
    guest_retention_months: int | None,
    embed_origins: str,
    public_player_pages: bool = False,
) -> Club:
    """The club's privacy settings; every public page of its tournaments renders anew."""
    if public_names not in PublicNames.values:
        raise DomainError(_("Unbekannte Einstellung für die Namen."), field="public_names")
    months = guest_retention_months
    if months is not None and not 1 <= months <= MAX_RETENTION_MONTHS:
        raise DomainError(
            _("Die Aufbewahrung muss zwischen 1 und 240 Monaten liegen."),
            field="guest_retention_months",
        )
    club = Club.objects.select_for_update().get(pk=club.pk)
    club.public_names = public_names
    club.consent_allowed = consent_allowed
    club.guest_retention_months = guest_retention_months
    club.embed_origins = embed_origins
    club.public_player_pages = public_player_pages
    club.save(
        update_fields=[
            "public_names",
            "consent_allowed",
            "public_player_pages",
            "guest_retention_months",
            "embed_origins",
        ]
    )
    renew_club_pages(club)
    return club


@transaction.atomic
def set_name_choice(person: Member | Participant, choice: str, *, user: User = None) -> None:
    """A member's or participant's own say about their name on public pages."""
    if choice not in NameChoice.values:
        raise DomainError(_("Unbekannte Wahl für den Namen."), field="name_choice")
    person.name_choice = choice
    person.save(update_fields=["name_choice"])
    participants = (
        person.participations.select_related("tournament")
        if isinstance(person, Member)
        else [person]
    )
    for participant in participants:
        record(
            participant.tournament,
            AuditEntry.Action.PARTICIPANT_CHANGED,
            user=user,
            message=gettext_noop("Namenswahl geändert: %(name)s"),
            params={"name": participant.name},
        )


def _free_pseudonym(club: Club, tournament_ids: Iterable[int]) -> str:
    """The next pseudonym of the club (the club row locked by the caller) that no member and
    no participant of those tournaments bears already."""
    tournament_ids = list(tournament_ids)
    while True:
        club.pseudonyms += 1
        name = PSEUDONYM % {"number": club.pseudonyms}
        taken = Member.objects.filter(club=club, key=name_key(name)).exists() or (
            Participant.objects.filter(tournament_id__in=tournament_ids, name__iexact=name).exists()
        )
        if not taken:
            club.save(update_fields=["pseudonyms"])
            return name


def _scrub(value: Any, old: str, new: str) -> Any:
    """``value`` (text, or JSON of lists and dicts) with every ``old`` replaced by ``new``."""
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [_scrub(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _scrub(item, old, new) for key, item in value.items()}
    return value


def _text_fields(model: type[models.Model]) -> list[models.Field]:
    return [
        field
        for field in model._meta.concrete_fields
        if isinstance(field, models.CharField | models.TextField | models.JSONField)
        and not field.is_relation
    ]


def _person_models() -> list[type[models.Model]]:
    """The models that may hold what is stored about a player: the tournament's and scoring's."""
    return [m for m in apps.get_models() if m._meta.app_label in ("tournament", "scoring")]


def _scrub_mentions(tournament_ids: list[int], old: str, new: str) -> None:
    """The rows of those tournaments keep the fact, not the name: ``old`` becomes ``new`` in
    every text of theirs (audit entries, a substitute's reason, a sheet's comments ...)."""
    for model in _person_models():
        where = _tournament_field(model)
        mentions = _mentions(model, {old})
        if where is None or mentions is None or model in (Member, Participant):
            continue
        fields = _text_fields(model)
        rows = _as_text(model).filter(mentions, **{f"{where}__in": tournament_ids})
        for row in rows.select_for_update(of=("self",)):
            for field in fields:
                setattr(row, field.attname, _scrub(getattr(row, field.attname), old, new))
            row.save(update_fields=[field.attname for field in fields])


def _anonymise_participants(participants: list[Participant], pseudonym: str, *, user: User) -> None:
    for participant in participants:
        old = participant.name
        participant.name, participant.club = pseudonym, ""
        participant.name_choice, participant.anonymised = "", True
        participant.save(update_fields=["name", "club", "name_choice", "anonymised"])
        _scrub_mentions([participant.tournament_id], old, pseudonym)
        # The sign-up it came from keeps its place on the list, not the person's details.
        Signup.objects.filter(participant=participant).update(
            name=pseudonym, club="", ddv_number="", contact="", remark=""
        )
        record(
            participant.tournament,
            AuditEntry.Action.PERSON_ANONYMISED,
            user=user,
            message=gettext_noop("Anonymisiert: jetzt %(name)s"),
            params={"name": pseudonym},
        )


@transaction.atomic
def anonymise_member(member: Member, *, user: User = None) -> Member:
    """Name and contact of ``member`` and of every evening they played become one stable
    pseudonym ("Spieler 17"); points, places and seasons stay as they were."""
    club = Club.objects.select_for_update().get(pk=member.club_id)
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.anonymised:
        raise DomainError(_("Dieser Eintrag ist bereits anonymisiert."))
    participants = list(
        Participant.objects.select_for_update().filter(member=member).select_related("tournament")
    )
    pseudonym = _free_pseudonym(club, [p.tournament_id for p in participants])
    old = member.name
    member.name, member.key, member.name_choice, member.anonymised = (
        pseudonym,
        name_key(pseudonym),
        "",
        True,
    )
    member.save(update_fields=["name", "key", "name_choice", "anonymised"])
    _scrub_mentions([p.tournament_id for p in participants], old, pseudonym)
    _anonymise_participants(participants, pseudonym, user=user)
    return member


@transaction.atomic
def anonymise_guest(participant: Participant, *, user: User = None) -> Participant:
    """A guest (no member) of a club's tournament gets a pseudonym, as a member would."""
    participant = (
        Participant.objects.select_for_update().select_related("tournament").get(pk=participant.pk)
    )
    if participant.member_id is not None:
        raise DomainError(_("Mitglieder werden in der Mitgliederliste anonymisiert."))
    if participant.anonymised:
        raise DomainError(_("Dieser Eintrag ist bereits anonymisiert."))
    if participant.tournament.club_id is None:
        raise DomainError(_("Nur Gäste eines Vereinsturniers werden anonymisiert."))
    club = Club.objects.select_for_update().get(pk=participant.tournament.club_id)
    pseudonym = _free_pseudonym(club, [participant.tournament_id])
    _anonymise_participants([participant], pseudonym, user=user)
    return participant


def months_before(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` months earlier (the month's last day where it is shorter)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    for last in (31, 30, 29, 28):
        try:
            return datetime.date(year, month + 1, min(day.day, last))
        except ValueError:
            continue
    raise AssertionError("unreachable")


def expired_guests(club: Club, today: datetime.date | None = None) -> list[Participant]:
    """The club's guests whose evening is longer ago than the club's retention."""
    if club.guest_retention_months is None:
        return []
    before = months_before(today or timezone.localdate(), club.guest_retention_months)
    return list(
        Participant.objects.filter(
            tournament__club=club, member=None, anonymised=False, tournament__date__lt=before
        ).order_by("pk")
    )


def expired_signups(club: Club, today: datetime.date | None = None) -> models.QuerySet[Signup]:
    """The sign-ups of the club's tournaments past the retention that never became a
    participant (cancelled, still waiting, not come)."""
    if club.guest_retention_months is None:
        return Signup.objects.none()
    before = months_before(today or timezone.localdate(), club.guest_retention_months)
    return Signup.objects.filter(
        tournament__club=club, tournament__date__lt=before, participant=None
    ).order_by("pk")


@transaction.atomic
def delete_expired_signups(club: Club, *, today: datetime.date | None = None) -> int:
    """Delete the club's sign-ups past the retention that never became a participant: they
    hold no result to keep. The tournament's texts (audit entries) name them no more, unless a
    participant of that tournament bears the same name (whose own anonymising covers it)."""
    deleted = 0
    for signup in expired_signups(club, today).select_for_update():
        keys = {
            name_key(name)
            for name in Participant.objects.filter(tournament_id=signup.tournament_id).values_list(
                "name", flat=True
            )
        }
        if name_key(signup.name) not in keys:
            _scrub_mentions([signup.tournament_id], signup.name, REMOVED_SIGNUP)
        signup.delete()
        deleted += 1
    return deleted


def anonymise_expired_guests(
    club: Club, *, today: datetime.date | None = None, user: User = None
) -> int:
    """Anonymise the club's guests past the retention (one transaction each) and delete the
    sign-ups past it that never became a participant (``delete_expired_signups``); how many
    guests."""
    done = 0
    for guest in expired_guests(club, today):
        try:
            anonymise_guest(guest, user=user)
        except DomainError:
            continue  # anonymised meanwhile
        done += 1
    delete_expired_signups(club, today=today)
    return done


def _references(model: type[models.Model], targets: dict[type, set[int]]) -> Q | None:
    """Rows of ``model`` that point at one of ``targets`` (model → ids) by a foreign key."""
    found = None
    for field in model._meta.concrete_fields:
        related = field.related_model
        if field.is_relation and related in targets and targets[related]:
            condition = Q(**{f"{field.attname}__in": targets[related]})
            found = condition if found is None else found | condition
    return found


def _mentions(model: type[models.Model], names: set[str]) -> Q | None:
    """Rows of ``model`` whose text or JSON fields contain one of ``names`` (a JSON field is
    searched as its text, where a name may be stored escaped: "M\\u00fcller");
    the queryset must be ``_as_text``."""
    found = None
    for field in _text_fields(model):
        column = f"_text_{field.attname}" if isinstance(field, models.JSONField) else field.attname
        for name in names:
            for form in {name, json.dumps(name)[1:-1]}:
                condition = Q(**{f"{column}__contains": form})
                found = condition if found is None else found | condition
    return found


def _as_text(model: type[models.Model]) -> models.QuerySet:
    """All rows of ``model``, its JSON fields also as text (for ``_mentions``)."""
    return model._default_manager.annotate(
        **{
            f"_text_{field.attname}": Cast(field.attname, models.TextField())
            for field in _text_fields(model)
            if isinstance(field, models.JSONField)
        }
    )


def _row(instance: models.Model) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for field in instance._meta.concrete_fields:
        if isinstance(field, models.BinaryField):
            continue
        value = getattr(instance, field.attname)
        if isinstance(value, datetime.date | datetime.datetime):
            value = value.isoformat()
        row[field.attname] = value
    return row


def personal_data(person: Member | Participant) -> dict[str, Any]:
    """Everything stored about a member (with every evening they played) or a participant: per
    table (``app.model``) the rows that point at them or name them, as plain JSON data."""
    if isinstance(person, Member):
        participants = list(person.participations.all())
        members = {person.pk}
    else:
        participants = [person]
        members = {person.member_id} if person.member_id else set()
    names = {person.name, *(p.name for p in participants)}
    tournaments = {p.tournament_id for p in participants}
    targets = {Participant: {p.pk for p in participants}, Member: members}
    tables: dict[str, list[dict[str, Any]]] = {}
    for model in _person_models():
        condition = _references(model, targets)
        if model in targets:
            own = Q(pk__in=targets[model])
            condition = own if condition is None else condition | own
        mentions = _mentions(model, names)
        tournament_field = _tournament_field(model)
        if mentions is not None and tournament_field is not None:
            scoped = mentions & Q(**{f"{tournament_field}__in": tournaments})
            condition = scoped if condition is None else condition | scoped
        if condition is None:
            continue
        rows = [_row(row) for row in _as_text(model).filter(condition).order_by("pk")]
        if rows:
            tables[model._meta.label_lower] = rows
    return {
        "person": {
            "kind": "member" if isinstance(person, Member) else "participant",
            "name": person.name,
        },
        "exported_at": timezone.now().isoformat(),
        "tables": tables,
    }


def _tournament_field(model: type[models.Model], depth: int = 3) -> str | None:
    """The lookup that names the tournament of a row of ``model`` (directly or through its
    round, table, seat, sheet, version or participant), or None."""
    fields = {field.name: field.related_model for field in model._meta.concrete_fields}
    if fields.get("tournament") is Tournament:
        return "tournament_id"
    if depth == 0:
        return None
    for via in ("round", "table", "seat", "sheet", "version", "participant"):
        related = fields.get(via)
        inner = _tournament_field(related, depth - 1) if related is not None else None
        if inner is not None:
            return f"{via}__{inner}"
    return None

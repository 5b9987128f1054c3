"""What happens to clubs and their members: create a club, keep the registry, register members
for an evening, turn a guest into a member, merge two entries of the same person.

A member is found by ``name_key`` (the participants' duplicate check): "anna  MÜLLER" is the
member "Anna Müller". A participant is linked to its member; renaming the member keeps every
evening, and a participant's name as written on that evening stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tournament.audit import User, record
from tournament.clubs.logo import clean_logo
from tournament.errors import DomainError
from tournament.models import AuditEntry, Club, Member, Participant, Tournament
from tournament.normalize import name_key, normalize_name


def require_short_name(slug: str) -> None:
    """A club's or season's short name: lowercase letters, digits and hyphens (its URL part)."""
    if not slug or slugify(slug) != slug:
        raise DomainError(
            _(
                "Der Kurzname „%(slug)s“ darf nur Kleinbuchstaben, Ziffern und Bindestriche "
                "enthalten."
            )
            % {"slug": slug},
            field="slug",
        )


@transaction.atomic
def create_club(slug: str, *, name: str) -> Club:
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Bitte einen Namen für den Verein angeben."), field="name")
    require_short_name(slug)
    if Club.objects.filter(slug=slug).exists():
        raise DomainError(_("Den Verein „%(slug)s“ gibt es schon.") % {"slug": slug}, field="slug")
    return Club.objects.create(slug=slug, name=name)


def _clean_member_name(name: str) -> str:
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Der Name fehlt."), field="name")
    if len(name) > Member._meta.get_field("name").max_length:
        raise DomainError(_("Der Name ist zu lang."), field="name")
    return name


def _gone(name: str) -> DomainError:
    """A member removed meanwhile (deleted, or merged into another entry)."""
    return DomainError(
        _(
            "„%(name)s“ steht nicht mehr in der Mitgliederliste (eben gelöscht oder mit einem "
            "anderen Eintrag zusammengeführt). Bitte die Liste neu laden."
        )
        % {"name": name}
    )


def _locked_member(member: Member) -> Member:
    locked = Member.objects.select_for_update().filter(pk=member.pk).first()
    if locked is None:
        raise _gone(member.name)
    return locked


def _lock_registry(club_id: int) -> None:
    """Names in a club's registry change one at a time: the check for a name already taken and
    the write see the same registry. ``no_key``: rows referring to the club (new tournaments,
    members) are not held up."""
    Club.objects.select_for_update(no_key=True).filter(pk=club_id).first()


def _taken(club: Club, name: str) -> DomainError:
    return DomainError(
        _("„%(name)s“ steht schon in der Mitgliederliste.") % {"name": name}, field="name"
    )


@transaction.atomic
def add_member(club: Club, name: str) -> Member:
    name = _clean_member_name(name)
    _lock_registry(club.pk)
    if club.members.filter(key=name_key(name)).exists():
        raise _taken(club, name)
    try:
        with transaction.atomic():
            return Member.objects.create(club=club, name=name, key=name_key(name))
    except IntegrityError as error:
        raise _taken(club, name) from error


def member_named(club: Club, name: str, *, create: bool) -> Member | None:
    """The club's member of this name (same normalisation as the duplicate check); made if
    ``create`` and there is none."""
    name = normalize_name(name)
    member = club.members.filter(key=name_key(name)).first()
    if member is None and create:
        member, _created = Member.objects.get_or_create(
            club=club, key=name_key(name), defaults={"name": name}
        )
    return member


def members_for_names(club: Club, names: Iterable[str]) -> dict[str, Member]:
    """name_key -> member for every name, creating the missing members (two queries and a bulk
    insert however many names)."""
    wanted = {name_key(name): normalize_name(name) for name in names}
    found = {member.key: member for member in club.members.filter(key__in=wanted)}
    missing = [
        Member(club=club, name=name, key=key) for key, name in wanted.items() if key not in found
    ]
    if missing:
        Member.objects.bulk_create(missing, ignore_conflicts=True)
        found = {member.key: member for member in club.members.filter(key__in=wanted)}
    return found


@transaction.atomic
def rename_member(member: Member, name: str) -> Member:
    """A new name for the registry; the evenings played under the old name stay with them."""
    name = _clean_member_name(name)
    _lock_registry(member.club_id)
    member = _locked_member(member)
    if member.club.members.exclude(pk=member.pk).filter(key=name_key(name)).exists():
        raise _taken(member.club, name)
    member.name, member.key = name, name_key(name)
    try:
        with transaction.atomic():
            member.save(update_fields=["name", "key"])
    except IntegrityError as error:  # a name written outside the registry lock (an import)
        raise _taken(member.club, name) from error
    return member


@transaction.atomic
def delete_member(member: Member) -> None:
    """Only an entry that never played (registered for no evening) may go."""
    member = _locked_member(member)
    if member.participations.exists():
        raise DomainError(
            _("„%(name)s“ hat schon an Abenden teilgenommen und bleibt in der Liste.")
            % {"name": member.name}
        )
    member.delete()


@transaction.atomic
def merge_members(keep: Member, duplicate: Member, *, user: User = None) -> Member:
    """Two entries of the same person: ``duplicate``'s evenings move to ``keep``, and
    ``duplicate`` goes. Refused when both played the same evening (two people, then)."""
    if keep.pk == duplicate.pk:
        raise DomainError(_("Ein Mitglied kann nicht mit sich selbst zusammengeführt werden."))
    if keep.club_id != duplicate.club_id:
        raise DomainError(_("Nur Mitglieder desselben Vereins können zusammengeführt werden."))
    # Both rows in one order (by id): two merges of the same pair wait for each other; the
    # second finds one of them gone (merged into the other a moment ago).
    locked = {
        m.pk: m
        for m in Member.objects.select_for_update()
        .filter(pk__in=[keep.pk, duplicate.pk])
        .order_by("pk")
    }
    for member in (duplicate, keep):
        if member.pk not in locked:
            raise _gone(member.name)
    keep, duplicate = locked[keep.pk], locked[duplicate.pk]
    theirs = set(duplicate.participations.values_list("tournament_id", flat=True))
    both = keep.participations.filter(tournament_id__in=theirs)
    if both.exists():
        raise DomainError(
            _("„%(keep)s“ und „%(other)s“ haben am selben Abend gespielt: zwei Personen.")
            % {"keep": keep.name, "other": duplicate.name}
        )
    tournaments = Tournament.objects.filter(pk__in=theirs).order_by("pk")
    duplicate.participations.update(member=keep)
    for tournament in tournaments:
        record(
            tournament,
            AuditEntry.Action.MEMBERS_MERGED,
            user=user,
            message=gettext_noop("%(other)s → %(keep)s"),
            params={"other": duplicate.name, "keep": keep.name},
        )
    duplicate.delete()
    return keep


@transaction.atomic
def register_members(
    tournament: Tournament, members: Iterable[Member], *, user: User = None
) -> list[Participant]:
    """Tick members for an evening: each becomes a participant linked to them (those already
    registered, by link or by name, are left out)."""
    if tournament.club_id is None:
        raise DomainError(_("Das Turnier gehört zu keinem Verein."))
    # ``no_key``: a merge of two members writes audit entries of this tournament meanwhile.
    Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    wanted = list(members)
    if any(member.club_id != tournament.club_id for member in wanted):
        raise DomainError(_("Nur Mitglieder des eigenen Vereins können angemeldet werden."))
    # Locked (by id, as a merge locks them) until the participants are written: a member
    # deleted or merged meanwhile is reported instead of written into a participant.
    locked = {
        m.pk: m
        for m in Member.objects.select_for_update()
        .filter(pk__in=[m.pk for m in wanted])
        .order_by("pk")
    }
    gone = [m.name for m in wanted if m.pk not in locked]
    if gone:
        raise DomainError(
            ngettext(
                "„%(names)s“ steht nicht mehr in der Mitgliederliste (eben gelöscht oder mit "
                "einem anderen Eintrag zusammengeführt). Niemand wurde angemeldet; bitte die "
                "Auswahl prüfen.",
                "„%(names)s“ stehen nicht mehr in der Mitgliederliste (eben gelöscht oder mit "
                "einem anderen Eintrag zusammengeführt). Niemand wurde angemeldet; bitte die "
                "Auswahl prüfen.",
                len(gone),
            )
            % {"names": "“, „".join(gone)}
        )
    members = [locked[m.pk] for m in wanted]
    present = set(tournament.participants.values_list("member_id", flat=True))
    taken = {name_key(name) for name in tournament.participants.values_list("name", flat=True)}
    new = [m for m in members if m.pk not in present and m.key not in taken]
    created = Participant.objects.bulk_create(
        [Participant(tournament=tournament, name=m.name, member=m) for m in new]
    )
    if created:
        record(
            tournament,
            AuditEntry.Action.PARTICIPANTS_IMPORTED,
            user=user,
            message=gettext_noop("%(count)d aus der Mitgliederliste"),
            params={"count": len(created)},
        )
    return created


@transaction.atomic
def make_member(participant: Participant, *, user: User = None) -> Member:
    """A guest of a club's evening becomes a member (or is linked to the member of that name)."""
    participant = (
        Participant.objects.select_for_update().select_related("tournament").get(pk=participant.pk)
    )
    club = participant.tournament.club
    if club is None:
        raise DomainError(_("Das Turnier gehört zu keinem Verein."))
    if participant.member_id is not None:
        return participant.member
    member = member_named(club, participant.name, create=True)
    if member.participations.filter(tournament=participant.tournament).exists():
        raise DomainError(
            _("„%(name)s“ ist an diesem Abend schon als Mitglied angemeldet.")
            % {"name": member.name}
        )
    participant.member = member
    participant.save(update_fields=["member"])
    record(
        participant.tournament,
        AuditEntry.Action.PARTICIPANT_CHANGED,
        user=user,
        message=gettext_noop("%(name)s ist jetzt Mitglied"),
        params={"name": participant.name},
    )
    return member


def last_evening_members(tournament: Tournament) -> QuerySet[Member]:
    """ "Wie beim letzten Mal": the members of the club's previous evening (by date)."""
    if tournament.club_id is None:
        return Member.objects.none()
    previous = (
        Tournament.objects.filter(club_id=tournament.club_id, date__lte=tournament.date)
        .exclude(pk=tournament.pk)
        .filter(participants__member__isnull=False)
        .order_by("-date", "-pk")
        .first()
    )
    if previous is None:
        return Member.objects.none()
    return Member.objects.filter(
        participations__tournament=previous, participations__withdrawn=False
    )


@transaction.atomic
def attach_to_club(tournament: Tournament, club: Club) -> Tournament:
    """A tournament without a club (made before clubs, or restored from a backup, which carries
    no club) becomes the club's: each participant is linked to the member of the same name, who
    is made if the registry has none."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.club_id is not None and tournament.club_id != club.pk:
        raise DomainError(_("Das Turnier gehört schon zu einem anderen Verein."))
    tournament.club = club
    tournament.save(update_fields=["club"])
    participants = list(tournament.participants.filter(member__isnull=True))
    members = members_for_names(club, [p.name for p in participants])
    taken = set(tournament.participants.exclude(member=None).values_list("member_id", flat=True))
    for participant in participants:
        member = members[name_key(participant.name)]
        if member.pk not in taken:
            participant.member = member
            taken.add(member.pk)
    Participant.objects.bulk_update(participants, ["member"])
    return tournament


@transaction.atomic
def store_club_logo(club: Club, upload: bytes) -> Club:
    """Store the cleaned PNG of ``upload`` as the club's logo (``LogoRefused``: nothing stored)."""
    png = clean_logo(upload)
    Club.objects.filter(pk=club.pk).update(logo=png)
    club.logo = png
    return club


def remove_club_logo(club: Club) -> Club:
    Club.objects.filter(pk=club.pk).update(logo=None)
    club.logo = None
    return club

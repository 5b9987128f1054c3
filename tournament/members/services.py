"""Importing a club's member list: the same file rules as a tournament's participant import
(CSV or XLSX, a "Name" column; ``tournament.participants.importing``)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.clubs.services import members_for_names
from tournament.errors import DomainError
from tournament.models import Club, Member
from tournament.participants.importing import ImportPreview, read_participants


def preview_members(club: Club, data: bytes, filename: str) -> ImportPreview:
    return read_participants(
        data, filename, existing_names=club.members.values_list("name", flat=True)
    )


@transaction.atomic
def import_members(club: Club, data: bytes, filename: str) -> list[Member]:
    """Every new name of the file becomes a member, or none: a problem refuses the whole file.
    Names already in the registry (or repeated) are left out."""
    Club.objects.select_for_update().get(pk=club.pk)
    preview = preview_members(club, data, filename)
    if not preview.ok:
        raise DomainError(
            _("Die Datei wurde nicht übernommen."), problems=[str(p) for p in preview.errors]
        )
    return list(members_for_names(club, [row.name for row in preview.rows]).values())

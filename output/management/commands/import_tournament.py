"""manage.py import_tournament FILE [--slug NEW] [--organiser USERNAME] [--club SLUG]: restore a
backup, all of it or nothing. A backup carries no logins: without ``--organiser`` only superusers
see the restored tournament (``manage.py grant_access`` later). Nor does it carry a club:
``--club`` makes the restored tournament that club's and links its participants to the members
of the same names."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from output.backup import document
from output.backup.document import BackupError, loads, too_large
from output.backup.restore import import_tournament
from tournament.clubs.services import attach_to_club
from tournament.management.organiser import add_organiser_argument, organiser_from
from tournament.models import AuditEntry, Club
from tournament.permissions import grant_access


class Command(BaseCommand):
    help = (
        "Restore a tournament from a file written by export_tournament. With --slug the "
        "tournament is restored under a new short name (a copy; its tables get new entry links)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="restore under this short name instead of the file's")
        parser.add_argument("--club", metavar="SLUG", help="the club the tournament belongs to")
        add_organiser_argument(parser)

    def handle(self, *args, file: str, slug: str | None, **options):
        organiser = organiser_from(options)
        club = None
        if options.get("club"):
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"There is no club '{options['club']}'.")
        try:
            size = Path(file).stat().st_size
            if size > document.MAX_BYTES:  # refused before reading it into memory
                raise CommandError(f"{file}: {too_large(size).message}")
            data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from error
        try:
            with transaction.atomic():
                tournament = import_tournament(loads(data), slug=slug)
                if club is not None:
                    tournament = attach_to_club(tournament, club)
                if organiser is not None:
                    grant_access(tournament, organiser)
        except BackupError as error:
            raise CommandError(f"{file}: {error.message}") from error
        self.stdout.write(
            f"Tournament '{tournament.name}' restored as {tournament.slug} "
            f"({tournament.participants.count()} participants, "
            f"{tournament.rounds.count()} rounds)."
        )
        entry = tournament.audit_entries.filter(
            action=AuditEntry.Action.TOURNAMENT_IMPORTED
        ).first()
        recomputed = entry.details.get("recomputed", 0) if entry else 0
        if recomputed:
            self.stdout.write(
                f"Points recomputed by the rules engine at {recomputed} place(s) where the file's "
                "stored points differed (see the audit log)."
            )

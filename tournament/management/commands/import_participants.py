"""manage.py import_participants SLUG FILE: all lines or none (names already registered or
repeated are skipped with a warning)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.participants.services import import_participants, preview_import


class Command(BaseCommand):
    help = "Import participants from a CSV or XLSX file with a 'Name' column."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")
        parser.add_argument(
            "--dry-run", action="store_true", help="only check the file, write nothing"
        )

    def handle(self, *args, slug: str, file: str, dry_run: bool, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Unknown tournament '{slug}'.")
        path = Path(file)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from error
        preview = preview_import(tournament, data, path.name)
        for warning in [*preview.skipped, *preview.warnings]:
            self.stderr.write(f"{file}: {warning}")
        if dry_run:
            for problem in preview.errors:
                self.stderr.write(f"{file}: {problem}")
            if not preview.ok:
                raise CommandError("The file would not be imported.")
            self.stdout.write(f"{len(preview.rows)} participants would be imported.")
            return
        try:
            created = import_participants(tournament, data, path.name)
        except DomainError as error:
            for problem in error.problems:
                self.stderr.write(f"{file}: {problem}")
            raise CommandError(error.message) from error
        self.stdout.write(f"{len(created)} participants imported into {tournament.slug}.")

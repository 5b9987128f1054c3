"""manage.py export_tournament SLUG FILE: the whole tournament as one JSON backup file."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from output.backup.document import dumps
from output.backup.export import export_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    help = (
        "Write a tournament with participants, rounds, sheets (all versions) and audit log to "
        "a JSON file ('-' for standard output). Restore it with import_tournament."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def handle(self, *args, slug: str, file: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Unknown tournament '{slug}'.")
        text = dumps(export_tournament(tournament))
        if file == "-":
            sys.stdout.write(text + "\n")
            return
        try:
            Path(file).write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from error
        self.stdout.write(f"Tournament {tournament.slug} written to {file}.")

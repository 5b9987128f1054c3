"""manage.py create_club SLUG --name NAME"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournament.clubs.services import create_club
from tournament.errors import DomainError


class Command(BaseCommand):
    help = "Create a club (Verein anlegen)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)

    def handle(self, *args, slug: str, name: str, **options):
        try:
            club = create_club(slug, name=name)
        except DomainError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(club.slug)

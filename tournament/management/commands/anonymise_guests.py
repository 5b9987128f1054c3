"""``manage.py anonymise_guests [--club SLUG] [--today YYYY-MM-DD]``: for cron or a scheduled
task — every club's guests whose evening is longer ago than the club's retention get a
pseudonym ("Spieler 17"); results stay. Clubs without a retention are left alone."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.models import Club
from tournament.privacy.services import anonymise_expired_guests


class Command(BaseCommand):
    help = "Anonymise the guests past their club's retention (Gäste anonymisieren nach Monaten)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="only this club (its short name)")
        parser.add_argument("--today", help="the day to count from (YYYY-MM-DD); default today")

    def handle(self, *args: Any, **options: Any) -> None:
        today = None
        if options["today"]:
            try:
                today = datetime.date.fromisoformat(options["today"])
            except ValueError:
                raise CommandError(
                    f"--today: „{options['today']}“ is no date (YYYY-MM-DD)"
                ) from None
        clubs = Club.objects.exclude(guest_retention_months=None)
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists() and not Club.objects.filter(slug=options["club"]).exists():
                raise CommandError(f"No club „{options['club']}“.")
        total = 0
        for club in clubs.order_by("slug"):
            done = anonymise_expired_guests(club, today=today)
            total += done
            self.stdout.write(f"{club.slug}: {done}")
        self.stdout.write(f"anonymised: {total}")

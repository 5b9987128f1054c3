"""manage.py draw_round SLUG N [--seed S] [--release]"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.evening.rounds import draw_round, release_round
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.seating.reading import round_with_seating


class Command(BaseCommand):
    help = "Seat a round: round 1 by a seeded draw, later rounds by placement."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("--seed", type=int)
        parser.add_argument("--release", action="store_true")

    def handle(self, *args, slug: str, round: int, seed: int | None, release: bool, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Unknown tournament '{slug}'.")
        try:
            with transaction.atomic():
                drawn = draw_round(tournament, round, seed=seed)
                if release:
                    release_round(tournament, round)
        except DomainError as error:
            raise CommandError(str(error)) from error
        seated = round_with_seating(tournament, round)
        self.stdout.write(f"Round {round} seed {drawn.seed}{' (released)' if release else ''}")
        for table in seated.tables.all():
            names = ", ".join(
                f"{seat.number}:{seat.participant.name}" for seat in table.seats.all()
            )
            self.stdout.write(f"Tisch {table.number}: {names}")

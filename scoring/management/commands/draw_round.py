"""manage.py draw_round SLUG N [--seed S] [--seating RULE] [--release]"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.evening.rounds import draw_round, release_round
from tournament.errors import DomainError
from tournament.models import SeatingRule, Tournament
from tournament.seating.reading import repeat_summary, round_with_seating


class Command(BaseCommand):
    help = (
        "Seat a round: round 1 by a seeded draw, later rounds by the seating rule "
        "(the tournament's, or --seating)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("--seed", type=int)
        parser.add_argument(
            "--seating",
            choices=SeatingRule.values,
            help="round 2 and later: placement, placement_avoid (by placement, avoiding "
            "repeats) or drawn_avoid (drawn, avoiding repeats); default the tournament's",
        )
        parser.add_argument("--release", action="store_true")

    def handle(
        self,
        *args,
        slug: str,
        round: int,
        seed: int | None,
        seating: str | None,
        release: bool,
        **options,
    ):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Unknown tournament '{slug}'.")
        try:
            with transaction.atomic():
                drawn = draw_round(tournament, round, seed=seed, seating_rule=seating)
                if release:
                    release_round(tournament, round)
        except DomainError as error:
            raise CommandError(str(error)) from error
        seated = round_with_seating(tournament, round)
        self.stdout.write(
            f"Round {round} {drawn.method} seed {drawn.seed}{' (released)' if release else ''}"
        )
        for table in seated.tables.all():
            names = ", ".join(
                f"{seat.number}:{seat.participant.name}" for seat in table.seats.all()
            )
            self.stdout.write(f"Tisch {table.number}: {names}")
        if round > 1:
            self.stdout.write(repeat_summary(tournament, seated))

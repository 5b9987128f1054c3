"""manage.py generate_demo --players 400 --rounds 2 [--seed S] [--slug SLUG] [--open-round]
[--organiser USERNAME]

A complete tournament of any size, made through the same services as the organiser's pages:
create the tournament, import the participants (a CSV of ``scoring.demo.names``), draw round 1
digitally with the seed, release it, enter every table's sheet (valid records from
``scoring.demo.records``, handed in as final) and confirm it (``scoring.demo.play``); then seat
round 2 by placement, release, enter, confirm, and so on. ``--open-round`` adds one more round,
drawn and released, whose sheets stay empty for the captains (the load test saves into them).

The same seed gives the same participants, seating and games (entry tokens and timestamps
differ). 400 players make 100 tables, 3,200 games and 12,800 score lines in two rounds.
``--organiser`` gives that login access; without it only superusers see the tournament.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.demo.names import participants_csv
from scoring.demo.play import Records, play_round
from scoring.demo.records import sheet_records
from scoring.models import ScoreLine, Sheet, SheetVersion
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.management.organiser import add_organiser_argument, organiser_from
from tournament.models import Round, Tournament
from tournament.participants.services import import_participants
from tournament.permissions import grant_access
from tournament.seating import core as pure
from tournament.seating.services import draw_round, release_round

DEFAULT_SEED = 20250403


def generated_records(seed: int, number: int, cycles: int) -> Callable[[Sheet], Records]:
    """Records for a sheet of round ``number``: the same for the same seed, round and table."""

    def records_for(sheet: Sheet) -> Records:
        rng = random.Random(f"games:{seed}:{number}:{sheet.table.number}")
        return sheet_records(sheet.size, sheet.size * cycles, rng)

    return records_for


def delete_tournament(tournament: Tournament) -> None:
    """Remove a tournament; score lines and seats protect participants, so they go first."""
    with transaction.atomic():
        ScoreLine.objects.filter(round__tournament=tournament).delete()
        Round.objects.filter(tournament=tournament).delete()
        tournament.delete()


class Command(BaseCommand):
    help = "Generate a complete demo tournament of any size through the real services."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=400)
        parser.add_argument("--rounds", type=int, default=2, help="rounds played and confirmed")
        parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
        parser.add_argument("--slug", help="default: demo-<players>")
        parser.add_argument("--cycles", type=int, default=4, help="4 = 16 games per 4-table")
        parser.add_argument(
            "--open-round",
            action="store_true",
            help="draw and release one more round and leave its sheets empty",
        )
        parser.add_argument(
            "--replace", action="store_true", help="delete a tournament with this slug first"
        )
        add_organiser_argument(parser)

    def handle(self, *args, **options):
        players, rounds, seed = options["players"], options["rounds"], options["seed"]
        slug = options["slug"] or f"demo-{players}"
        organiser = organiser_from(options)
        if players < 4 or not pure.is_seatable(players):
            raise CommandError(f"{players} players cannot be seated at tables of 4 and 5.")
        if not 1 <= seed <= pure.SEED_LIMIT:
            raise CommandError(f"--seed must be between 1 and {pure.SEED_LIMIT}.")
        existing = Tournament.objects.filter(slug=slug).first()
        if existing is not None:
            if not options["replace"]:
                raise CommandError(f"Tournament '{slug}' exists; use --replace to generate anew.")
            delete_tournament(existing)
        start = time.perf_counter()
        try:
            with transaction.atomic():
                tournament, counts = self.generate(
                    slug,
                    players,
                    rounds,
                    seed,
                    cycles=options["cycles"],
                    open_round=options["open_round"],
                )
                if organiser is not None:
                    grant_access(tournament, organiser)
        except DomainError as error:
            raise CommandError(str(error)) from error
        seconds = time.perf_counter() - start
        self.stdout.write(
            f"{tournament.slug}: {players} players, {counts['rounds']} rounds "
            f"({rounds} confirmed{', 1 open' if options['open_round'] else ''}), "
            f"{counts['tables']} tables, {counts['sheets']} sheets, {counts['games']} games, "
            f"{counts['score_lines']} score lines in {seconds:.1f} s"
        )

    def generate(
        self, slug: str, players: int, rounds: int, seed: int, *, cycles: int, open_round: bool
    ) -> tuple[Tournament, dict[str, int]]:
        total_rounds = rounds + (1 if open_round else 0)
        tournament = create_tournament(
            name=f"Großes offenes Turnier ({players} Spieler)",
            date=datetime.date(2025, 4, 3),
            slug=slug,
            venue="Stadthalle",
            rounds_count=total_rounds,
            cycles=cycles,
        )
        import_participants(tournament, participants_csv(players, seed), "demo-teilnehmer.csv")
        counts = {"rounds": total_rounds, "tables": 0, "sheets": 0, "games": 0, "score_lines": 0}
        for number in range(1, total_rounds + 1):
            round_ = draw_round(tournament, number, seed=seed)
            release_round(tournament, number)
            if number > rounds:  # the open round: captains enter these sheets
                counts["tables"] += Sheet.objects.filter(round=round_).count()
                continue
            played = play_round(
                round_,
                generated_records(seed, number, cycles),
                source=SheetVersion.Source.GENERATOR,
            )
            counts["tables"] += len(played)
            counts["sheets"] += len(played)
            counts["games"] += sum(len(records) for _sheet, records in played)
        counts["score_lines"] = ScoreLine.objects.filter(round__tournament=tournament).count()
        return tournament, counts

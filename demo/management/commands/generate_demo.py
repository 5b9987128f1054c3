"""manage.py generate_demo --players 400 --rounds 2 [--seed S] [--slug SLUG] [--open-round]
[--organiser USERNAME] [--ruleset KEY]

A complete tournament of any size, made through the same services as the organiser's pages:
create the tournament, import the participants (a CSV of ``demo.names``), draw round 1
digitally with the seed, release it, enter every table's sheet (valid records from
``demo.records``, handed in as final) and confirm it (``demo.play``); then seat
round 2 by placement, release, enter, confirm, and so on. ``--open-round`` adds one more round,
drawn and released, whose sheets stay empty for the captains (the load test saves into them).

The same seed gives the same participants, seating and games (entry tokens and timestamps
differ). 400 players make 100 tables, 3,200 games and 12,800 score lines in two rounds.
``--organiser`` gives that login access; without it only superusers see the tournament.
``--ruleset ddv`` plays by the DDV rules: 24 / 30 games a table, the ruleset's own made-up
rounds (:meth:`rules.base.Ruleset.sample_rows`: Pflichtsoli, Vorführungen, a penalty line).

A club's season: ``--club SLUG --evenings N [--season 2025] [--rule sum|best|average] [--best N]
[--min-rounds K]`` makes the club (if new), N evenings of ``--players`` each (drawn from a pool
of a quarter more members, so that not everyone plays every evening; the participants are
linked to the club's members by the import) and the season of them all.
"""

from __future__ import annotations

import csv
import datetime
import io
import random
import time
from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from demo.names import participant_rows, participants_csv
from demo.play import Records, play_round
from demo.records import sheet_records
from scoring.evening.rounds import draw_round, release_round
from scoring.models import ScoreLine, Season, Sheet, SheetVersion
from seasons.services import create_season
from tournament.clubs.services import create_club
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.management.organiser import add_organiser_argument, organiser_from
from tournament.models import Club, ClubMembership, Round, Tournament
from tournament.participants.services import import_participants
from tournament.permissions import grant_access
from tournament.seating import core as pure

DEFAULT_SEED = 20250403


def generated_records(
    seed: int, number: int, cycles: int, tournament: Tournament | None = None
) -> Callable[[Sheet], Records]:
    """Records for a sheet of round ``number``: the same for the same seed, round and table;
    the tournament's ruleset's own rows where it makes them up."""

    def records_for(sheet: Sheet) -> Records:
        rng = random.Random(f"games:{seed}:{number}:{sheet.table.number}")
        if tournament is not None:
            length = tournament.sheet_length(sheet.size)
            rows = tournament.rules.sample_rows(sheet.size, length, rng.randrange(2**31))
            if rows is not None:
                return rows
        return sheet_records(sheet.size, sheet.size * cycles, rng)

    return records_for


def delete_tournament(tournament: Tournament) -> None:
    """Remove a tournament; score lines and seats protect participants, so they go first."""
    with transaction.atomic():
        ScoreLine.objects.filter(round__tournament=tournament).delete()
        Round.objects.filter(tournament=tournament).delete()
        tournament.delete()


def names_csv(rows: list[tuple[str, str]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\n")
    writer.writerow(["Name", "Verein"])
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")


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
        parser.add_argument("--ruleset", default=None, help="the ruleset's key (default: house)")
        add_organiser_argument(parser)
        season = parser.add_argument_group("a club's season")
        season.add_argument("--club", metavar="SLUG", help="make a season of this club")
        season.add_argument("--evenings", type=int, default=3)
        season.add_argument("--season", default="2025", metavar="SLUG")
        season.add_argument("--rule", choices=Season.Rule.values, default=Season.Rule.SUM)
        season.add_argument("--best", type=int, metavar="N")
        season.add_argument("--min-rounds", type=int, default=0, metavar="K")

    def handle(self, *args, **options):
        if options["club"]:
            self.handle_season(options)
            return
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
                    ruleset=options["ruleset"],
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

    def handle_season(self, options) -> None:
        players, rounds, seed = options["players"], options["rounds"], options["seed"]
        evenings, slug = options["evenings"], options["club"]
        organiser = organiser_from(options)
        if players < 4 or not pure.is_seatable(players):
            raise CommandError(f"{players} players cannot be seated at tables of 4 and 5.")
        if not 1 <= evenings <= 52:
            raise CommandError("--evenings must be between 1 and 52.")
        slugs = [f"{slug}-abend-{n}" for n in range(1, evenings + 1)]
        club = Club.objects.filter(slug=slug).first()
        taken = Tournament.objects.filter(slug__in=slugs)
        if taken.exists() or (club and club.seasons.filter(slug=options["season"]).exists()):
            if not options["replace"]:
                raise CommandError(f"Season '{slug}/{options['season']}' exists; use --replace.")
            Season.objects.filter(club=club, slug=options["season"]).delete()
            for tournament in taken:
                delete_tournament(tournament)
        pool = participant_rows(players + players // 4, seed)
        start = time.perf_counter()
        try:
            with transaction.atomic():
                if club is None:
                    club = create_club(slug, name=f"Doko-Club {slug}")
                played = []
                for number, evening_slug in enumerate(slugs, start=1):
                    rows = random.Random(f"evening:{seed}:{number}").sample(pool, players)
                    tournament, _counts = self.generate(
                        evening_slug,
                        players,
                        rounds,
                        seed + number,
                        cycles=options["cycles"],
                        open_round=False,
                        club=club,
                        names=rows,
                        name=f"{number}. Vereinsabend",
                        date=datetime.date(2025, 1, 10)
                        + datetime.timedelta(days=28 * (number - 1)),
                    )
                    played.append(tournament)
                create_season(
                    club,
                    options["season"],
                    name=f"Jahreswertung {options['season']}",
                    rule=options["rule"],
                    best=options["best"],
                    min_rounds=options["min_rounds"],
                    tournaments=played,
                )
                if organiser is not None:
                    ClubMembership.objects.get_or_create(
                        user=organiser, club=club, defaults={"role": ClubMembership.Role.ORGANISER}
                    )
        except DomainError as error:
            raise CommandError(str(error)) from error
        seconds = time.perf_counter() - start
        self.stdout.write(
            f"{club.slug}/{options['season']}: {evenings} evenings of {players} players, "
            f"{rounds} rounds each, {club.members.count()} members in {seconds:.1f} s"
        )

    def generate(
        self,
        slug: str,
        players: int,
        rounds: int,
        seed: int,
        *,
        cycles: int,
        open_round: bool,
        club: Club | None = None,
        names: list[tuple[str, str]] | None = None,
        name: str = "",
        date: datetime.date | None = None,
        ruleset: str | None = None,
    ) -> tuple[Tournament, dict[str, int]]:
        total_rounds = rounds + (1 if open_round else 0)
        extra = {"ruleset": ruleset} if ruleset else {}
        tournament = create_tournament(
            name=name or f"Großes offenes Turnier ({players} Spieler)",
            date=date or datetime.date(2025, 4, 3),
            slug=slug,
            venue="Stadthalle",
            rounds_count=total_rounds,
            cycles=cycles,
            club=club,
            **extra,
        )
        data = participants_csv(players, seed) if names is None else names_csv(names)
        import_participants(tournament, data, "demo-teilnehmer.csv")
        counts = {"rounds": total_rounds, "tables": 0, "sheets": 0, "games": 0, "score_lines": 0}
        for number in range(1, total_rounds + 1):
            round_ = draw_round(tournament, number, seed=seed)
            release_round(tournament, number)
            if number > rounds:  # the open round: captains enter these sheets
                counts["tables"] += Sheet.objects.filter(round=round_).count()
                continue
            played = play_round(
                round_,
                generated_records(seed, number, cycles, tournament),
                source=SheetVersion.Source.GENERATOR,
            )
            counts["tables"] += len(played)
            counts["sheets"] += len(played)
            counts["games"] += sum(len(records) for _sheet, records in played)
        counts["score_lines"] = ScoreLine.objects.filter(round__tournament=tournament).count()
        return tournament, counts

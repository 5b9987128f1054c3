"""manage.py create_season CLUB SEASON --name NAME --rule sum|best|average [--best N]
[--min-rounds K] [--metric points|table_points] TOURNAMENT_SLUG...

Everything is checked before anything is written: an unknown club or tournament, a tournament
of another club, N < 1 or K < 0 exit with status 1 and change nothing.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Season
from seasons.services import create_season
from tournament.errors import DomainError
from tournament.models import Club, Tournament


class Command(BaseCommand):
    help = "Create a season (Saison, Jahreswertung) of a club's tournaments."

    def create_parser(self, prog_name, subcommand, **kwargs):
        # The tournaments come after the options (``--rule sum jan feb``): argparse takes
        # positionals after options only when parsing intermixed.
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.parse_args = parser.parse_intermixed_args
        return parser

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's short name")
        parser.add_argument("season", help="the season's short name, e.g. 2025")
        parser.add_argument("tournaments", nargs="*", metavar="TOURNAMENT_SLUG")
        parser.add_argument("--name", required=True)
        parser.add_argument("--rule", required=True, choices=Season.Rule.values)
        parser.add_argument("--best", type=int, metavar="N", help="rule 'best': N best evenings")
        parser.add_argument(
            "--metric",
            choices=Season.Metric.values,
            default=Season.Metric.POINTS,
            help="the figure every evening adds: its points or its Tischpunkte",
        )
        parser.add_argument(
            "--min-rounds", type=int, default=0, metavar="K", help="fewer rounds: unranked"
        )

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"There is no club '{options['club']}'.")
        slugs = list(dict.fromkeys(options["tournaments"]))
        found = {t.slug: t for t in Tournament.objects.filter(slug__in=slugs)}
        unknown = [slug for slug in slugs if slug not in found]
        if unknown:
            raise CommandError(f"Unknown tournament(s): {', '.join(unknown)}.")
        foreign = [slug for slug in slugs if found[slug].club_id != club.pk]
        if foreign:
            raise CommandError(f"Not a tournament of club '{club.slug}': {', '.join(foreign)}.")
        if options["best"] is not None and options["best"] < 1:
            raise CommandError("--best N: N must be at least 1.")
        if options["min_rounds"] < 0:
            raise CommandError("--min-rounds K: K must not be negative.")
        try:
            season = create_season(
                club,
                options["season"],
                name=options["name"],
                rule=options["rule"],
                best=options["best"],
                min_rounds=options["min_rounds"],
                metric=options["metric"],
                tournaments=[found[slug] for slug in slugs],
            )
        except DomainError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{club.slug}/{season.slug}: {len(slugs)} tournament(s)")

"""manage.py season_standings CLUB SEASON [--json]

``--json`` prints a JSON list: ranked rows by rank, then the unranked by name, each exactly
``{"rank", "name", "evenings", "rounds", "points", "average", "metric"}`` (``seasons.core``;
``metric``: ``points`` or ``table_points``, the figure ``points`` and ``average`` are of).
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Season
from seasons.ranking import compute_season
from tournament.models import Club


class Command(BaseCommand):
    help = "Print a season's table (Jahreswertung)."

    def add_arguments(self, parser):
        parser.add_argument("club")
        parser.add_argument("season")
        parser.add_argument("--json", action="store_true", help="a JSON list of rows")

    def handle(self, *args, club: str, season: str, **options):
        if not Club.objects.filter(slug=club).exists():
            raise CommandError(f"There is no club '{club}'.")
        found = Season.objects.filter(club__slug=club, slug=season).select_related("club").first()
        if found is None:
            raise CommandError(f"There is no season '{season}' of club '{club}'.")
        table = compute_season(found)
        if options["json"]:
            self.stdout.write(json.dumps([row.as_json() for row in table.rows], ensure_ascii=False))
            return
        for row in table.rows:
            rank = f"{row.rank}." if row.rank is not None else "–"
            average = f"{row.average:.2f}" if row.average is not None else "–"
            self.stdout.write(
                f"{rank:>4} {row.name:<30} {row.evenings:>3} {row.rounds:>3} "
                f"{row.points:>6} {average:>7}"
            )

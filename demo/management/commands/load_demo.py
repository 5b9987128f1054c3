"""manage.py load_demo: a demo tournament and organiser login for `make run`.

Creates (once) the login ``demo`` / ``doko-demo`` (a plain login with access to the demo
tournament only; ``tournament/permissions.py``) and the tournament ``demo`` with the 18 example
participants, round 1 seated from drawn slips and released, and the two example score sheets
entered and confirmed (tables 1 and 3). Running it again changes nothing.

Besides, a club with a season (``DEMO_CLUB``): three club evenings of 12 members (from a pool of
15, two rounds each, every sheet confirmed) made by ``generate_demo --club``, the season
"Jahreswertung 2025" and the login ``verein`` / ``doko-demo`` as the club's Turnierleitung. The
demo login ``demo`` stays with its one tournament.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from demo.login import DEMO_PASSWORD, DEMO_USER
from demo.play import play_sheet
from scoring.evening.rounds import release_round
from scoring.sheets.reading import sheet_for
from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import Club, ClubMembership, Tournament
from tournament.participants.services import import_participants, set_checked_in
from tournament.permissions import grant_access
from tournament.seating.services import enter_slips

DEMO_SLUG = "demo"
DEMO_CLUB = "doko-freunde"
DEMO_CLUB_USER = "verein"
FIXTURES = Path(settings.BASE_DIR) / "fixtures"

# Slip numbers for the 18 participants in file order: the example sheets' players sit together
# (numbers 1-4 are table 1, 9-13 the five-player table 3).
SLIPS = [1, 2, 3, 4, 9, 10, 11, 12, 13, 5, 6, 7, 8, 14, 15, 16, 17, 18]


class Command(BaseCommand):
    help = "Load the demo tournament and the demo organiser login (idempotent)."

    def handle(self, *args, **options):
        user = self.demo_user()
        existing = Tournament.objects.filter(slug=DEMO_SLUG).first()
        if existing is not None:
            grant_access(existing, user)  # a demo database from before tournament access
            self.stdout.write("Demo tournament already present.")
        else:
            with transaction.atomic():
                self.load(user)
            self.stdout.write(self.style.SUCCESS("Demo tournament 'demo' loaded."))
        self.load_season()

    def load_season(self) -> None:
        """The demo club's season (once) and its Turnierleitung login."""
        if Club.objects.filter(slug=DEMO_CLUB, seasons__slug="2025").exists():
            return
        with transaction.atomic():
            club = Club.objects.filter(slug=DEMO_CLUB).first()
            if club is None:
                club = create_club(DEMO_CLUB, name="Doko-Freunde Musterstadt")
            call_command(
                "generate_demo",
                club=DEMO_CLUB,
                evenings=3,
                players=12,
                rounds=2,
                replace=True,
                stdout=self.stdout,
            )
            user = self.demo_user(DEMO_CLUB_USER)
            ClubMembership.objects.get_or_create(
                user=user, club=club, defaults={"role": ClubMembership.Role.ORGANISER}
            )
        self.stdout.write(
            self.style.SUCCESS(f"Demo season: /v/{DEMO_CLUB}/saison/2025/ (login {DEMO_CLUB_USER})")
        )

    def demo_user(self, username: str = DEMO_USER):
        users = get_user_model()
        user = users.objects.filter(username=username).first()
        if user is None:
            user = users.objects.create_user(username, password=DEMO_PASSWORD)
            self.stdout.write(f"Organiser login: {username} / {DEMO_PASSWORD}")
        return user

    def load(self, user) -> None:
        tournament = create_tournament(
            name="TwentyFour Doppelkopf-Turnier",
            date=datetime.date(2025, 4, 3),
            slug=DEMO_SLUG,
            venue="TwentyFour, Clubraum",
            user=user,
        )
        participants = import_participants(
            tournament, (FIXTURES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=user
        )
        for participant in participants:
            set_checked_in(participant, True, user=user)
        assignments = {p.pk: number for p, number in zip(participants, SLIPS, strict=True)}
        enter_slips(tournament, assignments, user=user)
        round_ = release_round(tournament, 1, user=user)
        for table, name in ((1, "sheet-4-players.json"), (3, "sheet-5-players.json")):
            example = json.loads((FIXTURES / "sheets" / name).read_text(encoding="utf-8"))
            sheet = sheet_for(round_, table)
            play_sheet(sheet, [game["record"] for game in example["games"]], user=user)

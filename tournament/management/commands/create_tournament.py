"""manage.py create_tournament --name NAME --date YYYY-MM-DD [--slug SLUG] [--organiser USERNAME]
[--club SLUG] [--ruleset KEY] [--option NAME=VALUE …]

``--ruleset`` picks the rules (default: the house rules), ``--option`` sets one of its options
(``manage.py create_tournament --ruleset hausregeln --option deck=48``); the house rules' flags
``--deck``, ``--pre-lead-counts`` and ``--ddv-absage-bonus`` are short for their options.

Without ``--organiser`` or ``--club`` only superusers see the new tournament (``manage.py
grant_access`` later). With ``--club`` the club's logins see it (by their role).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

import rules as rulesets
from tournament.errors import DomainError
from tournament.events.services import create_tournament
from tournament.management.organiser import add_organiser_argument, organiser_from
from tournament.models import Club
from tournament.permissions import grant_access


def parse_date(value: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError as error:
        raise CommandError(f"--date: '{value}' is not a date of the form YYYY-MM-DD") from error


def ruleset_from(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The ruleset's key and options JSON from ``--ruleset``, ``--option`` and the flags."""
    pairs = list(options["option"])
    if options["deck"] is not None:
        pairs.append(f"deck={options['deck']}")
    for flag in ("pre_lead_counts", "ddv_absage_bonus"):
        if options[flag]:
            pairs.append(f"{flag}=true")
    try:
        ruleset = rulesets.get(options["ruleset"])
        return ruleset.key, ruleset.options_from_text(pairs)
    except (rulesets.UnknownRuleset, ValueError) as error:
        raise CommandError(str(error)) from error


class Command(BaseCommand):
    help = "Create a tournament (Turnier anlegen)."

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument("--date", required=True, help="YYYY-MM-DD")
        parser.add_argument("--slug")
        parser.add_argument("--venue", default="")
        parser.add_argument("--rounds", type=int, default=2, help="Durchgänge (default 2)")
        parser.add_argument(
            "--cycles",
            type=int,
            default=None,
            help="cycles per round (default: the ruleset's, 4; count-down games 6)",
        )
        parser.add_argument(
            "--ruleset",
            default=rulesets.DEFAULT_KEY,
            help=f"ruleset (default {rulesets.DEFAULT_KEY}; known: "
            f"{', '.join(rulesets.known_keys())})",
        )
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="a ruleset option"
        )
        parser.add_argument("--deck", type=int, choices=[40, 48])
        parser.add_argument("--pre-lead-counts", action="store_true")
        parser.add_argument("--ddv-absage-bonus", action="store_true")
        parser.add_argument("--club", metavar="SLUG", help="the club the tournament belongs to")
        add_organiser_argument(parser)

    def handle(self, *args, **options):
        ruleset, ruleset_options = ruleset_from(options)
        organiser = organiser_from(options)
        club = None
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"There is no club '{options['club']}'.")
        try:
            with transaction.atomic():
                tournament = create_tournament(
                    name=options["name"],
                    date=parse_date(options["date"]),
                    slug=options["slug"],
                    venue=options["venue"],
                    rounds_count=options["rounds"],
                    cycles=options["cycles"],
                    ruleset=ruleset,
                    ruleset_options=ruleset_options,
                    club=club,
                )
                if organiser is not None:
                    grant_access(tournament, organiser)
        except DomainError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(tournament.slug)

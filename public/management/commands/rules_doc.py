"""manage.py rules_doc [--ruleset KEY] [--output docs/regeln.md]: a ruleset's rules as the
rules page shows them (default: the default ruleset, the house rules).

Written in German with the default settings of a new tournament; a test keeps
``docs/regeln.md`` equal to this output.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.template.loader import render_to_string
from django.utils import translation

import rules as rulesets
from public.rules_text import rules_context
from tournament.models import Tournament


def rules_markdown(ruleset: str = rulesets.DEFAULT_KEY) -> str:
    with translation.override("de"):
        tournament = Tournament(name="Turnier", date=datetime.date(2026, 1, 1), ruleset=ruleset)
        text = render_to_string("scoring/rules.md", rules_context(tournament))
    return text.strip() + "\n"


class Command(BaseCommand):
    help = "Write a ruleset's rules (as on the rules page, default settings) as Markdown."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--ruleset",
            default=rulesets.DEFAULT_KEY,
            help=f"ruleset (default {rulesets.DEFAULT_KEY}; known: "
            f"{', '.join(rulesets.known_keys())})",
        )

    def handle(self, *args, output: str | None = None, **options) -> None:
        try:
            rulesets.get(options["ruleset"])
        except rulesets.UnknownRuleset as error:
            raise CommandError(str(error)) from None
        text = rules_markdown(options["ruleset"])
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")

"""manage.py rules_doc [--output docs/regeln.md]: the house rules as the rules page shows them.

Written in German with the default settings of a new tournament; a test keeps
``docs/regeln.md`` equal to this output.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand
from django.template.loader import render_to_string
from django.utils import translation

from scoring.public.rules_text import rules_context
from tournament.models import Tournament


def rules_markdown() -> str:
    with translation.override("de"):
        tournament = Tournament(name="Turnier", date=datetime.date(2026, 1, 1))
        text = render_to_string("scoring/rules.md", rules_context(tournament))
    return text.strip() + "\n"


class Command(BaseCommand):
    help = "Write the house rules (as on the rules page, default settings) as Markdown."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--output", help="file to write (default: standard output)")

    def handle(self, *args, output: str | None = None, **options) -> None:
        text = rules_markdown()
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")

"""manage.py score_game FILE|- [--deck 48] [--pre-lead-counts] [--ddv-absage-bonus] [--lang en]

One record in, one result out; a list in, a list out (SCORING.md §8). Exits 1 when any record
was refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.hausregeln import ScoringOptions, score_document
from rules.hausregeln.jsonio import dumps


class Command(BaseCommand):
    help = "Score game records (JSON) with the tournament's house rules."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file with one record or a list; - for stdin")
        parser.add_argument("--deck", type=int, choices=[40, 48], default=40)
        parser.add_argument("--pre-lead-counts", action="store_true")
        parser.add_argument("--ddv-absage-bonus", action="store_true")
        parser.add_argument("--lang", default="de", choices=["de", "en"])

    def handle(self, *args, file, deck, pre_lead_counts, ddv_absage_bonus, lang, **options):
        if file == "-":
            text = sys.stdin.read()
        else:
            try:
                text = Path(file).read_text(encoding="utf-8-sig")
            except OSError as error:
                raise CommandError(f"{file}: {error.strerror}") from error
            except UnicodeDecodeError as error:
                raise CommandError(f"{file}: not UTF-8 text (byte {error.start + 1})") from error
        scoring_options = ScoringOptions(
            deck=deck, pre_lead_counts=pre_lead_counts, ddv_absage_bonus=ddv_absage_bonus
        )
        output, refused = score_document(text, scoring_options, lang)
        self.stdout.write(dumps(output))
        if refused:
            sys.exit(1)

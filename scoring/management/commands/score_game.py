"""manage.py score_game FILE|- [--ruleset KEY] [--options OPTIONS.json] [--option NAME=VALUE …]
[--lang en] (house rules' flags: [--deck 48] [--pre-lead-counts] [--ddv-absage-bonus])

One record in, one result out; a list in, a list out (SCORING.md §8). Exits 1 when any record
was refused. ``--ruleset`` picks the rules (default: the house rules); ``--deck``,
``--pre-lead-counts`` and ``--ddv-absage-bonus`` are short for ``--option deck=48`` etc.;
``--options`` reads every option from a JSON file, and the single flags win over it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import rules
from scoring.management.options_file import chosen_options


class Command(BaseCommand):
    help = "Score game records (JSON) with a ruleset (default: the tournament's house rules)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file with one record or a list; - for stdin")
        parser.add_argument(
            "--ruleset",
            default=rules.DEFAULT_KEY,
            help=f"ruleset (default {rules.DEFAULT_KEY}; known: {', '.join(rules.known_keys())})",
        )
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="a ruleset option"
        )
        parser.add_argument(
            "--options",
            dest="options_file",
            metavar="OPTIONS.json",
            help="a JSON file with the ruleset's options (--option wins over it)",
        )
        parser.add_argument("--deck", type=int, choices=[40, 48])
        parser.add_argument("--pre-lead-counts", action="store_true")
        parser.add_argument("--ddv-absage-bonus", action="store_true")
        parser.add_argument("--lang", default="de", choices=["de", "en"])

    def handle(
        self,
        *args,
        file,
        ruleset,
        option,
        options_file,
        deck,
        pre_lead_counts,
        ddv_absage_bonus,
        lang,
        **_,
    ):
        pairs = list(option)
        if deck is not None:
            pairs.append(f"deck={deck}")
        if pre_lead_counts:
            pairs.append("pre_lead_counts=true")
        if ddv_absage_bonus:
            pairs.append("ddv_absage_bonus=true")
        try:
            chosen = rules.get(ruleset)
        except rules.UnknownRuleset as error:
            raise CommandError(str(error)) from error
        scoring_options = chosen_options(chosen, options_file, pairs)
        if file == "-":
            text = sys.stdin.read()
        else:
            try:
                text = Path(file).read_text(encoding="utf-8-sig")
            except OSError as error:
                raise CommandError(f"{file}: {error.strerror}") from error
            except UnicodeDecodeError as error:
                raise CommandError(f"{file}: not UTF-8 text (byte {error.start + 1})") from error
        output, refused = chosen.score_document(text, scoring_options, lang)
        self.stdout.write(output)
        if refused:
            sys.exit(1)

"""manage.py score_round FILE|- [--ruleset KEY] [--options OPTIONS.json] [--option NAME=VALUE …]
[--lang en]

One round sheet in (DDV.md §9.7; the house rules' CLUBRULES.md §5.4), one answer out; a list in,
a list out. Each answer is the ruleset's (DDV: ``{"totals", "rows", "pflichtsolo",
"next_dealer", "games", "warnings"}``; house rules: ``… "bock_open" …``) or
``{"error": {"field", "message"}}``. Exits 1 when any sheet was refused. Only rulesets whose
rounds have such a sheet answer; the others say so.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import rules
from scoring.management.options_file import chosen_options

# Read at most this much (and one more character, for the ruleset to say it is too large).
MAX_CHARS = 4_000_000


class Command(BaseCommand):
    help = "Score round sheets (JSON) with a ruleset that has them (e.g. --ruleset ddv)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file with one sheet or a list; - for stdin")
        parser.add_argument(
            "--ruleset",
            default=rules.DEFAULT_KEY,
            help=f"ruleset (known: {', '.join(rules.known_keys())})",
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
        parser.add_argument("--lang", default="de", choices=["de", "en"])

    def handle(self, *args, file, ruleset, option, options_file, lang, **_):
        try:
            chosen = rules.get(ruleset)
        except rules.UnknownRuleset as error:
            raise CommandError(str(error)) from error
        options = chosen_options(chosen, options_file, list(option))
        score = getattr(chosen, "score_round_document", None)
        if score is None:
            raise CommandError(f"the ruleset {chosen.key!r} has no round sheets to score")
        if file == "-":
            text = sys.stdin.read(MAX_CHARS + 1)
        else:
            try:
                with Path(file).open(encoding="utf-8-sig") as handle:
                    text = handle.read(MAX_CHARS + 1)
            except OSError as error:
                raise CommandError(f"{file}: {error.strerror}") from error
            except UnicodeDecodeError as error:
                raise CommandError(f"{file}: not UTF-8 text (byte {error.start + 1})") from error
        output, refused = score(text, options, lang)
        self.stdout.write(output)
        if refused:
            sys.exit(1)

"""manage.py score_countdown --game 24|zwanzig|20ab [--option NAME=VALUE …] [--lang en] FILE|-

COUNTDOWN.md §8.7: an item ``{"scores_before", "record"}`` gives ``{"scores", "changes"}``, an
item ``{"players", "records"}`` the Partie's ``{"scores", "finished", "winners", "deals"}`` (and
``{"players", "parties", "cycles"?, "stopped"?}`` a table's round, ``{"standings": [...]}`` the
evening standings); a list gives a list. An item's own ``"options"`` replace the command line's
for it. A refusal is ``{"error": {"field", "message"}}``; the command exits 1 when any item was
refused. The input is bounded (size before reading, items, records; see
``rules.countdown.jsonio``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import rules
from rules.countdown.games import GAMES
from rules.countdown.jsonio import MAX_BYTES


class Command(BaseCommand):
    help = "Score count-down deals, Parties or rounds (JSON) of 24, Zwanzig or 20 ab."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file with one item or a list; - for stdin")
        parser.add_argument("--game", required=True, choices=list(GAMES))
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
        )
        parser.add_argument("--lang", default="de", choices=["de", "en"])

    def handle(self, *args, file, game, option, lang, **_):
        ruleset = rules.get(game)
        try:
            options = ruleset.options(ruleset.options_from_text(option))
        except ValueError as error:
            raise CommandError(str(error)) from error
        text = _read(file)
        output, refused = ruleset.score_document(text, options, lang)
        self.stdout.write(output)
        if refused:
            sys.exit(1)


def _read(file: str) -> str:
    """The input text, refused before reading when it is larger than the bound."""
    if file == "-":
        text = sys.stdin.read(MAX_BYTES + 1)
        if len(text) > MAX_BYTES:
            raise CommandError(f"stdin: more than {MAX_BYTES} characters")
        return text
    path = Path(file)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise CommandError(f"{file}: larger than {MAX_BYTES} bytes")
        return path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise CommandError(f"{file}: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise CommandError(f"{file}: not UTF-8 text (byte {error.start + 1})") from error

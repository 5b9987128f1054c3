"""Reading a command's ``--options FILE`` (a JSON object of a ruleset's options, CLUBRULES.md §8)
together with its ``--option NAME=VALUE`` flags, which win over the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

import rules
from rules.base import Ruleset


def chosen_options(ruleset: Ruleset, file: str | None, pairs: list[str]) -> Any:
    """The ruleset's options value from the file (if any) and the single flags; a bad file or
    value stops the command with a message naming it (nothing is scored)."""
    data: dict[str, Any] = {}
    if file is not None:
        try:
            data = json.loads(Path(file).read_text(encoding="utf-8-sig"))
        except OSError as error:
            raise CommandError(f"--options {file}: {error.strerror}") from error
        except (UnicodeDecodeError, ValueError) as error:
            raise CommandError(f"--options {file}: not a JSON file ({error})") from error
        if not isinstance(data, dict):
            raise CommandError(f"--options {file}: the options must be a JSON object")
    try:
        return ruleset.options({**data, **ruleset.options_from_text(pairs)})
    except (rules.UnknownRuleset, ValueError) as error:
        raise CommandError(f"--options: {error}" if file else str(error)) from error

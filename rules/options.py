"""An option a ruleset offers (what an organiser may set), described so that the settings form and
the command line's ``--option NAME=VALUE`` need no knowledge of the ruleset: its JSON name,
German label, kind (``"bool"`` or ``"choice"``) and default. Pure: no Django."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ruleset: its JSON name, German label, kind and default.

    ``kind`` is ``"bool"`` or ``"choice"``; a choice lists its ``choices`` as (value, German
    label) pairs. The command line's ``--option NAME=VALUE`` and the settings form read these.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()

    def parse(self, text: str) -> Any:
        """The option's value from a command-line string; ``ValueError`` names what is allowed."""
        if self.kind == "bool":
            folded = text.strip().lower()
            if folded in {"1", "true", "yes", "ja", "on"}:
                return True
            if folded in {"0", "false", "no", "nein", "off"}:
                return False
            raise ValueError(f"{self.name}: {text!r} is not a yes/no value (true or false)")
        for value, _label in self.choices:
            if str(value) == text.strip():
                return value
        allowed = ", ".join(str(value) for value, _label in self.choices)
        raise ValueError(f"{self.name}: {text!r} is not one of {allowed}")

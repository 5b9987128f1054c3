"""An option a ruleset offers (what an organiser may set), described so that the settings form and
the command line's ``--option NAME=VALUE`` need no knowledge of the ruleset: its JSON name,
German label, kind (``"bool"``, ``"choice"`` or ``"int"``), default, help and bounds. Pure: no
Django."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ruleset: its JSON name, German label, kind and default.

    ``kind`` is ``"bool"``, ``"choice"`` or ``"int"``; a choice lists its ``choices`` as (value,
    German label) pairs, an int has its bounds ``minimum`` and ``maximum`` (inclusive; the
    ruleset's own check may narrow them by the other options, as 20 ab's drop-out floor stays
    below the starting points). ``help`` is a German sentence the settings form shows below the
    field ("" for none). The command line's ``--option NAME=VALUE`` and the settings form read
    these; labels, choices and help are translated by :meth:`rules.base.Ruleset.text`.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, text: str) -> Any:
        """The option's value from a command-line string; ``ValueError`` names what is allowed."""
        if self.kind == "bool":
            folded = text.strip().lower()
            if folded in {"1", "true", "yes", "ja", "on"}:
                return True
            if folded in {"0", "false", "no", "nein", "off"}:
                return False
            raise ValueError(f"{self.name}: {text!r} is not a yes/no value (true or false)")
        if self.kind == "int":
            try:
                value = int(text.strip())
            except ValueError:
                value = None
            if value is None or not self.within(value):
                raise ValueError(
                    f"{self.name}: {text!r} is not a whole number from {self.minimum} to "
                    f"{self.maximum}"
                ) from None
            return value
        for value, _label in self.choices:
            if str(value) == text.strip():
                return value
        allowed = ", ".join(str(value) for value, _label in self.choices)
        raise ValueError(f"{self.name}: {text!r} is not one of {allowed}")

    def within(self, value: int) -> bool:
        """Whether ``value`` lies in the bounds of an ``int`` option."""
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high

"""The rulesets by key. ``hausregeln`` is the default; ``ddv`` the DDV's Turnierspielregeln; the
count-down games ``24``, ``zwanzig`` and ``20ab`` (:mod:`rules.countdown`) are registered beside
them; tests may :func:`register` their own."""

from __future__ import annotations

from rules.base import Ruleset
from rules.countdown.ruleset import COUNTDOWN_RULESETS
from rules.ddv.ruleset import DDV_RULES
from rules.hausregeln.ruleset import HOUSE_RULES

DEFAULT_KEY = HOUSE_RULES.key

_RULESETS: dict[str, Ruleset] = {HOUSE_RULES.key: HOUSE_RULES, DDV_RULES.key: DDV_RULES}
_RULESETS.update((ruleset.key, ruleset) for ruleset in COUNTDOWN_RULESETS)


class UnknownRuleset(KeyError):
    """No ruleset has this key; the message lists the keys there are."""

    def __init__(self, key: object) -> None:
        super().__init__(key)
        self.key = key

    def __str__(self) -> str:
        return f"unknown ruleset {self.key!r}; known: {', '.join(known_keys())}"


def get(key: str) -> Ruleset:
    """The ruleset with ``key``; :class:`UnknownRuleset` when there is none."""
    try:
        return _RULESETS[key]
    except (KeyError, TypeError):
        raise UnknownRuleset(key) from None


def known_keys() -> list[str]:
    """Every registered key, the default first."""
    return [DEFAULT_KEY, *sorted(key for key in _RULESETS if key != DEFAULT_KEY)]


def register(ruleset: Ruleset) -> None:
    """Add a ruleset (a plug-in, or a test's toy); its key must be new."""
    if ruleset.key in _RULESETS:
        raise ValueError(f"a ruleset with key {ruleset.key!r} is registered already")
    _RULESETS[ruleset.key] = ruleset


def unregister(key: str) -> None:
    """Remove a ruleset added with :func:`register` (never the default)."""
    if key == DEFAULT_KEY:
        raise ValueError("the default ruleset stays registered")
    _RULESETS.pop(key, None)

"""The rulesets a tournament may play by, as pure Python without Django.

``rules.base`` defines the interface and its vocabulary; ``rules.registry`` finds a ruleset by
key; each ruleset lives in its own package (``rules.hausregeln``: the house rules, SCORING.md).
"""

from rules.base import OptionSpec, Ruleset
from rules.registry import DEFAULT_KEY, UnknownRuleset, get, known_keys, register, unregister

__all__ = [
    "DEFAULT_KEY",
    "OptionSpec",
    "Ruleset",
    "UnknownRuleset",
    "get",
    "known_keys",
    "register",
    "unregister",
]

"""A backup's ruleset: its key and options, checked against the ruleset itself.

A backup from before rulesets (no ``ruleset``) restores as the default ruleset (the house
rules) with the options it held beside the other tournament settings (``deck`` …); a newer one
holds them in ``ruleset_options``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

import rules as rulesets
from output.backup.document import checked, checked_value, problem_at
from rules.base import OptionSpec


def _kind(spec: OptionSpec) -> str:
    if spec.kind == "bool":
        return "bool"
    return "int" if isinstance(spec.default, int) else "str"


def checked_ruleset(item: dict[str, Any], path: str) -> dict[str, Any]:
    """``{"ruleset": key, "ruleset_options": options}`` of the tournament ``item`` at ``path``,
    the options complete (defaults filled in); a :class:`BackupError` names what is wrong."""
    key = checked(
        {"ruleset": rulesets.DEFAULT_KEY} | item,
        "ruleset",
        "str",
        path,
        choices=rulesets.known_keys(),
    )
    ruleset = rulesets.get(key)
    where = f"{path}.ruleset_options"
    stored = checked_value(item.get("ruleset_options", {}), "dict", where)
    specs = {spec.name: spec for spec in ruleset.option_specs()}
    unknown = sorted(set(stored) - set(specs))
    if unknown:
        raise problem_at(f"{where}.{unknown[0]}", _("ist keine Einstellung dieser Wertung"))
    options: dict[str, Any] = {}
    for name, spec in specs.items():
        # Before rulesets the options sat beside the other settings: they still count there.
        source, place = (item, path) if name in item else (stored, where)
        if name in source and spec.kind in ("list", "map"):
            options[name] = source[name]  # checked whole by the ruleset below
        elif name in source:
            choices = [value for value, _label in spec.choices] or None
            options[name] = checked(source, name, _kind(spec), place, choices=choices)
    try:
        complete = ruleset.options_json(ruleset.options(options))
    except (TypeError, ValueError) as error:
        raise problem_at(where, str(error)) from None
    return {"ruleset": key, "ruleset_options": complete}

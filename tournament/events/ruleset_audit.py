"""The audit entry of a change of the tournament's ruleset or its options: which ruleset before
and after, and each option that changed with its old and new value, by the ruleset's German
labels (the summary) and as JSON (the details: ``ruleset`` and ``options`` as [old, new])."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_noop

import rules as rulesets
from rules.base import OptionSpec, Ruleset
from tournament.audit import User, record
from tournament.models import AuditEntry, Tournament


def _shown(spec: OptionSpec | None, value: Any) -> str:
    """An option's value as the form shows it, in German."""
    if spec is not None and spec.kind == "bool":
        return "ja" if value else "nein"
    if spec is not None and spec.kind == "choice":
        return next((label for choice, label in spec.choices if choice == value), str(value))
    if spec is not None and spec.kind == "list":
        labels = dict(spec.choices)
        return ", ".join(str(labels.get(item, item)) for item in value or []) or "–"
    if spec is not None and spec.kind == "map":
        labels = dict(spec.choices)
        return ", ".join(
            f"{labels.get(key, key)} {number}" for key, number in (value or {}).items()
        )
    return str(value)


def option_changes(
    ruleset: Ruleset, old: Mapping[str, Any], new: Mapping[str, Any]
) -> dict[str, list[Any]]:
    """The options whose value differs, name → [old, new] (``None``: not set before)."""
    return {
        spec.name: [old.get(spec.name), new.get(spec.name)]
        for spec in ruleset.option_specs()
        if old.get(spec.name) != new.get(spec.name)
    }


def record_ruleset_change(
    tournament: Tournament,
    old_key: str,
    old_options: Mapping[str, Any],
    *,
    user: User = None,
) -> None:
    """Audit the tournament's ruleset (as saved now) against ``old_key``/``old_options``."""
    new = rulesets.get(tournament.ruleset)
    specs = {spec.name: spec for spec in new.option_specs()}
    before = old_options if old_key == tournament.ruleset else {}
    changes = option_changes(new, before, tournament.ruleset_options)
    options = "; ".join(
        f"{specs[name].label}: {_shown(specs[name], value)}"
        if old is None
        else f"{specs[name].label}: {_shown(specs[name], old)} → {_shown(specs[name], value)}"
        for name, (old, value) in changes.items()
    )
    details: dict[str, Any] = {"ruleset": [old_key, tournament.ruleset], "options": changes}
    if old_key != tournament.ruleset:
        old_label = rulesets.get(old_key).label if old_key in rulesets.known_keys() else old_key
        message = gettext_noop("Regelwerk: %(old)s → %(new)s")
        params = {"old": old_label, "new": new.label}
        if options:
            message = gettext_noop("Regelwerk: %(old)s → %(new)s (%(options)s)")
            params["options"] = options
    else:
        message = gettext_noop("Optionen von %(ruleset)s: %(options)s")
        params = {"ruleset": new.label, "options": options}
    record(
        tournament,
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=user,
        message=message,
        params=params,
        details=details,
    )

"""What a ruleset's own inputs of a row say, in words, for the row's note on the sheet pages
(form and read-only alike): DDV's "Pflichtsolo" beside the soloist, and its penalty line
"Strafe: 3 Heinz Groß, geringfügig (−3), Schiedsrichter KM". The inputs and their labels come
from the ruleset's entry spec (:meth:`rules.entry.EntrySpec.recorded_fields`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.entry import EntryField, EntrySpec


def _at(record: Mapping[str, Any], path: str) -> Any:
    value: Any = record
    for part in path.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    return value


def _said(field: EntryField, value: Any, who: Callable[[Any], str]) -> str:
    if field.kind == "seat":
        return who(value)
    if field.choices:
        return dict(field.choices).get(str(value), str(value))
    return f"{field.label} {value}"


def own_note(record: Mapping[str, Any], spec: EntrySpec, who: Callable[[Any], str]) -> str:
    """The row's own inputs in words, " · "-separated ("" when it has none)."""
    parts: list[str] = []
    for form in spec.forms:
        said = [
            _said(field, value, who)
            for field in form.fields
            if field.record_path
            and (value := _at(record, field.record_path)) not in (None, "")
            and not isinstance(value, (dict, list))
        ]
        if not said:
            continue
        parts.append(f"{form.label}: {', '.join(said)}" if form.line else ", ".join(said))
    return " · ".join(parts)

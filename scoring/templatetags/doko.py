"""Template filters for points."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def signed(value: object) -> str:
    """+3, −3 and 0, as on a score sheet."""
    if value is None or value == "":
        return ""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return "0"

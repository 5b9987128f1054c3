"""The repeated parts of a score sheet's rows, built in one Python loop each.

A sheet of 16 or 20 games repeats, per row, the list of kinds, two lists of seats (soloist,
offender) and a label for every field ("Spiel 5: Wert"). As template loops and
``blocktranslate`` they were half of the captain's page time (35 ms of a 40 ms page, measured
in ``docs/performance.md`` §8); here each is one call with the same output.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

register = template.Library()

# The labels of a row's fields for screen readers, as the template had them (same msgids).
FIELD_LABELS = {
    "winners": gettext_noop("Spiel %(n)s: Sieger"),
    "value": gettext_noop("Spiel %(n)s: Wert"),
    "kind": gettext_noop("Spiel %(n)s: Spielart"),
    "calculator": gettext_noop("Rechner für Spiel %(n)s"),
    "more": gettext_noop("Weitere Angaben zu Spiel %(n)s"),
}


@register.simple_tag
def kind_options(kinds: Iterable[tuple[str, str]], selected: str | None) -> SafeString:
    """``<option>`` per kind of game, the row's kind selected."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((value, " selected" if selected == value else "", label) for value, label in kinds),
    )


@register.simple_tag
def seat_options(seats: Sequence, sitting_out: int | None, selected: str | None) -> SafeString:
    """``<option>`` per seat that plays the game ("3 Name"), the row's choice selected."""
    return format_html_join(
        "",
        '<option value="{}"{}>{} {}</option>',
        (
            (
                seat.number,
                " selected" if selected == str(seat.number) else "",
                seat.number,
                seat.name,
            )
            for seat in seats
            if seat.number != sitting_out
        ),
    )


@register.simple_tag
def field_label(name: str, game: int) -> str:
    """The label of one field of game ``game`` ("Spiel 5: Wert"), escaped by the template."""
    return gettext(FIELD_LABELS[name]) % {"n": game}


@register.simple_tag
def points_label(game: int, seat: int) -> str:
    """The label of one seat's direct points ("Spiel 5: Punkte Platz 2")."""
    return gettext("Spiel %(n)s: Punkte Platz %(s)s") % {"n": game, "s": seat}

"""How a number of players seats at the ruleset's table sizes, in the organiser's words:
"22 Zusagen: 3 Vierertische und 2 Fünfertische", or why not and what to do."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.seating.core import SeatingError, table_sizes
from tournament.seating.messages import seating_problem


class Feasibility(NamedTuple):
    seatable: bool
    text: str


def _tables(sizes: tuple[int, ...]) -> str:
    words = {
        4: lambda n: ngettext("%(n)d Vierertisch", "%(n)d Vierertische", n),
        5: lambda n: ngettext("%(n)d Fünfertisch", "%(n)d Fünfertische", n),
        3: lambda n: ngettext("%(n)d Dreiertisch", "%(n)d Dreiertische", n),
    }
    parts = [
        words[size](sizes.count(size)) % {"n": sizes.count(size)}
        for size in (4, 5, 3)
        if sizes.count(size)
    ]
    return _(" und ").join(parts)


def feasibility(count: int, allowed: Iterable[int], label: str) -> Feasibility:
    """``label``: what is counted ("22 Zusagen"). ``allowed``: the ruleset's table sizes."""
    allowed = tuple(allowed)
    try:
        sizes = table_sizes(count, allowed)
    except SeatingError:
        return Feasibility(False, f"{label}: {seating_problem(count, allowed)}")
    return Feasibility(True, f"{label}: {_tables(sizes)}")


def signup_feasibility(confirmed: int, allowed: Iterable[int]) -> Feasibility:
    label = ngettext("%(n)d Zusage", "%(n)d Zusagen", confirmed) % {"n": confirmed}
    return feasibility(confirmed, allowed, label)


def arrival_feasibility(arrived: int, allowed: Iterable[int]) -> Feasibility:
    label = ngettext("%(n)d anwesend", "%(n)d anwesend", arrived) % {"n": arrived}
    return feasibility(arrived, allowed, label)

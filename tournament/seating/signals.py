"""Where the later stages of the evening hook into the seating of a round.

The seating knows tables and seats, not score sheets or standings. ``scoring`` connects its
receivers to these signals in its ``AppConfig.ready()``; they run synchronously inside the
seating service's transaction, so a receiver that raises ``DomainError`` refuses the whole action
and nothing is written.

``round_drawing``
    Before round ``number`` (2 or later) of ``tournament`` is seated by placement; a receiver
    raises ``DomainError`` while an earlier round is not final.
``placement_requested``
    Asks for the ranking that seats round ``number``: the receiver returns the participants of
    ``participant_ids`` best first, as ``tournament.seating.core.RankedPlayer`` (plain data).
    Exactly one receiver must answer.
``round_released``
    After ``round_`` is released, with its ``tables``: receivers create what a released table
    needs (its score sheet).
``round_closing``
    Before ``round_`` is closed; a receiver raises ``DomainError`` while it is not finished (a
    sheet not confirmed).
``round_unreleasing``
    Before a released ``round_`` becomes a draft again; a receiver raises ``DomainError`` while
    anything was recorded for it (a saved version of a sheet), else removes what the release
    created (the empty sheets).
``seat_changing``
    Before a substitute takes over seat ``seat`` of a released table from game ``from_game``;
    a receiver raises ``DomainError`` while the table's sheet is confirmed (the points it wrote
    would no longer follow the seat). Sent before the seat is locked: a receiver locks what
    guards the table's points (its sheet) first, the order in which a confirmation locks them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.dispatch import Signal

from tournament.seating.core import RankedPlayer

round_drawing = Signal()
placement_requested = Signal()
round_released = Signal()
round_closing = Signal()
round_unreleasing = Signal()
seat_changing = Signal()


def requested_ranking(**kwargs: Any) -> Sequence[RankedPlayer]:
    """The one answer to ``placement_requested``."""
    answers = [answer for _receiver, answer in placement_requested.send(sender=None, **kwargs)]
    if len(answers) != 1:
        raise ImproperlyConfigured(
            f"placement_requested needs exactly one receiver, {len(answers)} answered"
        )
    return answers[0]

"""Who played in a seat in game n, when substitutes took it over during the round.

The points follow the seat: a substitution ``(from_game, previous, participant)`` gives the
seat's games from ``from_game`` on to ``participant``; the games before stay with whoever sat
there before. The one home of this rule: ``Seat.occupant`` (the database) and the backup's
``TablePlan.occupant`` (a document being restored) both ask it. Pure: no Django (the models
import it, so it may import nothing of theirs).
"""

from __future__ import annotations

from collections.abc import Iterable

# (from_game, previous participant, participant) of one substitution.
Substitution = tuple[int, int, int]


def occupant_in_game(seated_now: int, substitutions: Iterable[Substitution], game: int) -> int:
    """The participant who played game ``game`` in a seat where ``seated_now`` sits now."""
    ordered = sorted(substitutions, key=lambda substitution: substitution[0])
    if not ordered:
        return seated_now
    who = ordered[0][1]
    for from_game, _previous, participant in ordered:
        if from_game <= game:
            who = participant
    return who

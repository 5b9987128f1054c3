"""Round two and later: the ranking that seats them; rounds that must be final first.

The seating core gets the ranking as plain data (``RankedPlayer``); this module decides who
ranks where (the standings after the previous round, late arrivals last) and that every earlier
round must be final first.

Late arrivals (Nachzügler: seated now, not in the standings after the previous round) are
placed after everyone who has played, at the last tables, whatever the others' points. Ranking
them by their 0 points put a late arrival at place 17 of 37, above everyone with a minus, and so
at a table of players who had earned their place there; a club organiser expects the newcomers
at the bottom, as at a ladder. Among themselves they are exactly tied (``LATE_ARRIVAL_KEY``):
where they span a table boundary, the seeded, reported lot of the seating decides. The round page
lists them with their tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from scoring.models import Sheet
from scoring.standings.ranking import compute_standings, sort_key, tie_breakers
from tournament.errors import DomainError
from tournament.models import Round, Tournament
from tournament.seating.core import RankedPlayer

# The key of every late arrival: equal among them (a tie), never equal to a player's who played.
LATE_ARRIVAL_KEY: tuple[str] = ("late arrival",)


def placement_ranking(
    tournament: Tournament, *, after_round: int, participant_ids: Sequence[int]
) -> list[RankedPlayer]:
    """The players to seat, best first, with the keys that tell exact ties apart.

    Late arrivals (not in the standings yet) come after everyone who played, tied among
    themselves (see the module's docstring).
    """
    wanted = set(participant_ids)
    breakers = tie_breakers(tournament)
    ranked = [
        RankedPlayer(row.participant_id, sort_key(row, breakers))
        for row in compute_standings(tournament, after_round).rows
        if row.participant_id in wanted
    ]
    seen = {player.participant_id for player in ranked}
    late = sorted(pid for pid in wanted if pid not in seen)
    return ranked + [RankedPlayer(pid, LATE_ARRIVAL_KEY) for pid in late]


def unconfirmed_tables(round_: Round) -> list[int]:
    """Numbers of the tables whose sheet is not confirmed yet."""
    return list(
        Sheet.objects.filter(round=round_)
        .exclude(status=Sheet.Status.CONFIRMED)
        .order_by("table__number")
        .values_list("table__number", flat=True)
    )


def require_earlier_rounds_final(tournament: Tournament, number: int) -> None:
    """Placement uses the standings of every earlier round, so all of them must be final (a
    sheet of an earlier round may have been reopened meanwhile)."""
    for earlier in Round.objects.filter(tournament=tournament, number__lt=number):
        open_tables = unconfirmed_tables(earlier)
        if open_tables:
            raise DomainError(
                gettext(
                    "Durchgang %(previous)d ist noch nicht fertig: die Listen von Tisch "
                    "%(tables)s sind nicht bestätigt."
                )
                % {"previous": earlier.number, "tables": ", ".join(map(str, open_tables))}
            )


def require_sheets_confirmed(round_: Round) -> None:
    """A round closes only when every table's sheet is confirmed."""
    open_tables = unconfirmed_tables(round_)
    if open_tables:
        raise DomainError(
            gettext("Die Listen von Tisch %(tables)s sind noch nicht bestätigt.")
            % {"tables": ", ".join(map(str, open_tables))}
        )

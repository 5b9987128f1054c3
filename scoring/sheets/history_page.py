"""The version history on the organiser's sheet page: the sheet's versions read from the
database, grouped into sittings (``history.sittings``), with the names of who sat where."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import get_language

from rules.base import Ruleset
from rules.rows import PENALTY
from scoring.models import Sheet
from scoring.sheets.history import Describe, Numbering, SeatNames, Sitting, sittings
from tournament.models import Seat
from tournament.ruleset_texts import say

#: Versions read for the history; a sheet with more shows the newest (none is near it: a
#: club evening's sheet has some 20 to 50).
HISTORY_VERSIONS = 300
#: Sittings shown, newest first.
HISTORY_SITTINGS = 20


def seat_names(current: Mapping[int, str], changed: Iterable[Seat]) -> SeatNames:
    """Who sat at each seat from which game on: ``current`` (seat: who sits there now, as the
    sheet page has read it) and the ``changed`` seats with their changes prefetched (as the
    page reads them for its note on substitutes): no query of its own."""
    changes = {
        seat.number: sorted(seat.changes.all(), key=lambda change: change.from_game)
        for seat in changed
    }
    names: dict[int, list[tuple[int, str]]] = {}
    for seat, name in current.items():
        seat_changes = changes.get(seat)
        if not seat_changes:
            names[seat] = [(1, name)]
            continue
        names[seat] = [(1, seat_changes[0].previous_participant.name)]
        names[seat] += [(change.from_game, change.participant.name) for change in seat_changes]
    return names


def describer(ruleset: Ruleset) -> Describe:
    """How ``ruleset`` describes a stored game in one line in the active language ("": the
    history's own line of winners and value)."""
    lang = get_language() or "de"

    def describe(game: Any) -> str:
        result = {
            "points": {int(seat): int(points) for seat, points in game.points.items()},
            "plus": list(game.plus or ()),
            "value": game.value,
            "winner": game.winner,
            "kind": game.kind,
            "breakdown": game.breakdown,
        }
        text = ruleset.describe_row(game.record, result, lang)
        return "" if text is None else say(ruleset, text, lang)

    return describe


def paper_numbering(ruleset: Ruleset) -> Numbering:
    """Each row of a version's games as the paper names it: the game's number in the round, or
    the ruleset's label of a row that is no game ("Strafe")."""
    lang = get_language() or "de"

    def numbering(games: Sequence[Any]) -> dict[int, str]:
        ordered = sorted(games, key=lambda game: game.number)
        records = [game.record for game in ordered]
        labels: dict[int, str] = {}
        played = 0
        for index, game in enumerate(ordered):
            if ruleset.row_kind(game.record) == PENALTY:
                labels[game.number] = ruleset.row_label(
                    game.number, game.record, records[:index], lang
                )
            else:
                played += 1
                labels[game.number] = str(played)
        return labels

    return numbering


def sheet_history(
    sheet: Sheet, current: Mapping[int, str], changed: Iterable[Seat]
) -> list[Sitting]:
    """The newest sittings of ``sheet``, each with its net changes and its single versions;
    ``current`` and ``changed`` as for :func:`seat_names`."""
    versions = list(
        sheet.versions.select_related("created_by", "confirmed_by")
        .prefetch_related("games")
        .order_by("-number")[: HISTORY_VERSIONS + 1]
    )
    complete = len(versions) <= HISTORY_VERSIONS
    ruleset = sheet.round.tournament.rules
    found = sittings(
        versions,
        seat_names(current, changed),
        complete=complete,
        describe=describer(ruleset),
        numbering=paper_numbering(ruleset),
    )
    return found[:HISTORY_SITTINGS]

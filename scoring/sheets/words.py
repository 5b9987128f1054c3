"""What the sheet pages say around the rows in the words of the tournament's ruleset
(:class:`rules.sheet_words.SheetWords`): the desk's control that ends a table early, the
captain's first-use hint and the head's count of games once the round's time was called."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.base import Ruleset
from scoring.models import Sheet
from tournament.ruleset_texts import say


def sheet_words_context(
    sheet: Sheet, length: int, ruleset: Ruleset | None = None
) -> dict[str, Any]:
    """``close_early_label`` (``""``: the ruleset has none; ``desk_stop`` then names the
    time-up control as the desk's tool to stop a table); ``entry_hint``: the hint's
    paragraphs (``None``: the page's own hint, ``[]``: none); ``time_up_head``: the head's
    games once the time was called after a game (``""`` while it was not, or when the
    organiser ended the table: the page says so), of a sheet of ``length`` games. ``ruleset``:
    the tournament's, where the caller holds it (no query for the sheet's round)."""
    ruleset = ruleset or sheet.round.tournament.rules
    words = ruleset.sheet_words
    hint = words.entry_hint
    head = ""
    if sheet.time_up_after is not None and not sheet.closed_after_game:
        params = {"after": sheet.time_up_after, "games": length}
        head = say(ruleset, replace(words.time_up_head, params=params))
    stop = words.desk_stop
    return {
        "close_early_label": say(ruleset, words.close_early) if words.close_early else "",
        "desk_stop": [say(ruleset, text) for text in stop] if stop else None,
        "entry_hint": None if hint is None else [say(ruleset, text) for text in hint],
        "time_up_head": head,
    }

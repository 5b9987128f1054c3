"""What the sheet pages say around a sheet's rows in the ruleset's own words.

:class:`SheetWords` is what a ruleset names where the pages would otherwise speak the house
rules' language: the desk's control that ends a table before its sheet is full, the captain
page's first-use hint, and the sheet head's count of games once the round's time was called.
Texts are :class:`rules.text.Text`: German, translated where they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.text import Text, gettext_noop

# The head's games once the time was called, unless a ruleset says it otherwise.
TIME_UP_HEAD = gettext_noop("%(after)s von %(games)s Spielen, Zeit abgelaufen")


@dataclass(frozen=True, slots=True)
class SheetWords:
    """``close_early``: the desk's control to end a table early (house rules: "Regel 16").
    ``entry_hint``: the captain page's first-use hint, one text per paragraph; ``None``: the
    page's own hint for a row with winners and a value (the house rules'), ``()``: none.
    ``time_up_head``: the sheet head's games once the time was called, with ``%(after)s`` (the
    game after which it was called) and ``%(games)s`` (the sheet's length).
    ``desk_stop``: where the time-up control is the desk's one tool to stop a table (then
    ``close_early`` is ``None``), its heading, field label, button and take-back button;
    ``None``: the control speaks of the time called."""

    close_early: Text | None
    entry_hint: tuple[Text, ...] | None = None
    time_up_head: Text = TIME_UP_HEAD
    desk_stop: tuple[Text, Text, Text, Text] | None = None


HOUSE_SHEET_WORDS = SheetWords(close_early=gettext_noop("Tisch vorzeitig beenden (Regel 16)"))
"""The house rules' words (the default)."""

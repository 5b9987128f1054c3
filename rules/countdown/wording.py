"""The count-down games' words on the sheet pages (:class:`rules.sheet_words.SheetWords`) and
a stored deal in the desk's version history, with their English (:data:`ENGLISH`, read through
:meth:`rules.countdown.ruleset.CountdownRuleset.text`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.countdown.rows import CUT, ENDED, VOID, sheet_cells
from rules.sheet_words import SheetWords
from rules.text import Text, gettext_noop

ROWS_HINT = gettext_noop(
    "Eine Zeile pro Spiel: der Trumpf und je Platz die Stiche (oder „aus“); den Stand rechnet "
    "die Seite. Zum Schluss „Liste abgeben“."
)
TIME_UP_HEAD = gettext_noop("Abgebrochen nach Spiel %(after)s von %(games)s")
# One desk tool stops a table's round, for the time as for a player who leaves: the running
# Partie is cut (§8.3). The house rules' "Tisch vorzeitig beenden" would not cut it.
DESK_STOP = (
    gettext_noop("Durchgang an diesem Tisch beenden"),
    gettext_noop("beendet nach Spiel"),
    gettext_noop("Tisch beenden"),
    gettext_noop("Beenden zurücknehmen"),
)

SHEET_WORDS = SheetWords(
    close_early=None, entry_hint=(ROWS_HINT,), time_up_head=TIME_UP_HEAD, desk_stop=DESK_STOP
)

DEAL = "Trumpf %(trump)s · Stiche %(tricks)s"
ENDS = {
    ENDED: DEAL + " · Partie zu Ende, Sieger: %(winners)s",
    CUT: DEAL + " · Partie abgebrochen, Sieger: %(winners)s",
    VOID: DEAL + " · Partie ungewertet",
}

ENGLISH = {
    ROWS_HINT.german: "One line per deal: the trump and each seat's tricks (or “out”); the "
    "page works out the score. At the end: “Submit score sheet”.",
    TIME_UP_HEAD.german: "Stopped after deal %(after)s of %(games)s",
    DESK_STOP[0].german: "End the round at this table",
    DESK_STOP[1].german: "ended after deal",
    DESK_STOP[2].german: "End the table",
    DESK_STOP[3].german: "Take back the end",
    DEAL: "Trump %(trump)s · tricks %(tricks)s",
    ENDS[ENDED]: "Trump %(trump)s · tricks %(tricks)s · Partie over, winners: %(winners)s",
    ENDS[CUT]: "Trump %(trump)s · tricks %(tricks)s · Partie cut, winners: %(winners)s",
    ENDS[VOID]: "Trump %(trump)s · tricks %(tricks)s · Partie void",
}


def describe_row(row: Mapping[str, Any], result: Mapping[str, Any], lang: str = "de") -> Text:
    """A deal in one line: its trump (with "blind" and the changes), each seat's tricks or
    "aus", and on the deal that ends a Partie its winners (cut or void: said so)."""
    cells = sheet_cells(row, result, lang)
    prefix = "tricks."
    tricks = sorted(
        (int(key[len(prefix) :]), value)
        for key, value in cells.items()
        if key.startswith(prefix) and key[len(prefix) :].isdigit()
    )
    winners = " + ".join(str(seat) for seat in result.get("plus") or ())
    return Text(
        ENDS.get(str(result.get("winner") or ""), DEAL),
        {
            "trump": cells.get("trump", "–"),
            "tricks": ", ".join(f"{seat}: {count}" for seat, count in tricks) or "–",
            "winners": winners or "–",
        },
    )

"""The DDV's words on the sheet pages (:class:`rules.sheet_words.SheetWords`) and a stored
penalty line in the desk's version history, with their English (:data:`ENGLISH`, read through
:meth:`rules.ddv.ruleset.DDV.text`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.rows import PENALTY
from rules.sheet_words import SheetWords
from rules.text import Text, gettext_noop

ROWS_HINT = gettext_noop(
    "Eine Zeile pro Spiel: Sieger (die Platznummern, z. B. 14) und Wert, bei einem Solo die "
    "Spielart; Pflicht, Lust oder Vorführung unter ⋯. Eine Strafe kommt als eigene Zeile "
    "(Strafe) dazu."
)
DEALER_HINT = gettext_noop(
    "Jede Zeile zeigt, wer gibt; nach einem Pflichtsolo gibt derselbe Spieler noch einmal. "
    "Jedes fertige Spiel wird von selbst gespeichert. Zum Schluss „Liste abgeben“."
)
TIME_UP_HEAD = gettext_noop(
    "Zeit abgelaufen nach Spiel %(after)s von %(games)s, danach nur Vorführungen"
)
CLOSE_EARLY = gettext_noop("Tisch vorzeitig beenden")

SHEET_WORDS = SheetWords(
    close_early=CLOSE_EARLY, entry_hint=(ROWS_HINT, DEALER_HINT), time_up_head=TIME_UP_HEAD
)

PENALTY_LINE = "Strafe: Platz %(seat)s, %(points)s"

ENGLISH = {
    CLOSE_EARLY.german: "End the table early",
    ROWS_HINT.german: "One line per game: the winners (their seat numbers, e.g. 14) and the "
    "value, for a solo its kind; Pflicht, Lust or Vorführung under ⋯. A penalty is a line "
    "of its own (Penalty).",
    DEALER_HINT.german: "Every line shows who deals; after a Pflichtsolo the same player deals "
    "again. Every finished game is saved by itself. At the end: “Submit score sheet”.",
    TIME_UP_HEAD.german: "Time called after game %(after)s of %(games)s, then only Vorführungen",
    PENALTY_LINE: "Penalty: seat %(seat)s, %(points)s",
    "Strafe": "Penalty",
}


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def describe_row(kind: str, row: Mapping[str, Any], result: Mapping[str, Any]) -> Text | None:
    """A penalty line ("Strafe: Platz 2, −3": the offender and the points it costs them);
    ``None`` for a game (the history's own line: winners and value)."""
    if kind != PENALTY:
        return None
    penalty = row.get("penalty")
    offender = penalty.get("offender") if isinstance(penalty, Mapping) else None
    points = result.get("points") or {}
    lost = points.get(str(offender), points.get(offender)) if offender is not None else None
    if type(offender) is not int or type(lost) is not int:
        return Text("Strafe")
    return Text(PENALTY_LINE, {"seat": offender, "points": _signed(lost)})

"""What a DDV sheet says about itself so far (DDV.md §9.2–§9.4), for the sheet pages and the
director's live board.

- **Status lines** (:func:`status_lines`): "Spiel 5 von 24" (the next game of the round), the
  dealer of that game by name (the same seat again after a Pflichtsolo), the seats that still
  owe their Pflichtsolo, "Vorführung: Platz 3 muss jetzt spielen" when one is due, and "Zeit
  abgelaufen nach Spiel n" once the round's time is called.
- **The solo's mode** (:func:`solo_mode_for`): an announced solo typed without Pflicht, Lust or
  Vorführung gets the only one possible — Vorführung by the seat that must play it now, else
  Pflicht for a seat that still owes it and Lust for one that does not (§9.3).
- **Board line** (:func:`board_line`): "Pflichtsolo offen: Platz 2, 4" — nothing once every seat
  has played its Pflichtsolo.

German and English side by side; pure Python, nothing of this project outside ``rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.ddv.deal import DealState
from rules.ddv.vocabulary import ANNOUNCED_SOLOS

_ANNOUNCED = frozenset(kind.value for kind in ANNOUNCED_SOLOS)

_TEXTS: dict[str, tuple[str, str]] = {
    "next": ("Spiel {game} von {games}", "Game {game} of {games}"),
    "full": ("Alle {games} Spiele gespielt", "All {games} games played"),
    "dealer": ("Geber: {seat}", "Dealer: {seat}"),
    "dealer_again": (
        "Geber: {seat} – gibt nach dem Pflichtsolo noch einmal",
        "Dealer: {seat} – deals again after the Pflichtsolo",
    ),
    "owing": ("Pflichtsolo offen: {seats}", "Pflichtsolo still owed: {seats}"),
    "none_owing": ("Alle Pflichtsoli gespielt", "Every Pflichtsolo played"),
    "vorfuehrung": (
        "Vorführung: {seat} muss jetzt spielen",
        "Vorführung: {seat} must play now",
    ),
    "time_up": (
        "Zeit abgelaufen nach Spiel {game}: nur noch Vorführungen",
        "Time called after game {game}: only Vorführungen follow",
    ),
    "seat": ("Platz {seat}", "seat {seat}"),
    "board": ("Pflichtsolo offen: Platz {seats}", "Pflichtsolo open: seat {seats}"),
}


def _text(key: str, lang: str | None, **params: Any) -> str:
    german, english = _TEXTS[key]
    english_wanted = bool(lang) and str(lang).replace("_", "-").lower().startswith("en")
    return (english if english_wanted else german).format(**params)


def _seat(seat: int, lang: str | None, names: Mapping[int, str]) -> str:
    name = names.get(seat, "")
    label = _text("seat", lang, seat=seat)
    return f"{name} ({label})" if name else label


def status_lines(
    state: DealState,
    lang: str | None = "de",
    names: Mapping[int, str] | None = None,
    dealt_again: bool = False,
) -> tuple[str, ...]:
    """The sheet pages' lines for the round in ``state`` (the state after the rows so far);
    ``dealt_again``: the last game was a Pflichtsolo, so its dealer deals once more."""
    names = names or {}
    lines: list[str] = []
    if state.time_up_after is not None:
        lines.append(_text("time_up", lang, game=state.time_up_after))
    owing = state.owing
    done = state.left <= 0 or (state.time_up and not owing)
    if done:
        lines.append(_text("full", lang, games=state.games))
    else:
        lines.append(_text("next", lang, game=state.games + 1, games=state.games_per_round))
        key = "dealer_again" if dealt_again else "dealer"
        lines.append(_text(key, lang, seat=_seat(state.dealer, lang, names)))
    if owing:
        seats = ", ".join(_seat(seat, lang, names) for seat in owing)
        lines.append(_text("owing", lang, seats=seats))
    else:
        lines.append(_text("none_owing", lang))
    designated = state.designated if not done else None
    if designated is not None:
        lines.append(_text("vorfuehrung", lang, seat=_seat(designated, lang, names)))
    return tuple(lines)


def board_line(state: DealState, lang: str | None = "de") -> str | None:
    """ "Pflichtsolo offen: Platz 2, 4", or ``None`` once nobody owes one."""
    owing = state.owing
    if not owing:
        return None
    return _text("board", lang, seats=", ".join(str(seat) for seat in owing))


def last_was_pflichtsolo(rows: Sequence[Any]) -> bool:
    """Whether the last game row (a penalty line that is no game aside) was a Pflichtsolo."""
    for row in reversed(rows):
        if not isinstance(row, Mapping):
            return False
        penalty = row.get("penalty")
        if penalty is not None and not (
            isinstance(penalty, Mapping) and penalty.get("severity") == "schwerwiegend"
        ):
            continue
        return row.get("solo_mode") == "pflicht"
    return False


def solo_mode_for(row: Mapping[str, Any], state: Callable[[], DealState]) -> str | None:
    """The only ``solo_mode`` possible for ``row``, an announced solo by one seat that says
    none (``None`` for any other row); ``state`` gives the deal before the row."""
    if row.get("kind") not in _ANNOUNCED or row.get("solo_mode") is not None:
        return None
    penalty = row.get("penalty")
    if penalty is not None and not (
        isinstance(penalty, Mapping) and penalty.get("severity") == "schwerwiegend"
    ):
        return None
    re = row.get("re")
    if not isinstance(re, list) or len(re) != 1 or type(re[0]) is not int:
        return None
    before = state()
    soloist = re[0]
    if before.vorfuehrung_due:
        return "vorfuehrung" if before.designated == soloist else None
    if soloist not in before.pflicht:
        return None
    return "pflicht" if before.pflicht[soloist] is None else "lust"

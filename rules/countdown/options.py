"""The options of the three games (COUNTDOWN.md §7) and their checks (§6.1 step 2).

- "24": ``trumpfwechsel`` (variant a), ``eigentrumpf`` (on by default, off by default with
  variant a; an explicit value wins, D7), ``aussteigen`` (variant b), ``punktgrenzen``
  (variant c).
- Zwanzig: none — every rule of its seed is fixed.
- 20 ab: ``start`` (10..50, 20), ``no_drop_out_at_or_below`` (0..start − 1, 5),
  ``drop_out_limit`` (3, 4, 5; 5 — D10), ``tie`` (``play_on`` or ``share``; ``play_on`` — D11).

The round's length (cycles) and the number of rounds are the tournament's own settings, not
options of a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.base import OptionSpec
from rules.countdown.errors import Refusal, shown
from rules.countdown.games import GAMES, START_24, START_ZWANZIG, VIERUNDZWANZIG, ZWANZIG_AB

START_RANGE = (10, 50)
DROP_OUT_LIMITS = (3, 4, 5)
TIES = ("play_on", "share")


@dataclass(frozen=True, slots=True)
class CountdownOptions:
    """The options in force for one game; fields of the other games keep their defaults."""

    game: str
    trumpfwechsel: bool = False
    eigentrumpf: bool = True
    aussteigen: bool = False
    punktgrenzen: bool = False
    start: int = START_ZWANZIG
    no_drop_out_at_or_below: int = 5
    drop_out_limit: int = 5
    tie: str = "play_on"

    @property
    def starting_score(self) -> int:
        if self.game == VIERUNDZWANZIG:
            return START_24
        if self.game == ZWANZIG_AB:
            return self.start
        return START_ZWANZIG

    def to_json(self) -> dict[str, Any]:
        """Every option of the game with its value (the inverse of :func:`parse_options`)."""
        return {name: getattr(self, name) for name in OPTION_NAMES[self.game]}


OPTION_NAMES: dict[str, tuple[str, ...]] = {
    "24": ("trumpfwechsel", "eigentrumpf", "aussteigen", "punktgrenzen"),
    "zwanzig": (),
    "20ab": ("start", "no_drop_out_at_or_below", "drop_out_limit", "tie"),
}

TIE_LABELS = {"play_on": "Es wird weitergespielt", "share": "Die Gleichen teilen sich den Sieg"}

# The settings form's help below an option (English: the ruleset's catalogue).
HELP = {
    "start": "Mit so vielen Punkten beginnt jeder die Partie (10 bis 50).",
    "no_drop_out_at_or_below": "Wer so viele Punkte hat oder weniger, darf nicht aussteigen; "
    "kleiner als die Startpunkte.",
}


def option_specs(game: str) -> tuple[OptionSpec, ...]:
    """The options an organiser may set for ``game``, with German labels, in form order."""
    if game == VIERUNDZWANZIG:
        return (
            OptionSpec("trumpfwechsel", "Variante a: Trumpfwechsel durch „2“", "bool", False),
            OptionSpec("eigentrumpf", "Eigentrumpf ohne Stich zählt doppelt", "bool", True),
            OptionSpec("aussteigen", "Variante b: Aussteigen", "bool", False),
            OptionSpec("punktgrenzen", "Variante c: Punktbasierte Einschränkungen", "bool", False),
        )
    if game == ZWANZIG_AB:
        return (
            OptionSpec(
                "start",
                "Startpunkte",
                "int",
                START_ZWANZIG,
                help=HELP["start"],
                minimum=START_RANGE[0],
                maximum=START_RANGE[1],
            ),
            OptionSpec(
                "no_drop_out_at_or_below",
                "Aussteigen verboten ab … Punkten und weniger",
                "int",
                5,
                help=HELP["no_drop_out_at_or_below"],
                minimum=0,
                maximum=START_RANGE[1] - 1,
            ),
            OptionSpec(
                "drop_out_limit",
                "Aussteigen höchstens … Mal je Partie",
                "choice",
                5,
                tuple((n, str(n)) for n in DROP_OUT_LIMITS),
            ),
            OptionSpec(
                "tie",
                "Gleichstand unter 0",
                "choice",
                "play_on",
                tuple((value, TIE_LABELS[value]) for value in TIES),
            ),
        )
    return ()


def check_game(game: object) -> str:
    """The game's key, or the refusal naming ``game`` (§6.1 step 1)."""
    if type(game) is not str or game not in GAMES:
        raise Refusal("game", "game", got=shown(game))
    return game


def _bool(data: Mapping[str, Any], name: str, default: bool) -> bool:
    value = data.get(name, default)
    if type(value) is not bool:
        raise Refusal(f"options.{name}", "option_bool", name=name)
    return value


def _int(data: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = data.get(name, default)
    if type(value) is not int or not low <= value <= high:
        raise Refusal(f"options.{name}", "option_range", name=name, low=low, high=high)
    return value


def parse_options(game: str, data: object) -> CountdownOptions:
    """The options value of ``game`` from JSON; refuses ``options.<key>`` (unknown keys first,
    in sorted order, then each value in form order)."""
    check_game(game)
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise Refusal("options", "options_not_object")
    names = OPTION_NAMES[game]
    for key in sorted(data, key=str):
        if key not in names:
            raise Refusal(
                f"options.{key}",
                "option_unknown",
                game=GAMES[game].label,
                name=shown(key),
                known=", ".join(names) or "keine",
            )
    if game == VIERUNDZWANZIG:
        trumpfwechsel = _bool(data, "trumpfwechsel", False)
        return CountdownOptions(
            game,
            trumpfwechsel=trumpfwechsel,
            eigentrumpf=_bool(data, "eigentrumpf", not trumpfwechsel),
            aussteigen=_bool(data, "aussteigen", False),
            punktgrenzen=_bool(data, "punktgrenzen", False),
        )
    if game == ZWANZIG_AB:
        start = _int(data, "start", START_ZWANZIG, *START_RANGE)
        floor = _int(data, "no_drop_out_at_or_below", 5, 0, start - 1)
        limit = data.get("drop_out_limit", 5)
        if type(limit) is not int or limit not in DROP_OUT_LIMITS:
            raise Refusal(
                "options.drop_out_limit",
                "option_choice",
                name="drop_out_limit",
                allowed=", ".join(map(str, DROP_OUT_LIMITS)),
            )
        tie = data.get("tie", "play_on")
        if type(tie) is not str or tie not in TIES:
            raise Refusal("options.tie", "option_choice", name="tie", allowed=", ".join(TIES))
        return CountdownOptions(
            game, start=start, no_drop_out_at_or_below=floor, drop_out_limit=limit, tie=tie
        )
    return CountdownOptions(game)

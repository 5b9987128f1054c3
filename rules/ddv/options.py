"""What an organiser may set for a DDV tournament (DDV.md, the parts marked "option").

- ``games_per_round`` (§9.1): 0 keeps the TSR's round of 24 games at four seats and 30 at five;
  a club evening may shorten it, given as the games at a four-player table (a five-player table
  plays a quarter more, so every player holds cards in as many games as at four).
- ``absage_implies_ansage`` (§11 item 6): an Absage without its party's Ansage is refused
  (off, the default) or counts the Ansage as said (on).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.base import OptionSpec

TSR_GAMES = {4: 24, 5: 30}
#: The shorter club rounds offered (games at a four-player table); 0 = TSR.
GAMES_CHOICES = (0, 20, 16, 12, 8)

_TEXTS = {
    "games_label": ("Spiele je Durchgang", "Games per round"),
    "games_0": ("24 Spiele (Fünfertisch 30) – nach TSR", "24 games (30 at five) – TSR"),
    "games_n": (
        "{four} Spiele (Fünfertisch {five}) – Vereinsabend",
        "{four} games ({five} at five) – club evening",
    ),
    "games_help": (
        "Nach TSR 24 Spiele (am Fünfertisch 30); ein Vereinsabend darf kürzer spielen, "
        "ein Pflichtsolo je Spieler bleibt. Die Spiellisten, die Uhr und die Ausdrucke folgen.",
        "By the TSR 24 games (30 at five); a club evening may play shorter rounds, one "
        "Pflichtsolo per player stays. Score sheets, clock and printouts follow.",
    ),
    "imply_help": (
        "Aus: eine Absage ohne die Ansage ihrer Partei wird nicht angenommen (TSR).",
        "Off: an Absage without its party's Ansage is refused (TSR).",
    ),
    "imply_label": (
        "Absage ohne Ansage zählt die Ansage mit",
        "An Absage without its Ansage counts the Ansage",
    ),
    "rules_games_tsr": (
        "Ein Durchgang hat 24 Spiele am Vierertisch und 30 am Fünfertisch (TSR 8.5.1, 10.1.5), "
        "darunter ein Pflichtsolo je Spieler.",
        "A round has 24 games at a four-player table and 30 at five (TSR 8.5.1, 10.1.5), "
        "one Pflichtsolo per player among them.",
    ),
    "rules_games_club": (
        "Verkürzter Durchgang (Vereinsabend): {four} Spiele am Vierertisch, {five} am "
        "Fünfertisch; ein Pflichtsolo je Spieler bleibt Pflicht.",
        "Shortened round (club evening): {four} games at four, {five} at five; one "
        "Pflichtsolo per player is still required.",
    ),
    "rules_imply_off": (
        "Eine Absage ohne Ansage wird nicht angenommen: die Ansage (2 Punkte) ist mit einzutragen.",
        "An Absage without its Ansage is refused: the Ansage (2 points) must be entered too.",
    ),
    "rules_imply_on": (
        "Eine Absage ohne Ansage zählt die Ansage mit (2 Punkte).",
        "An Absage without its Ansage counts the Ansage (2 points).",
    ),
}


def text(key: str, lang: str | None = "de", **params: Any) -> str:
    german, english = _TEXTS[key]
    template = english if lang and str(lang).lower().startswith("en") else german
    return template.format(**params) if params else template


def games_at(four: int, table_size: int) -> int:
    """The games of a round at ``table_size`` when ``four`` is the length at four seats."""
    return four if table_size == 4 else four * 5 // 4


@dataclass(frozen=True, slots=True)
class DdvOptions:
    games_per_round: int = 0
    absage_implies_ansage: bool = False

    def __post_init__(self) -> None:
        if type(self.games_per_round) is not int or self.games_per_round not in GAMES_CHOICES:
            allowed = ", ".join(map(str, GAMES_CHOICES))
            raise ValueError(
                f"games_per_round must be one of {allowed}, not {self.games_per_round!r}"
            )
        if type(self.absage_implies_ansage) is not bool:
            raise ValueError(
                f"absage_implies_ansage must be a bool, not {self.absage_implies_ansage!r}"
            )

    def games(self, table_size: int) -> int:
        """Games of a round at ``table_size`` seats."""
        if self.games_per_round == 0:
            return TSR_GAMES[table_size]
        return games_at(self.games_per_round, table_size)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games_per_round": self.games_per_round,
            "absage_implies_ansage": self.absage_implies_ansage,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DdvOptions:
        unknown = set(data) - {"games_per_round", "absage_implies_ansage"}
        if unknown:
            raise ValueError(f"unknown DDV options: {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)


DEFAULT_OPTIONS = DdvOptions()


def option_specs(lang: str | None = "de") -> tuple[OptionSpec, ...]:
    choices = tuple(
        (n, text("games_0", lang) if n == 0 else text("games_n", lang, four=n, five=games_at(n, 5)))
        for n in GAMES_CHOICES
    )
    return (
        OptionSpec(
            "games_per_round",
            text("games_label", lang),
            "choice",
            0,
            choices,
            help=text("games_help", lang),
        ),
        OptionSpec(
            "absage_implies_ansage",
            text("imply_label", lang),
            "bool",
            False,
            help=text("imply_help", lang),
        ),
    )


def describe_options(options: DdvOptions = DEFAULT_OPTIONS, lang: str = "de") -> list[str]:
    """The rules page's lines for the options in force."""
    n = options.games_per_round
    games = (
        text("rules_games_tsr", lang)
        if n == 0
        else text("rules_games_club", lang, four=n, five=games_at(n, 5))
    )
    imply = "rules_imply_on" if options.absage_implies_ansage else "rules_imply_off"
    return [games, text(imply, lang)]


def english_catalogue() -> dict[str, str]:
    """German → English of every option text (labels and choices), for ``Ruleset.text``."""
    table = {german: english for german, english in _TEXTS.values() if "{" not in german}
    for n in GAMES_CHOICES[1:]:
        table[text("games_n", "de", four=n, five=games_at(n, 5))] = text(
            "games_n", "en", four=n, five=games_at(n, 5)
        )
    return table

"""Tournament settings that change how games are scored (SCORING.md, the parts marked "option").

The options are a frozen value so that one object can be shared by every table of a tournament
and used as a cache key. They validate themselves on construction: a wrong setting is a
programming or configuration error, not a bad game record, so it raises ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.hausregeln.i18n import translate

DECKS = (40, 48)


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """How a tournament plays.

    - ``deck``: 40 cards (without nines, 10 tricks, the default of the rule sheet) or 48 cards
      (with nines, 12 tricks). Only the deck decides whether Augen 1..7 / 233..239 are possible
      and whether ``schwarz`` can be derived from the Augen.
    - ``pre_lead_counts``: a "Re"/"Kontra" said only before the first lead scores 1 instead of 0.
    - ``ddv_absage_bonus``: DDV's +1 for reaching 120/90/60/30 Augen against an Absage.
    """

    deck: int = 40
    pre_lead_counts: bool = False
    ddv_absage_bonus: bool = False

    def __post_init__(self) -> None:
        if type(self.deck) is not int or self.deck not in DECKS:
            raise ValueError(f"deck must be 40 or 48, not {self.deck!r}")
        for name in ("pre_lead_counts", "ddv_absage_bonus"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} must be a bool, not {getattr(self, name)!r}")

    @property
    def tricks(self) -> int:
        """Number of tricks per game: 10 with 40 cards, 12 with 48."""
        return self.deck // 4

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data (for storing them with a tournament)."""
        return {
            "deck": self.deck,
            "pre_lead_counts": self.pre_lead_counts,
            "ddv_absage_bonus": self.ddv_absage_bonus,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoringOptions:
        """Inverse of :meth:`to_dict`; missing keys take defaults, unknown ones are refused."""
        unknown = set(data) - {"deck", "pre_lead_counts", "ddv_absage_bonus"}
        if unknown:
            raise ValueError(f"unknown scoring options: {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)


DEFAULT_OPTIONS = ScoringOptions()


def describe_options(options: ScoringOptions = DEFAULT_OPTIONS, lang: str = "de") -> list[str]:
    """One line per option, for the tournament's public rules page (German by default)."""
    deck_key = "option.deck_40" if options.deck == 40 else "option.deck_48"
    pre_key = (
        "option.pre_lead_counts_on" if options.pre_lead_counts else "option.pre_lead_counts_off"
    )
    ddv_key = "option.ddv_bonus_on" if options.ddv_absage_bonus else "option.ddv_bonus_off"
    return [
        translate(deck_key, lang, tricks=options.tricks),
        translate(pre_key, lang),
        translate(ddv_key, lang),
    ]

"""Tournament settings that change how games are scored: SCORING.md's options and every club
option of CLUBRULES.md §2, declared once as a pydantic model (:class:`ScoringOptions`).

The declaration gives the validation (a wrong setting is a configuration error, not a bad game
record, so it raises ``ValueError`` naming the option), the JSON a tournament stores and the
settings form's fields (:meth:`ScoringOptions.option_specs`: German label, one-line help and the
section of the club's rule sheet it belongs to). All options at their defaults are SCORING.md.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from rules.hausregeln.i18n import translate
from rules.hausregeln.messages import MESSAGES
from rules.hausregeln.vocabulary import ANNOUNCED_SOLOS, SEED_KINDS, Kind
from rules.options import OptionMap, RulesetOptions, option

DECKS = (40, 48)

SoloKind = Literal[
    "solo_buben", "solo_damen", "solo_trumpf", "solo_kreuz", "solo_pik", "solo_herz",
    "solo_fleischlos",
]  # fmt: skip
SchmeissenReason = Literal[
    "neunen", "koenige", "neunen_koenige", "augen", "fuchs_hoechster", "ein_trumpf", "armut"
]  # fmt: skip
BockTrigger = Literal["tie_120", "solo_lost", "announcement_lost", "herzstich", "schwarz"]

SOLO_KINDS: tuple[str, ...] = SoloKind.__args__  # type: ignore[attr-defined]
SCHMEISSEN_REASONS: tuple[str, ...] = SchmeissenReason.__args__  # type: ignore[attr-defined]
BOCK_TRIGGERS: tuple[str, ...] = BockTrigger.__args__  # type: ignore[attr-defined]


def _de(key: str) -> str:
    """The German text of a message key (the msgid the settings form translates)."""
    return MESSAGES[key][1]


def _terms(prefix: str, values: tuple[str, ...]) -> dict[str, str]:
    return {value: _de(f"{prefix}.{value}") for value in values}


# The sections of the settings form, as a club's rule sheet reads.
GAME, SPECIALS, SOLOS, CALLS, BOCK, ARMUT = (
    _de("group.game"),
    _de("group.specials"),
    _de("group.solos"),
    _de("group.calls"),
    _de("group.bock"),
    _de("group.armut"),
)


class Sonderpunkte(OptionMap):
    """Each Sonderpunkt's value (0–3); 0: recorded, but the club does not count it."""

    gegen: int = option(1, _de("term.special.gegen"), ge=0, le=3)
    herzstich: int = option(1, _de("term.special.herzstich"), ge=0, le=3)
    fuchs_gefangen: int = option(1, _de("term.special.fuchs_gefangen"), ge=0, le=3)
    fuchs_am_end_gefangen: int = option(2, _de("term.special.fuchs_am_end_gefangen"), ge=0, le=3)
    fuchs_am_end: int = option(1, _de("term.special.fuchs_am_end"), ge=0, le=3)
    charlie_am_end: int = option(1, _de("term.special.charlie_am_end"), ge=0, le=3)
    charlie_am_end_gefangen: int = option(
        1, _de("term.special.charlie_am_end_gefangen"), ge=0, le=3
    )
    doppelkopf: int = option(1, _de("term.special.doppelkopf"), ge=0, le=3)


class SoloPoints(OptionMap):
    """The type points of each announced solo (0–6)."""

    solo_buben: int = option(2, _de("term.kind.solo_buben"), ge=0, le=6)
    solo_damen: int = option(3, _de("term.kind.solo_damen"), ge=0, le=6)
    solo_trumpf: int = option(4, _de("term.kind.solo_trumpf"), ge=0, le=6)
    solo_kreuz: int = option(4, _de("term.kind.solo_kreuz"), ge=0, le=6)
    solo_pik: int = option(4, _de("term.kind.solo_pik"), ge=0, le=6)
    solo_herz: int = option(4, _de("term.kind.solo_herz"), ge=0, le=6)
    solo_fleischlos: int = option(4, _de("term.kind.solo_fleischlos"), ge=0, le=6)


class ScoringOptions(RulesetOptions):
    """How a tournament plays (CLUBRULES.md §2; every default is SCORING.md's rule)."""

    groups = (GAME, CALLS, SPECIALS, SOLOS, BOCK, ARMUT)

    deck: Literal[40, 48] = option(
        40,
        _de("setting.deck"),
        group=GAME,
        choices={40: _de("setting.deck_40"), 48: _de("setting.deck_48")},
    )
    tie_120: Literal["kontra", "kontra_full", "ddv", "nobody"] = option(
        "kontra",
        _de("setting.tie_120"),
        _de("help.tie_120"),
        group=GAME,
        choices=_terms("setting.tie_120", ("kontra", "kontra_full", "ddv", "nobody")),
    )
    klaerungsstich_max: int = option(
        3, _de("setting.klaerungsstich_max"), _de("help.klaerungsstich_max"), group=GAME, ge=1, le=3
    )
    ansagen: Literal["plus1", "plus2", "double"] = option(
        "plus1",
        _de("setting.ansagen"),
        _de("help.ansagen"),
        group=CALLS,
        choices=_terms("setting.ansagen", ("plus1", "plus2", "double")),
    )
    pre_lead_counts: bool = option(False, _de("setting.pre_lead_counts"), group=CALLS)
    ddv_absage_bonus: bool = option(False, _de("setting.ddv_absage_bonus"), group=CALLS)
    sonderpunkte: Sonderpunkte = option(
        Sonderpunkte(), _de("setting.sonderpunkte"), _de("help.sonderpunkte"), group=SPECIALS
    )
    solo_kinds: tuple[SoloKind, ...] = option(
        ("solo_buben", "solo_damen", "solo_trumpf"),
        _de("setting.solo_kinds"),
        _de("help.solo_kinds"),
        group=SOLOS,
        choices=_terms("term.kind", SOLO_KINDS),
    )
    solo_points: SoloPoints = option(
        SoloPoints(), _de("setting.solo_points"), _de("help.solo_points"), group=SOLOS
    )
    solo_lost_point: bool = option(
        True, _de("setting.solo_lost_point"), _de("help.solo_lost_point"), group=SOLOS
    )
    stilles_solo: Literal["normal", "solo"] = option(
        "normal",
        _de("setting.stilles_solo"),
        _de("help.stilles_solo"),
        group=SOLOS,
        choices=_terms("setting.valued", ("normal", "solo")),
    )
    hochzeit_allein: Literal["normal", "solo"] = option(
        "normal",
        _de("setting.hochzeit_allein"),
        _de("help.hochzeit_allein"),
        group=SOLOS,
        choices=_terms("setting.valued", ("normal", "solo")),
    )
    bock: bool = option(False, _de("setting.bock"), _de("help.bock"), group=BOCK)
    bock_triggers: tuple[BockTrigger, ...] = option(
        ("tie_120",),
        _de("setting.bock_triggers"),
        _de("help.bock_triggers"),
        group=BOCK,
        choices=_terms("setting.trigger", BOCK_TRIGGERS),
    )
    bock_games: int = option(
        0, _de("setting.bock_games"), _de("help.bock_games"), group=BOCK, ge=0, le=12
    )
    bock_multiplier: Literal[2, 3] = option(
        2,
        _de("setting.bock_multiplier"),
        group=BOCK,
        choices={2: _de("setting.bock_multiplier.2"), 3: _de("setting.bock_multiplier.3")},
    )
    bock_overlap: Literal["stack", "queue"] = option(
        "stack",
        _de("setting.bock_overlap"),
        _de("help.bock_overlap"),
        group=BOCK,
        choices=_terms("setting.bock_overlap", ("stack", "queue")),
    )
    armut: bool = option(False, _de("setting.armut"), _de("help.armut"), group=ARMUT)
    armut_point: bool = option(False, _de("setting.armut_point"), group=ARMUT)
    armut_untaken: Literal["redeal", "normal"] = option(
        "redeal",
        _de("setting.armut_untaken"),
        group=ARMUT,
        choices=_terms("setting.armut_untaken", ("redeal", "normal")),
    )
    schmeissen: Literal["not_entered", "redeal", "game"] = option(
        "not_entered",
        _de("setting.schmeissen"),
        _de("help.schmeissen"),
        group=ARMUT,
        choices=_terms("setting.schmeissen", ("not_entered", "redeal", "game")),
    )
    schmeissen_reasons: tuple[SchmeissenReason, ...] = option(
        ("koenige", "augen", "fuchs_hoechster"),
        _de("setting.schmeissen_reasons"),
        group=ARMUT,
        choices=_terms("term.reason", SCHMEISSEN_REASONS),
    )

    @property
    def tricks(self) -> int:
        """Number of tricks per game: 10 with 40 cards, 12 with 48."""
        return self.deck // 4

    @cached_property
    def played_kinds(self) -> frozenset[Kind]:
        """The kinds a record may have (CLUBRULES.md §3.1, §3.2); kept on the frozen value, as
        every record of the tournament asks."""
        kinds = {kind for kind in SEED_KINDS if kind not in ANNOUNCED_SOLOS}
        kinds.update(Kind(kind) for kind in self.solo_kinds)
        if self.armut:
            kinds.add(Kind.ARMUT)
        return frozenset(kinds)

    @property
    def max_value(self) -> int:
        """The highest V a quick entry or direct points may carry (before Bock, §4.7)."""
        return {"plus1": 30, "plus2": 40, "double": 480}[self.ansagen]

    def bock_round_games(self, table_size: int) -> int:
        """Games per Bockrunde: ``bock_games``, or one per seat when 0 (§5.3)."""
        return self.bock_games or table_size


DEFAULT_OPTIONS = ScoringOptions()


def describe_options(options: ScoringOptions = DEFAULT_OPTIONS, lang: str = "de") -> list[str]:
    """One line per option, for the tournament's public rules page (German by default): the
    three of SCORING.md always, each club option only where it differs from SCORING.md."""
    from rules.hausregeln.club_text import club_lines

    deck_key = "option.deck_40" if options.deck == 40 else "option.deck_48"
    pre_key = (
        "option.pre_lead_counts_on" if options.pre_lead_counts else "option.pre_lead_counts_off"
    )
    ddv_key = "option.ddv_bonus_on" if options.ddv_absage_bonus else "option.ddv_bonus_off"
    return [
        translate(deck_key, lang, tricks=options.tricks),
        translate(pre_key, lang),
        translate(ddv_key, lang),
        *club_lines(options, lang),
    ]

"""The house scoring values in words, from the engine's own numbers: one list for the printed
legend of the score sheets and the public rules page, so that paper and screen never disagree
with the engine (:meth:`rules.base.Ruleset.legend`)."""

from __future__ import annotations

from rules.hausregeln.engine import REVOKE_PENALTY, REVOKE_SHARE, REVOKE_SOLOIST_GAIN
from rules.hausregeln.i18n import label, translate
from rules.hausregeln.options import ScoringOptions
from rules.hausregeln.vocabulary import SPECIAL_VALUE, TYPE_POINTS, Kind, Special

LEGEND_SPECIALS = (
    Special.FUCHS_GEFANGEN,
    Special.DOPPELKOPF,
    Special.CHARLIE_AM_END,
    Special.CHARLIE_AM_END_GEFANGEN,
    Special.FUCHS_AM_END,
    Special.FUCHS_AM_END_GEFANGEN,
    Special.HERZSTICH,
)


def legend_lines(options: ScoringOptions, lang: str = "de") -> list[tuple[str, str]]:
    """The house scoring values as (what, points) pairs, in ``lang``."""

    def text(key: str, **params: object) -> str:
        return translate(f"legend.{key}", lang, **params)

    specials = [(label(special.value, lang), SPECIAL_VALUE[special]) for special in LEGEND_SPECIALS]
    solos = " / ".join(
        f"{translate(f'term.kind.{kind.value}', lang)} {TYPE_POINTS[kind]}"
        for kind in (Kind.SOLO_BUBEN, Kind.SOLO_DAMEN, Kind.SOLO_TRUMPF)
    )
    each = text("each_1")
    lines = [
        (text("won"), "1"),
        (text("below"), each),
        (text("calls"), each),
        (text("absagen"), each),
        (text("gegen"), str(SPECIAL_VALUE[Special.GEGEN])),
        (solos, ""),
        (text("solo_lost"), "1"),
        (text("specials", list=", ".join(f"{name} {value}" for name, value in specials)), ""),
        (text("payout"), ""),
        (
            text("revoke", penalty=REVOKE_PENALTY, share=REVOKE_SHARE, gain=REVOKE_SOLOIST_GAIN),
            "",
        ),
        (text("tie"), ""),
    ]
    if not options.pre_lead_counts:
        lines.append((text("pre_lead_off"), ""))
    if options.ddv_absage_bonus:
        lines.append((text("ddv_bonus"), ""))
    return lines

"""The house scoring values in words, from the engine's own numbers: one list for the printed
legend of the score sheets and the public rules page, so that paper and screen never disagree
with the engine (:meth:`rules.base.Ruleset.legend`)."""

from __future__ import annotations

from rules.hausregeln.engine import REVOKE_PENALTY, REVOKE_SHARE, REVOKE_SOLOIST_GAIN
from rules.hausregeln.i18n import label, translate
from rules.hausregeln.options import ScoringOptions
from rules.hausregeln.vocabulary import Special

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
    """The house scoring values as (what, points) pairs, in ``lang``, at the values of the
    club's options (CLUBRULES.md): each Sonderpunkt's and solo's value, how the calls count,
    who wins 120 : 120, and a line for each club rule in force (Bock, Armut, Schmeißen, …)."""

    def text(key: str, **params: object) -> str:
        return translate(f"legend.{key}", lang, **params)

    values = options.sonderpunkte
    specials = [
        (label(special.value, lang), getattr(values, special.value))
        for special in LEGEND_SPECIALS
        if getattr(values, special.value)
    ]
    solos = " / ".join(
        f"{translate(f'term.kind.{kind}', lang)} {options.solo_points.get(kind)}"
        for kind in options.solo_kinds
    )
    each = text("each_1")
    calls = {"plus1": each, "plus2": text("calls_plus2"), "double": text("calls_double")}
    lines = [
        (text("won"), "1"),
        (text("below"), each),
        (text("calls"), calls[options.ansagen]),
        (text("absagen"), each),
    ]
    if values.gegen:
        lines.append((text("gegen"), str(values.gegen)))
    if solos:
        lines.append((solos, ""))
    if options.solo_lost_point:
        lines.append((text("solo_lost"), "1"))
    lines += [
        (text("specials", list=", ".join(f"{name} {value}" for name, value in specials)), ""),
        (text("payout"), ""),
        (
            text("revoke", penalty=REVOKE_PENALTY, share=REVOKE_SHARE, gain=REVOKE_SOLOIST_GAIN),
            "",
        ),
    ]
    if options.tie_120 == "kontra":
        lines.append((text("tie"), ""))
    if not options.pre_lead_counts:
        lines.append((text("pre_lead_off"), ""))
    if options.ddv_absage_bonus:
        lines.append((text("ddv_bonus"), ""))
    lines += _club_legend(options, lang)
    return lines


def _club_legend(options: ScoringOptions, lang: str) -> list[tuple[str, str]]:
    """The club's rules beyond the values, one short line each (the printed legend is a narrow
    column; the rules page says them in full, :func:`rules.hausregeln.club_text.club_lines`)."""

    def text(key: str, **params: object) -> str:
        return translate(f"legend.{key}", lang, **params)

    lines: list[tuple[str, str]] = []
    if options.tie_120 != "kontra":
        lines.append((text(f"tie_{options.tie_120}"), ""))
    if options.stilles_solo == "solo" or options.hochzeit_allein == "solo":
        lines.append((text("solo_valued"), ""))
    if options.klaerungsstich_max != 3:
        lines.append((text("klaerungsstich", max=options.klaerungsstich_max), ""))
    if options.bock:
        triggers = " / ".join(translate(f"term.trigger.{t}", lang) for t in options.bock_triggers)
        games = options.bock_games or text("bock_seats")
        overlap = text(f"bock_{options.bock_overlap}")
        factor = f"×{options.bock_multiplier}"
        lines.append((text("bock", triggers=triggers, games=games, overlap=overlap), factor))
    if options.armut:
        lines.append((text("armut"), text("armut_point") if options.armut_point else ""))
    if options.schmeissen != "not_entered":
        lines.append((text(f"schmeissen_{options.schmeissen}"), ""))
    return lines

"""The club options in force as plain sentences for the public rules page (CLUBRULES.md §2):
one line for each option that differs from SCORING.md, and SCORING.md's own words on Schmeißen
and Bock where the club keeps them, in the reader's language
("Bockrunden: nach 120 : 120, je ein Spiel pro Platz, Bock auf Bock verdoppelt weiter.")."""

from __future__ import annotations

from rules.hausregeln.i18n import translate
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions


def _joined(words: list[str], lang: str) -> str:
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + translate("option.or", lang) + words[-1]


def club_lines(options: ScoringOptions, lang: str = "de") -> list[str]:
    """Each club option that differs from its default, as one sentence in ``lang``."""
    default = DEFAULT_OPTIONS
    lines: list[str] = []

    def add(key: str, **params: object) -> None:
        lines.append(translate(f"option.{key}", lang, **params))

    if options.tie_120 != "kontra":
        add(f"tie_120.{options.tie_120}")
    if options.klaerungsstich_max != default.klaerungsstich_max:
        add("klaerungsstich", max=options.klaerungsstich_max)
    if options.ansagen != "plus1":
        add(f"ansagen.{options.ansagen}")
    if options.sonderpunkte != default.sonderpunkte:
        values = options.sonderpunkte.model_dump()
        counted = [
            f"{translate(f'term.special.{name}', lang)} {value}"
            for name, value in values.items()
            if value
        ]
        add("sonderpunkte", list=", ".join(counted))
        off = [
            translate(f"term.special.{name}", lang) for name, value in values.items() if not value
        ]
        if off:
            add("sonderpunkte_off", list=", ".join(off))
    if options.solo_kinds != default.solo_kinds or options.solo_points != default.solo_points:
        if options.solo_kinds:
            points = options.solo_points
            add(
                "solos",
                list=", ".join(
                    f"{translate(f'term.kind.{kind}', lang)} {points.get(kind)}"
                    for kind in options.solo_kinds
                ),
            )
        else:
            add("no_solos")
    if not options.solo_lost_point:
        add("no_solo_lost_point")
    if options.stilles_solo == "solo":
        add("stilles_solo")
    if options.hochzeit_allein == "solo":
        add("hochzeit_allein")
    if options.bock:
        triggers = [translate(f"term.trigger.{t}", lang) for t in options.bock_triggers]
        games = (
            translate("option.bock_games", lang, n=options.bock_games)
            if options.bock_games
            else translate("option.bock_games_seats", lang)
        )
        overlap = translate(f"option.bock_{options.bock_overlap}_{options.bock_multiplier}", lang)
        add("bock", triggers=_joined(triggers, lang), games=games, overlap=overlap)
    if options.armut:
        add("armut")
        if options.armut_point:
            add("armut_point")
        add(f"armut_{options.armut_untaken}")
    if options.schmeissen != "not_entered":
        reasons = [translate(f"term.reason.{r}", lang) for r in options.schmeissen_reasons]
        add(f"schmeissen_{options.schmeissen}", list=", ".join(reasons))
    else:
        add("schmeissen_not_entered")
    if not options.bock and options.ansagen != "double":
        add("no_bock")
    return lines

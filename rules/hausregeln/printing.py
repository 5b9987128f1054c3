"""The house rules' scoring values in words and the course of their evening, from the engine's
own numbers: the printed sheet's legend and the rules page, so that paper and screen never
disagree with the engine (texts as :class:`rules.text.Text`, translated where shown).

Their English is in the project's catalogue (``locale/en``), where it was before these texts
moved here; ``make messages`` does not read this package (it has its own catalogue), so
``tests/exports/test_toy_ruleset_outputs.py`` checks that every one still reads English. Moving
them into the engine's catalogue needs plurals in :meth:`rules.base.Ruleset.text` (the course
has two).
"""

from __future__ import annotations

from rules.hausregeln.engine import REVOKE_PENALTY, REVOKE_SHARE, REVOKE_SOLOIST_GAIN
from rules.hausregeln.i18n import label, translate
from rules.hausregeln.options import ScoringOptions
from rules.hausregeln.vocabulary import SPECIAL_VALUE, TYPE_POINTS, Kind, Special
from rules.printing import LegendLine
from rules.text import Text, gettext_noop, ngettext_lazy

SPECIALS = (
    Special.FUCHS_GEFANGEN,
    Special.DOPPELKOPF,
    Special.CHARLIE_AM_END,
    Special.CHARLIE_AM_END_GEFANGEN,
    Special.FUCHS_AM_END,
    Special.FUCHS_AM_END_GEFANGEN,
    Special.HERZSTICH,
)
EACH_ONE = gettext_noop("je 1")


def legend(options: ScoringOptions, lang: str = "de") -> tuple[LegendLine, ...]:
    """The house scoring values as (what, points) lines."""
    specials = ", ".join(
        f"{label(special.value, lang)} {SPECIAL_VALUE[special]}" for special in SPECIALS
    )
    solos = " / ".join(
        f"{translate(f'term.kind.{kind.value}', lang)} {TYPE_POINTS[kind]}"
        for kind in (Kind.SOLO_BUBEN, Kind.SOLO_DAMEN, Kind.SOLO_TRUMPF)
    )
    lines = [
        LegendLine(gettext_noop("Gewonnen („120“)"), Text("1")),
        LegendLine(gettext_noop("Gegner unter 90 / 60 / 30 / schwarz"), EACH_ONE),
        LegendLine(gettext_noop("Re, Kontra, Sub, In"), EACH_ONE),
        LegendLine(gettext_noop("Absagen: keine 90 / 60 / 30, schwarz"), EACH_ONE),
        LegendLine(gettext_noop("Gegen (Kontra gewinnt)"), Text(str(SPECIAL_VALUE[Special.GEGEN]))),
        LegendLine(Text("%(solos)s", {"solos": solos})),
        LegendLine(gettext_noop("Solo verloren („verloren“)"), Text("1")),
        LegendLine(gettext_noop("Sonderpunkte: %(list)s", list=specials)),
        LegendLine(
            gettext_noop(
                "Normalspiel: Sieger +Wert, Verlierer −Wert; Solo: Solist ±3 × Wert, Gegner ∓ Wert"
            )
        ),
        LegendLine(
            gettext_noop(
                "Verwerfen: Verursacher −%(penalty)d, die anderen je +%(share)d; im Solo, wenn "
                "ein Gegner verwirft: Solist +%(gain)d, die anderen 0",
                penalty=REVOKE_PENALTY,
                share=REVOKE_SHARE,
                gain=REVOKE_SOLOIST_GAIN,
            )
        ),
        LegendLine(gettext_noop("120 : 120 – Kontra gewinnt, „120“ zählt dabei nicht")),
    ]
    if not options.pre_lead_counts:
        lines.append(
            LegendLine(gettext_noop("Re/Kontra nur vor dem ersten Ausspielen: kein Punkt"))
        )
    if options.ddv_absage_bonus:
        lines.append(LegendLine(gettext_noop("120 gegen „keine 90“ usw. (DDV): je 1")))
    return tuple(lines)


def course(rounds: int, cycles: int, placement: Text) -> tuple[tuple[Text, ...], ...]:
    """How the house rules' evening runs, line by line (lines of texts joined by ", ")."""
    deals = ngettext_lazy(
        "je %(c)s Runde: 4 × %(c)s Spiele am Vierertisch, 5 × %(c)s am Fünfertisch "
        "(der Geber setzt aus).",
        "je %(c)s Runden: 4 × %(c)s Spiele am Vierertisch, 5 × %(c)s am Fünfertisch "
        "(der Geber setzt aus).",
        cycles,
        c=cycles,
    )
    return (
        (ngettext_lazy("%(n)s Durchgang", "%(n)s Durchgänge", rounds, n=rounds), deals),
        (placement,),
        (
            gettext_noop(
                "Platz 1 ist Listenführer, gibt zuerst und führt die Liste: Sieger (z. B. „1 + 4“) "
                "und Plus/Minus je Spieler, die Summe ist immer 0."
            ),
        ),
        (
            gettext_noop(
                "Pflichtansage nach dem ersten Stich; beim Solo wird alles vor dem ersten "
                "Ausspielen gesagt."
            ),
        ),
        (
            gettext_noop(
                "Schmeißen (5 Fehlkönige, über 90 Augen, keine Karte höher als der Fuchs): "
                "derselbe Geber gibt neu, es zählt nicht als Spiel."
            ),
        ),
        (gettext_noop("Keine Bockrunden, keine Verdoppelung."),),
    )

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

from rules.text import Text, gettext_noop, ngettext_lazy


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

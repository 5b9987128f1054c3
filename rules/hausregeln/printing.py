"""The house rules' scoring values in words and the course of their evening, from the engine's
own numbers: the printed sheet's legend and the rules page, so that paper and screen never
disagree with the engine (texts as :class:`rules.text.Text`, translated where shown).

Their English is in the engine's own catalogue (``locale/en/LC_MESSAGES/rules.po``, domain
``rules``): ``make messages`` extracts these markers from this package with ``xgettext``
(``gettext_noop``, ``ngettext_lazy`` with its plural) while Django's ``makemessages`` skips it;
the pages translate them through :meth:`rules.base.Ruleset.text` and, for the plurals,
:meth:`rules.base.Ruleset.ntext`. ``tests/rules/test_house_catalogue.py`` checks that every one
reads English from that catalogue.
"""

from __future__ import annotations

from dataclasses import replace

from rules.text import RULES_TEXTS, Text, gettext_noop, ngettext_lazy

# The rules page's heading (the house rules' own name for it) and the note below the values;
# ranked by points as the default.
RULES = replace(
    RULES_TEXTS,
    heading=gettext_noop("Hausregeln und Wertung"),
    values_note=gettext_noop(
        "Sonderpunkte zählen nicht bei angesagten Soli; die Sonderpunkte der Verlierer werden "
        "abgezogen."
    ),
)


def course(rounds: int, cycles: int, placement: Text) -> tuple[tuple[Text, ...], ...]:
    """How the house rules' evening runs, line by line (lines of texts joined by ", "). What
    the club's options decide (Schmeißen, Bockrunden) is said with the options
    (:func:`rules.hausregeln.options.describe_options`)."""
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
    )

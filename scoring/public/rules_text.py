"""The house rules as the rules page shows them, for the page and for ``docs/regeln.md``.

One source for both: the course of the evening (``course``), the tournament's options, the
scoring values and the tie-breakers. ``manage.py rules_doc`` writes the Markdown version with the
default settings; a test keeps ``docs/regeln.md`` equal to it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scoring.house_rules import legend_lines
from scoring.standings.ranking import tie_breakers
from tournament.models import Tournament


def course(tournament: Tournament) -> list[str]:
    """How the evening runs, line by line."""
    cycles = tournament.cycles
    return [
        ngettext("%(n)s Durchgang", "%(n)s Durchgänge", tournament.rounds_count)
        % {"n": tournament.rounds_count}
        + ", "
        + ngettext(
            "je %(c)s Runde: 4 × %(c)s Spiele am Vierertisch, 5 × %(c)s am Fünfertisch "
            "(der Geber setzt aus).",
            "je %(c)s Runden: 4 × %(c)s Spiele am Vierertisch, 5 × %(c)s am Fünfertisch "
            "(der Geber setzt aus).",
            cycles,
        )
        % {"c": cycles},
        _(
            "Durchgang 1 wird gelost; ab Durchgang 2 wird nach Platzierung gesetzt: Platz 1–4 an "
            "Tisch 1, Platz 5–8 an Tisch 2 usw."
        ),
        _(
            "Platz 1 ist Listenführer, gibt zuerst und führt die Liste: Sieger (z. B. „1 + 4“) "
            "und Plus/Minus je Spieler, die Summe ist immer 0."
        ),
        _(
            "Pflichtansage nach dem ersten Stich; beim Solo wird alles vor dem ersten Ausspielen "
            "gesagt."
        ),
        _(
            "Schmeißen (5 Fehlkönige, über 90 Augen, keine Karte höher als der Fuchs): derselbe "
            "Geber gibt neu, es zählt nicht als Spiel."
        ),
        _("Keine Bockrunden, keine Verdoppelung."),
    ]


def rules_context(tournament: Tournament) -> dict[str, Any]:
    options = tournament.scoring_options
    return {
        "course": course(tournament),
        "options": tournament.rules.describe_options(options, get_language() or "de"),
        "values": legend_lines(options, ruleset=tournament.rules),
        "tie_breakers": tie_breakers(tournament),
    }

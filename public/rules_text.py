"""The rules as the rules page shows them, for the page and for ``docs/regeln.md``.

One source for both, asked of the tournament's ruleset: the course of the evening (``course``),
the tournament's options, the scoring values (the printed sheet's legend) and the
tie-breakers. ``manage.py rules_doc`` writes the Markdown version with the
default settings; a test keeps ``docs/regeln.md`` equal to it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

from scoring.standings.ranking import tie_breakers, tie_lead
from tournament.models import Tournament
from tournament.ruleset_texts import say


def course(tournament: Tournament) -> list[str]:
    """How the evening runs, line by line, as the tournament's ruleset tells it."""
    ruleset, lang = tournament.rules, get_language() or "de"
    lines = ruleset.course(tournament.rounds_count, tournament.cycles, lang)
    return [", ".join(say(ruleset, text, lang) for text in line) for line in lines]


def legend_lines(tournament: Tournament) -> list[tuple[str, str]]:
    """The scoring values in words, (what, points), from the tournament's ruleset: the same
    lines as the printed sheet's legend."""
    ruleset, lang = tournament.rules, get_language() or "de"
    return [
        (say(ruleset, line.what, lang), say(ruleset, line.points, lang) if line.points else "")
        for line in ruleset.legend(tournament.scoring_options, lang)
    ]


def rules_context(tournament: Tournament) -> dict[str, Any]:
    options = tournament.scoring_options
    ruleset, lang = tournament.rules, get_language() or "de"
    texts = ruleset.rules_texts()
    return {
        "heading": say(ruleset, texts.heading, lang),
        "values_title": say(ruleset, texts.values_title, lang),
        "values_note": say(ruleset, texts.values_note, lang) if texts.values_note else "",
        "tie_lead": tie_lead(tournament),
        "course": course(tournament),
        "options": tournament.rules.describe_options(options, get_language() or "de"),
        "values": legend_lines(tournament),
        "tie_breakers": tie_breakers(tournament),
    }

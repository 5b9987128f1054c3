"""A ruleset's texts for the pages and printouts: German, translated where they are shown.

A :class:`Text` is a German msgid (with ``%(name)s`` placeholders, an optional context and an
optional plural) and the values to fill in. A ruleset returns texts, not finished strings, so
that it stays free of Django: the page or printout translates the msgid — with the ruleset's
own catalogue first (:meth:`rules.base.Ruleset.text`), else with the project's — and then fills
in the values. Values that are words themselves are given in the reader's language already
(the ruleset's methods take ``lang``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Text:
    """One German text: ``german`` (singular), ``plural`` with ``count`` deciding between them,
    ``context`` as gettext's ``pgettext`` context, and ``params`` filled in after translation."""

    german: str
    params: Mapping[str, Any] = field(default_factory=dict)
    context: str = ""
    plural: str = ""
    count: int = 0

    def fill(self, translated: str) -> str:
        """The translated msgid with the values filled in (no values: as it is)."""
        return translated % dict(self.params) if self.params else translated

    def german_text(self) -> str:
        """The German text itself, filled in (what a German reader sees)."""
        chosen = self.plural if self.plural and self.count != 1 else self.german
        return self.fill(chosen)


# Markers that make a Text, named as the message extraction knows them (Django's makemessages
# and xgettext read ``gettext_noop``, ``pgettext_lazy`` and ``ngettext_lazy``), so that the
# project's catalogue keeps the msgids of the texts written in ``rules``. They translate
# nothing: the Text is translated where it is shown.
def gettext_noop(german: str, **params: Any) -> Text:
    """A German text, ``params`` filled in after translation."""
    return Text(german, params)


def pgettext_lazy(context: str, german: str, **params: Any) -> Text:
    """A German text with a gettext context (the same word in two meanings: "Platz")."""
    return Text(german, params, context=context)


def ngettext_lazy(singular: str, plural: str, count: int, **params: Any) -> Text:
    """A German text in singular and plural, ``count`` choosing."""
    return Text(singular, params, plural=plural, count=count)


# The title of the scoring values on the rules page, unless a ruleset names them otherwise.
VALUES_TITLE = gettext_noop("Wertungspunkte")


@dataclass(frozen=True, slots=True)
class RulesTexts:
    """What the rules page and the standings say about a ruleset around its numbers: the rules
    page's ``heading``, the standings' tie-break note's ``tie_lead`` ("Bei Punktgleichheit
    entscheiden:") and each standings metric's name in it (``metrics``, by the metric of
    :data:`rules.base.STANDINGS_METRICS`), and a note below the scoring values
    (``values_note``; ``None``: none) under the values' title (``values_title``)."""

    heading: Text
    tie_lead: Text
    metrics: Mapping[str, Text]
    values_note: Text | None = None
    values_title: Text = VALUES_TITLE


RULES_TEXTS = RulesTexts(
    heading=gettext_noop("Regeln und Wertung"),
    tie_lead=gettext_noop("Bei Punktgleichheit entscheiden:"),
    metrics={
        "total": gettext_noop("Punkte insgesamt"),
        "games_won": gettext_noop("gewonnene Spiele (mit Pluspunkten)"),
        "latest_round": gettext_noop("Punkte im letzten Durchgang"),
        "rest": gettext_noop("Restpunkte (weniger ist besser)"),
        "table_points": gettext_noop("Tischpunkte"),
        "average": gettext_noop("Schnitt je Durchgang"),
    },
)
"""The texts of a Doppelkopf-like ruleset that ranks by the sum of points (the default)."""

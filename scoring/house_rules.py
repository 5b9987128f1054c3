"""The scoring values in words, as the ruleset states them (:meth:`rules.base.Ruleset.legend`).

One list for the printed legend of the score sheets and the public rules page, so that paper
and screen never disagree with the rules engine.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

import rules as rulesets
from rules.base import Ruleset


def legend_lines(
    options: Any, language: str | None = None, ruleset: Ruleset | None = None
) -> list[tuple[str, str]]:
    """The scoring values as (what, points) pairs in ``language`` (the page's by default), from
    ``ruleset`` (the default ruleset when not given: the options value is that ruleset's)."""
    ruleset = ruleset or rulesets.get(rulesets.DEFAULT_KEY)
    return ruleset.legend(options, language or get_language() or "de")

"""A ruleset's texts (:class:`rules.text.Text`) in the reader's language.

The ruleset's own catalogue first (:meth:`rules.base.Ruleset.text`), else the project's (the
words the pages share with every ruleset: "Platz", "Punkte", "Wertungspunkte"); then the values
are filled in. German is the text itself.
"""

from __future__ import annotations

from django.utils.functional import Promise, lazy
from django.utils.translation import get_language, gettext, ngettext, npgettext, pgettext

from rules.base import Ruleset
from rules.text import Text


def _project(text: Text) -> str:
    if text.plural:
        if text.context:
            return npgettext(text.context, text.german, text.plural, text.count)
        return ngettext(text.german, text.plural, text.count)
    if text.context:
        return pgettext(text.context, text.german)
    return gettext(text.german)


def say(ruleset: Ruleset, text: Text, lang: str | None = None) -> str:
    """``text`` in ``lang`` (default: the active language), values filled in."""
    lang = lang or get_language() or "de"
    if lang.startswith("de"):
        return text.german_text()
    msgid = text.plural if text.plural and text.count != 1 else text.german
    if text.context:
        own = ""
    elif text.plural:
        own = ruleset.ntext(text.german, text.plural, text.count, lang)
    else:
        own = ruleset.text(msgid, lang)
    translated = own if own and own != msgid else _project(text)
    return text.fill(translated)


_said = lazy(lambda ruleset, text: say(ruleset, text), str)


def said(ruleset: Ruleset, text: Text) -> Promise:
    """``text`` said in the language active where it is shown (a lazy string)."""
    return _said(ruleset, text)

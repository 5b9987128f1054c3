"""Rendering the engine's messages in German (the default, the club's language) or English.

The engine uses the standard library's :mod:`gettext`, not Django's translation, because it must
stay importable without Django. Domain ``rules``: the msgids are the German texts of
:mod:`rules.hausregeln.messages`, so German needs no catalogue; English is
``locale/en/LC_MESSAGES/rules.po`` next to this file, compiled to the committed ``rules.mo``.
``make messages`` extracts with ``xgettext -kN_ -kNC_:1c,2``, merges into ``rules.po`` and
compiles. Django's ``makemessages`` never collects these texts into ``django.po``: the markers
``N_``/``NC_`` are not among its keywords (``_``, ``gettext``, ``pgettext``, …), and the Makefile
passes ``--ignore=rules/hausregeln`` to ``makemessages`` and ``compilemessages`` as well.

Messages are ``str.format`` templates; a field written ``{name:call}`` (or ``:kind``,
``:party``, ``:special``) is a vocabulary value that is itself translated, so the same error
params read naturally in either language. Language tags fall back by their primary subtag
("de-AT" → "de", "en_GB" → "en"), then to German.
"""

from __future__ import annotations

import gettext
import string
from functools import cache
from pathlib import Path
from typing import Any

from rules.hausregeln.messages import MESSAGES

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"
DOMAIN = "rules"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_TERM_SPECS = frozenset({"call", "kind", "party", "reason", "special"})


def resolve_language(lang: str | None) -> str:
    """Map a language tag to a catalogue language: primary subtag, else German."""
    if not lang or type(lang) is not str:
        return DEFAULT_LANGUAGE
    if lang in LANGUAGES:
        return lang
    primary = lang.replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The gettext catalogue of one of :data:`LANGUAGES` (German: the msgids themselves)."""
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True)


@cache
def _texts(language: str) -> dict[str, str]:
    """Every message template in ``language``, by key (looked up once per language)."""
    translation = catalogue(language)
    return {
        key: translation.gettext(msgid) if context is None else translation.pgettext(context, msgid)
        for key, (context, msgid) in MESSAGES.items()
    }


class _TermFormatter(string.Formatter):
    """A formatter whose ``{x:call}`` fields translate a vocabulary value into the language."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.texts = _texts(language)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _TERM_SPECS:
            text = self.texts.get(f"term.{format_spec}.{value}")
            return str(value) if text is None else text
        return super().format_field(value, format_spec)


@cache
def _formatter(language: str) -> _TermFormatter:
    return _TermFormatter(language)


# Labels are looked up for every breakdown item of every game: a flat table per language tag.
_LABELS: dict[str | None, dict[str, str]] = {}


def translate(key: str, /, lang: str | None = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` (see :mod:`rules.hausregeln.messages`) in ``lang``, formatted with
    ``params``.

    An unknown key returns the key itself, so a missing text shows up instead of crashing.
    """
    language = resolve_language(lang)
    template = _texts(language).get(key)
    if template is None:
        return key
    if not params:
        return template
    try:
        return _formatter(language).vformat(template, (), params)
    except (KeyError, IndexError, ValueError):
        return template


def label(key: str, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """The breakdown label of ``key`` (e.g. ``"fuchs_gefangen"`` → "Fuchs gefangen")."""
    table = _LABELS.get(lang) or _label_table(resolve_language(lang))
    return table.get(key, key)


def _label_table(language: str) -> dict[str, str]:
    table = _LABELS.get(language)
    if table is None:
        table = _LABELS[language] = {
            key.removeprefix("label."): text
            for key, text in _texts(language).items()
            if key.startswith("label.")
        }
    return table

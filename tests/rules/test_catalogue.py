"""The engine's gettext catalogue (domain "rules"): in step with the source, complete, compiled.

German is the source language (the msgids in ``rules/hausregeln/messages.py``); English
is ``rules/hausregeln/locale/en/LC_MESSAGES/rules.po`` and the committed ``rules.mo``.
``make messages`` regenerates both; these tests fail when one of them was forgotten.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import polib
import pytest

from rules.hausregeln.i18n import LOCALE_DIR, catalogue
from rules.hausregeln.messages import MESSAGES

RULES = Path(__file__).resolve().parents[2] / "rules" / "hausregeln"
PO_PATH = LOCALE_DIR / "en" / "LC_MESSAGES" / "rules.po"
MO_PATH = PO_PATH.with_suffix(".mo")
DJANGO_PO = RULES.parents[1] / "locale" / "en" / "LC_MESSAGES" / "django.po"

Key = tuple[str | None, str]


@pytest.fixture(scope="module")
def po() -> polib.POFile:
    return polib.pofile(str(PO_PATH))


def entry_key(entry: polib.POEntry | polib.MOEntry) -> Key:
    return entry.msgctxt or None, entry.msgid


def fields(template: str) -> list[tuple[str, str]]:
    """The ``str.format`` fields of a template with their format specs (``kind:kind``)."""
    return sorted((name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name)


# The engine's messages (``N_``/``NC_``) and its page texts (``rules.text``'s markers): what
# ``make messages`` extracts with xgettext, by marker: how many leading literal strings it reads
# and whether the first is a context (the page texts' counts and values follow as they are).
MESSAGE_MARKERS = {"N_": (1, False), "NC_": (2, True)}
TEXT_MARKERS = {"gettext_noop": (1, False), "ngettext_lazy": (2, False), "pgettext_lazy": (2, True)}


def marked_in_source(markers: dict[str, tuple[int, bool]] = MESSAGE_MARKERS) -> set[Key]:
    """What ``xgettext -kN_ -kNC_:1c,2`` (and the page texts' keywords) extract: every marker
    call with literal strings."""
    found: set[Key] = set()
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in markers:
                count, context = markers[node.func.id]
                texts = node.args[:count]
                args = [a.value for a in texts if isinstance(a, ast.Constant)]
                assert len(args) == count and all(type(a) is str for a in args), (
                    f"{path.name}:{node.lineno}: xgettext extracts only literal strings"
                )
                found.add((args[0], args[1]) if context else (None, args[0]))
    return found


def test_catalogue_header(po):
    assert po.metadata["Language"] == "en"
    assert "charset=UTF-8" in po.metadata["Content-Type"]
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert "POT-Creation-Date" not in po.metadata, "make messages strips it to keep diffs clean"


def test_every_message_is_marked_for_extraction():
    assert marked_in_source() == set(MESSAGES.values())


def test_po_file_holds_exactly_the_source_messages(po):
    """A message added, changed or removed in messages.py without ``make messages`` fails."""
    assert [e.msgid for e in po if e.obsolete] == []
    assert {entry_key(e) for e in po} == set(MESSAGES.values()) | marked_in_source(TEXT_MARKERS)


def test_every_entry_is_translated_and_none_is_fuzzy(po):
    assert [e.msgid for e in po if not e.translated()] == []
    assert [e.msgid for e in po if "fuzzy" in e.flags] == []
    assert po.percent_translated() == 100


def test_fields_survive_translation(po):
    """Every ``{field}`` and ``{field:call}``-style vocabulary field is kept as it is."""
    assert [e.msgid for e in po if fields(e.msgid) != fields(e.msgstr)] == []


def test_english_typography(po):
    """German quotation marks do not belong in English text."""
    assert [e.msgstr for e in po if "„" in e.msgstr] == []


def test_schwarz_is_split_into_level_and_absage(po):
    assert po.find("schwarz", msgctxt="level").msgstr == "schwarz (no trick)"
    assert po.find("schwarz", msgctxt="Absage").msgstr == "schwarz"
    assert [e for e in po if e.msgid == "schwarz" and not e.msgctxt] == []


def test_committed_mo_file_matches_the_po_file(po, tmp_path):
    """A stale .mo (rules.po edited without ``make messages``) fails here."""
    assert MO_PATH.exists(), "run: make messages (or msgfmt -o rules.mo rules.po)"
    fresh = tmp_path / "rules.mo"
    po.save_as_mofile(str(fresh))
    committed = {entry_key(e): e.msgstr for e in polib.mofile(str(MO_PATH))}
    compiled = {entry_key(e): e.msgstr for e in polib.mofile(str(fresh))}
    assert committed == compiled


def test_engine_reads_the_compiled_catalogue(po):
    english = catalogue("en")
    for entry in po:
        if entry.msgid_plural:
            for count, index in ((1, 0), (2, 1)):
                translated = english.ngettext(entry.msgid, entry.msgid_plural, count)
                assert translated == entry.msgstr_plural[index]
        elif entry.msgctxt:
            assert english.pgettext(entry.msgctxt, entry.msgid) == entry.msgstr
        else:
            assert english.gettext(entry.msgid) == entry.msgstr
    german = catalogue("de")
    assert german.gettext("Gegen") == "Gegen"


def test_django_catalogue_does_not_collect_the_engine_messages():
    """The engine's markers are not Django's keywords and makemessages ignores rules/hausregeln."""
    assert "rules/hausregeln/" not in DJANGO_PO.read_text(encoding="utf-8")

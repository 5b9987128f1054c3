"""The house rules' page texts (the course of the evening, the rules page's heading and note)
read English from the engine's own catalogue (domain ``rules``), plurals included, and the
Makefile's extraction for that catalogue collects every one of them: Django's ``makemessages``
skips ``rules/hausregeln``, so the project's catalogue may drop them without harm."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import polib
import pytest

import rules
from rules.base import PLACEMENT_LINE
from rules.text import Text

ROOT = Path(__file__).resolve().parents[2]
HOUSE = rules.get("hausregeln")


def _own_texts(rounds: int, cycles: int) -> list[Text]:
    """Every text the house rules write themselves for the rules page (the placement line is
    the interface's, shared by every ruleset, and stays in the project's catalogue)."""
    texts = [text for line in HOUSE.course(rounds, cycles) for text in line]
    texts = [text for text in texts if text != PLACEMENT_LINE]
    own = HOUSE.rules_texts()
    return [*texts, own.heading, own.values_note]


def _english(text: Text) -> str:
    if text.plural:
        return HOUSE.ntext(text.german, text.plural, text.count, "en")
    return HOUSE.text(text.german, "en")


@pytest.mark.parametrize(("rounds", "cycles"), [(1, 1), (2, 4), (3, 2)])
def test_every_course_line_reads_english_from_the_engines_catalogue(rounds, cycles):
    for text in _own_texts(rounds, cycles):
        english = _english(text)
        assert english and english != (text.plural if text.count != 1 else text.german), text
        if text.params:
            assert str(text.params.get("n", text.params.get("c"))) in text.fill(english)


def test_the_plural_is_chosen_by_the_count():
    (rounds, deals), *_ = HOUSE.course(1, 1)
    assert rounds.fill(_english(rounds)) == "1 round"
    assert deals.fill(_english(deals)).startswith("1 cycle each")
    (rounds, deals), *_ = HOUSE.course(3, 4)
    assert rounds.fill(_english(rounds)) == "3 rounds"
    assert deals.fill(_english(deals)).startswith("4 cycles each")
    # German is the text itself.
    assert HOUSE.ntext(rounds.german, rounds.plural, 3, "de") == "%(n)s Durchgänge"


def test_the_committed_catalogue_holds_every_text_translated():
    catalogue = polib.pofile(str(ROOT / "rules/hausregeln/locale/en/LC_MESSAGES/rules.po"))
    entries = {entry.msgid: entry for entry in catalogue}
    for text in _own_texts(2, 4):
        entry = entries[text.german]
        assert entry.translated(), text.german
        assert (entry.msgid_plural or "") == text.plural
    assert not catalogue.untranslated_entries()
    assert not catalogue.fuzzy_entries()


def test_the_makefiles_extraction_collects_every_text(tmp_path):
    """The xgettext call of ``make messages`` (its keywords read from the Makefile) finds each
    text, so a run of ``make messages`` keeps their English."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    call = re.search(r"^\s*xgettext (.*)$", makefile, re.M)
    assert call, "the Makefile's messages target calls xgettext"
    keywords = [arg for arg in shlex.split(call.group(1)) if arg.startswith("--keyword")]
    pot = tmp_path / "rules.pot"
    sources = sorted(str(path) for path in (ROOT / "rules/hausregeln").glob("*.py"))
    subprocess.run(
        ["xgettext", "--language=Python", "--from-code=UTF-8", *keywords, f"-o{pot}", *sources],
        check=True,
        capture_output=True,
    )
    extracted = {(entry.msgid, entry.msgid_plural) for entry in polib.pofile(str(pot))}
    for text in _own_texts(2, 4):
        assert (text.german, text.plural) in extracted, text.german

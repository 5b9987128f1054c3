"""``score_game --ruleset``: the house rules by default, byte for byte what the command printed
before rulesets (the engine's JSON of the same records and options); clear errors otherwise."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.hausregeln import ScoringOptions, score_document
from rules.hausregeln.jsonio import dumps
from tests.conftest import example_records
from tests.rules.test_worked_examples import EXAMPLES

FLAG_SETS = [
    ((), ScoringOptions()),
    (("--deck", "48"), ScoringOptions(deck=48)),
    (
        ("--pre-lead-counts", "--ddv-absage-bonus"),
        ScoringOptions(pre_lead_counts=True, ddv_absage_bonus=True),
    ),
]


def documents() -> list[str]:
    texts = [json.dumps(row[1]) for row in EXAMPLES]
    texts += [json.dumps(example_records(4)), json.dumps(example_records(5))]
    texts.append('[{"kind": "normal", "re": [1, 1], "augen_re": 130}, {"kind": "x"}]')
    return texts


def run(monkeypatch, capsys, text: str, *flags: str) -> tuple[str, int]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = 0
    try:
        call_command("score_game", "-", *flags)
    except SystemExit as exit_:
        code = exit_.code
    return capsys.readouterr().out, code


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(("flags", "options"), FLAG_SETS)
def test_default_and_hausregeln_print_what_the_engine_printed_before(
    monkeypatch, capsys, flags, options, lang
):
    for text in documents():
        before, refused = score_document(text, options, lang)
        expected = dumps(before) + "\n"
        default, code = run(monkeypatch, capsys, text, *flags, "--lang", lang)
        named, named_code = run(
            monkeypatch, capsys, text, "--ruleset", "hausregeln", *flags, "--lang", lang
        )
        assert default == expected
        assert named == expected
        assert code == named_code == (1 if refused else 0)


def test_options_by_name_equal_the_flags(monkeypatch, capsys):
    text = json.dumps(example_records(4))
    flags, _code = run(monkeypatch, capsys, text, "--deck", "48", "--pre-lead-counts")
    named, _code = run(
        monkeypatch, capsys, text, "--option", "deck=48", "--option", "pre_lead_counts=true"
    )
    assert named == flags


def test_an_unknown_ruleset_is_refused_with_the_known_keys(monkeypatch, capsys):
    with pytest.raises(CommandError, match="unknown ruleset 'skat'; known: hausregeln"):
        run(monkeypatch, capsys, "{}", "--ruleset", "skat")


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("colour=red", "hausregeln has no option 'colour'"),
        ("deck=52", "deck: '52' is not one of 40, 48"),
        ("deck", "write an option as NAME=VALUE"),
    ],
)
def test_a_wrong_option_is_refused_with_what_is_wrong(monkeypatch, capsys, option, message):
    with pytest.raises(CommandError, match=message):
        run(monkeypatch, capsys, "{}", "--option", option)

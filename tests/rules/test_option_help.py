"""Every ruleset's options as the settings form renders them: German labels, help and choices
with an English translation from the ruleset itself, and int options with bounds that the
command line's ``--option`` keeps as well."""

from __future__ import annotations

import pytest

import rules
from rules.options import OptionSpec


@pytest.mark.parametrize("key", rules.known_keys())
def test_every_option_text_reads_english(key):
    ruleset = rules.get(key)
    assert ruleset.text(ruleset.label, "en")
    for spec in ruleset.option_specs():
        # a map's keys are the ruleset's own words (Sonderpunkte, solos), shown as they are
        choices = () if spec.kind == "map" else spec.choices
        texts = [spec.label, *(label for _value, label in choices if not label.isdigit())]
        texts += [text for text in (spec.help, spec.group) if text]
        for text in texts:
            assert ruleset.text(text, "en") != text, (key, text)
        assert spec.kind in ("bool", "choice", "int", "list", "map")
        if spec.kind in ("int", "map"):
            assert spec.minimum is not None and spec.maximum is not None
            defaults = spec.default.values() if spec.kind == "map" else [spec.default]
            assert all(spec.within(value) for value in defaults)


def test_an_int_option_is_parsed_within_its_bounds():
    spec = OptionSpec("start", "Startpunkte", "int", 20, minimum=10, maximum=50)
    assert spec.parse(" 30 ") == 30
    for text in ("9", "51", "zwanzig", ""):
        with pytest.raises(ValueError, match="whole number from 10 to 50"):
            spec.parse(text)
    ab = rules.get("20ab")
    assert ab.options_from_text(["start=12", "no_drop_out_at_or_below=11"])["start"] == 12
    with pytest.raises(ValueError):
        ab.options_from_text(["start=12", "no_drop_out_at_or_below=12"])


def test_the_ddv_round_option_explains_the_club_evening():
    spec = next(s for s in rules.get("ddv").option_specs() if s.name == "games_per_round")
    assert "Vereinsabend" in spec.help
    assert [value for value, _label in spec.choices] == [0, 20, 16, 12, 8]

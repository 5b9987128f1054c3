"""The house rules' entry forms under a club's options (CLUBRULES.md §3): the Spielart offers
exactly the kinds the options play, a Schmeißen line exists where Schmeißen is entered (with
the reasons the engine accepts); without options, and for DDV and count-down, nothing changes."""

from __future__ import annotations

import pytest

import rules
from rules.hausregeln import ScoringOptions

HOUSE = rules.get("hausregeln")
SEED_KINDS = ["normal", "hochzeit", "stilles_solo", "hochzeit_allein"]


def kinds(spec) -> list[str]:
    return [value for value, _label in spec.choices("kind")]


def test_the_default_options_offer_the_seeds_kinds_and_no_schmeissen_line():
    spec = HOUSE.entry_spec(4, "de", ScoringOptions())
    assert kinds(spec) == [*SEED_KINDS, "solo_buben", "solo_damen", "solo_trumpf"]
    assert spec.form("schmeissen") is None
    assert "solo_kreuz" not in spec.solo_kinds and "solo_damen" in spec.solo_kinds


def test_a_clubs_options_offer_exactly_its_solos_armut_and_schmeissen_reasons():
    options = ScoringOptions.from_dict(
        {
            "solo_kinds": ["solo_damen", "solo_kreuz", "solo_fleischlos"],
            "armut": True,
            "schmeissen": "redeal",
            "schmeissen_reasons": ["koenige", "neunen", "armut"],
            "bock": True,
        }
    )
    spec = HOUSE.entry_spec(4, "de", options)
    assert kinds(spec) == [*SEED_KINDS, "solo_damen", "solo_kreuz", "solo_fleischlos", "armut"]
    assert dict(spec.choices("kind"))["armut"] == "Armut"
    line = spec.form("schmeissen")
    assert line is not None and line.line and line.label == "Schmeißen"
    seat, reason = line.fields
    assert (seat.name, seat.kind, seat.record_path) == (
        "schmeissen_seat",
        "seat",
        "schmeissen.seat",
    )
    assert reason.record_path == "schmeissen.reason"
    # Neunen need 48 cards: the engine would refuse them, so they are not offered.
    assert [value for value, _label in reason.choices] == ["koenige", "armut"]
    assert set(spec.solo_kinds) == {
        "stilles_solo",
        "hochzeit_allein",
        "solo_damen",
        "solo_kreuz",
        "solo_fleischlos",
    }


def test_an_armut_nobody_takes_is_no_reason_when_it_is_played_as_a_normal_game():
    options = ScoringOptions.from_dict(
        {
            "armut": True,
            "armut_untaken": "normal",
            "schmeissen": "game",
            "deck": 48,
            "schmeissen_reasons": ["neunen", "armut"],
        }
    )
    line = HOUSE.entry_spec(5, "en", options).form("schmeissen")
    assert [value for value, _label in line.fields[1].choices] == ["neunen"]
    assert line.fields[0].label == "Thrown in by"


@pytest.mark.parametrize("key", ["hausregeln", "ddv", "24", "zwanzig", "20ab"])
def test_without_options_every_ruleset_offers_what_it_did(key):
    ruleset = rules.get(key)
    assert ruleset.entry_spec(4, "de", None) == ruleset.entry_spec(4, "de")
    if key != "hausregeln":
        options = ruleset.options({})
        assert ruleset.entry_spec(4, "de", options) == ruleset.entry_spec(4, "de")

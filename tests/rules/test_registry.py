"""The ruleset registry and the house rules behind the interface (rules.base)."""

from __future__ import annotations

import pytest

import rules
from rules.base import OptionSpec, Ruleset
from rules.entry import EntrySpec
from rules.hausregeln import ScoringOptions, dealer, max_games, score_game, score_sheet
from rules.rows import GAME, RowResult, SheetResult
from tests.conftest import example_records


def test_the_default_ruleset_is_the_house_rules() -> None:
    ruleset = rules.get(rules.DEFAULT_KEY)
    assert isinstance(ruleset, Ruleset)
    assert ruleset.key == "hausregeln"
    assert rules.known_keys()[0] == "hausregeln"


def test_an_unknown_key_names_the_known_ones() -> None:
    with pytest.raises(rules.UnknownRuleset) as raised:
        rules.get("skat")
    assert "skat" in str(raised.value)
    assert "hausregeln" in str(raised.value)


def test_house_rules_answer_what_the_engine_answers() -> None:
    house = rules.get("hausregeln")
    assert house.table_sizes == (4, 5)
    assert house.list_keeper_seat(4) == house.list_keeper_seat(5) == 1
    for size in (4, 5):
        assert house.sheet_length(size, 4) == max_games(size, 4)
        for row in range(1, 21):
            assert house.dealer(row, size, ()) == dealer(row, size)
    assert house.sitter(3, 4) is None
    assert house.sitter(3, 5) == 3


def test_house_rules_options_round_trip_with_defaults() -> None:
    house = rules.get("hausregeln")
    assert house.options({}) == ScoringOptions()
    options = house.options({"deck": 48, "ddv_absage_bonus": True})
    assert options == ScoringOptions(deck=48, ddv_absage_bonus=True)
    assert house.options(house.options_json(options)) == options
    names = [spec.name for spec in house.option_specs()]
    assert names[:6] == [
        "deck",
        "tie_120",
        "klaerungsstich_max",
        "ansagen",
        "pre_lead_counts",
        "ddv_absage_bonus",
    ]
    assert set(names) == set(ScoringOptions.model_fields)
    with pytest.raises(ValueError, match="colour"):
        house.options({"colour": "red"})


def test_house_rules_score_a_row_like_the_engine() -> None:
    house = rules.get("hausregeln")
    record = {"kind": "normal", "re": [1, 2], "augen_re": 130}
    row, game = house.score_row(record, house.options()), score_game(record)
    assert isinstance(row, RowResult) and row.kind == GAME
    assert row.points == game.points and row.plus == game.plus and row.value == game.value
    assert row.breakdown == tuple((item.key, item.points) for item in game.breakdown)
    assert (row.game_type, row.method, row.winner) == ("normal", "calculator", "re")
    # the live result of a row leaves out the multiplier the command adds (CLUBRULES.md §8)
    assert row.to_json(house.breakdown_label) | {"bock": 1} == game.to_json()


def test_option_spec_parses_command_line_values() -> None:
    deck, _tie, _klaerung, _ansagen, pre_lead, *_club = rules.get("hausregeln").option_specs()
    assert deck.parse("48") == 48
    assert pre_lead.parse("true") is True
    assert pre_lead.parse("nein") is False
    with pytest.raises(ValueError, match="40, 48"):
        deck.parse("52")
    with pytest.raises(ValueError, match="yes/no"):
        pre_lead.parse("maybe")


def test_a_registered_ruleset_is_found_and_removed() -> None:
    class Toy(Ruleset):
        key = "toy"
        label = "Toy"
        table_sizes = (3,)

        def option_specs(self) -> tuple[OptionSpec, ...]:
            return ()

        def options(self, data=None):
            return dict(data or {})

        def options_json(self, options):
            return dict(options)

        def describe_options(self, options, lang="de"):
            return []

        def sheet_length(self, table_size, cycles, options=None):
            return 3

        def dealer(self, row, table_size, rows_before=(), options=None):
            return len(rows_before) % table_size + 1

        def score_row(self, row, options, lang="de"):
            return row

        def score_sheet(self, rows, table_size, cycles, options, lang="de", *, time_up_after=None):
            return rows

        def row_kind(self, row):
            return GAME

        def row_label(self, number, row, rows_before, lang="de"):
            return f"Runde {number}"

        def entry_spec(self, table_size, lang="de"):
            return EntrySpec(table_size, ())

        def score_document(self, text, options, lang="de"):
            return text, False

    rules.register(Toy())
    try:
        assert rules.get("toy").dealer(2, 3, [{}, {}]) == 3
        assert "toy" in rules.known_keys()
        with pytest.raises(ValueError):
            rules.register(Toy())
    finally:
        rules.unregister("toy")
    with pytest.raises(rules.UnknownRuleset):
        rules.get("toy")


def test_every_example_sheet_scores_the_same_through_the_interface() -> None:
    house = rules.get("hausregeln")
    for size in house.table_sizes:
        records = example_records(size)
        assert records
        through = house.score_sheet(records, size, 4, house.options())
        direct = score_sheet(records, table_size=size, cycles=4)
        assert isinstance(through, SheetResult)
        assert [(r.number, r.dealer, r.points, r.totals, r.counted) for r in through.rows] == [
            (g.game, g.dealer, g.result.points, g.totals, g.counted) for g in direct.games
        ]
        assert [r.label for r in through.rows][:2] == ["Spiel 1", "Spiel 2"]
        assert through.totals == direct.totals and through.ok and through.complete

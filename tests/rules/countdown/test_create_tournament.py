"""A count-down tournament through the existing generic code: ``create_tournament --ruleset``
with the game's options, stored complete, read back by the tournament."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from rules.countdown import CountdownOptions
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def made(*args: str) -> Tournament:
    out = io.StringIO()
    call_command("create_tournament", *args, name="Zählabend", date="2026-11-27", stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def test_create_tournament_plays_24_with_variant_a() -> None:
    tournament = made("--ruleset", "24", "--option", "trumpfwechsel=true")
    assert tournament.ruleset == "24"
    assert tournament.rules.key == "24"
    assert tournament.scoring_options == CountdownOptions(
        "24", trumpfwechsel=True, eigentrumpf=False
    )
    assert tournament.sheet_length(4) == 4 * tournament.cycles
    assert tournament.sheet_length(3) == 3 * tournament.cycles


def test_create_tournament_plays_20ab_and_zwanzig() -> None:
    ab = made("--ruleset", "20ab", "--option", "start=15", "--option", "tie=share")
    assert ab.scoring_options == CountdownOptions("20ab", start=15, tie="share")
    assert made("--ruleset", "zwanzig").scoring_options == CountdownOptions("zwanzig")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--ruleset", "zwanzig", "--option", "tie=share"), "zwanzig has no option 'tie'"),
        (("--ruleset", "24", "--option", "aussteigen=vielleicht"), "not a yes/no value"),
        (
            ("--ruleset", "20ab", "--option", "start=12", "--option", "no_drop_out_at_or_below=12"),
            "no_drop_out_at_or_below",
        ),
    ],
)
def test_create_tournament_refuses_bad_countdown_options(args, message) -> None:
    with pytest.raises(CommandError, match=message):
        made(*args)


def test_a_countdown_tournament_plays_six_cycles_unless_told_otherwise() -> None:
    assert made("--ruleset", "24").cycles == 6
    assert made("--ruleset", "zwanzig", "--cycles", "3").cycles == 3
    assert made().cycles == 4  # the house rules keep their 4
    assert made("--ruleset", "ddv").cycles == 4

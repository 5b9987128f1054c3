"""A DDV tournament from the command line: ``create_tournament --ruleset ddv --option …``
through the generic code, and what the tournament then asks of its ruleset."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from rules.ddv.options import DdvOptions
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def made(*args: str) -> Tournament:
    out = io.StringIO()
    call_command("create_tournament", *args, name="DDV", date="2026-03-01", stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def test_create_tournament_plays_ddv_with_the_tsr_defaults():
    tournament = made("--ruleset", "ddv")
    assert tournament.ruleset == "ddv"
    assert tournament.ruleset_options == {"games_per_round": 0, "absage_implies_ansage": False}
    assert tournament.scoring_options == DdvOptions()
    assert tournament.sheet_length(4) == 24
    assert tournament.sheet_length(5) == 30
    assert tournament.rules.list_keeper_seat(4) == 4
    assert tournament.rules.list_keeper_seat(5) == 5


def test_create_tournament_takes_ddvs_options():
    tournament = made(
        "--ruleset", "ddv", "--option", "games_per_round=16", "--option", "absage_implies_ansage=ja"
    )
    assert tournament.ruleset_options == {"games_per_round": 16, "absage_implies_ansage": True}
    assert tournament.scoring_options == DdvOptions(16, True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--option", "deck=48"), "ddv has no option 'deck'"),
        (("--deck", "48"), "ddv has no option 'deck'"),
        (("--option", "games_per_round=7"), "games_per_round: '7' is not one of 0, 20, 16, 12, 8"),
    ],
)
def test_create_tournament_refuses_what_ddv_does_not_have(args, message):
    with pytest.raises(CommandError, match=message):
        made("--ruleset", "ddv", *args)
    assert not Tournament.objects.exists()

"""Migration 0014: every tournament keeps playing the house rules with the options it had."""

from __future__ import annotations

import datetime

import pytest

from tests.tournament.test_public_id_migration import latest_migrations, migrate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0013_club_invitation")]
AFTER = [("tournament", "0014_tournament_ruleset")]


def test_existing_tournaments_play_hausregeln_with_their_options():
    old = migrate(BEFORE)
    Tournament = old.get_model("tournament", "Tournament")
    Tournament.objects.create(
        name="Alt",
        slug="alt-regeln",
        date=datetime.date(2024, 5, 1),
        deck=48,
        ddv_absage_bonus=True,
    )
    Tournament.objects.create(name="Neu", slug="neu-regeln", date=datetime.date(2024, 5, 2))
    try:
        new = migrate(AFTER)
        rows = dict(
            new.get_model("tournament", "Tournament")
            .objects.filter(slug__endswith="-regeln")
            .values_list("slug", "ruleset_options")
        )
        keys = set(
            new.get_model("tournament", "Tournament")
            .objects.filter(slug__endswith="-regeln")
            .values_list("ruleset", flat=True)
        )
        assert keys == {"hausregeln"}
        assert rows == {
            "alt-regeln": {"deck": 48, "pre_lead_counts": False, "ddv_absage_bonus": True},
            "neu-regeln": {"deck": 40, "pre_lead_counts": False, "ddv_absage_bonus": False},
        }
        back = migrate(BEFORE)
        deck, bonus = (
            back.get_model("tournament", "Tournament")
            .objects.filter(slug="alt-regeln")
            .values_list("deck", "ddv_absage_bonus")
            .get()
        )
        assert (deck, bonus) == (48, True)
    finally:
        latest = migrate(latest_migrations())
        latest.get_model("tournament", "Tournament").objects.filter(
            slug__endswith="-regeln"
        ).delete()

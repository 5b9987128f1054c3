"""Migration 0005: participants that existed before get a public id each, all different."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0004_access_for_existing_tournaments")]
AFTER = [("tournament", "0005_participant_public_id")]


def latest_migrations():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_participants_get_distinct_random_public_ids():
    old = migrate(BEFORE)
    tournament = old.get_model("tournament", "Tournament").objects.create(
        name="Alt", slug="alt-2024", date=datetime.date(2024, 5, 1)
    )
    Participant = old.get_model("tournament", "Participant")
    Participant.objects.bulk_create(
        [Participant(tournament=tournament, name=f"Spieler {i}") for i in range(60)]
    )
    try:
        new = migrate(AFTER)
        ids = list(new.get_model("tournament", "Participant").objects.values_list("public_id"))
        ids = [public_id for (public_id,) in ids]
        assert len(ids) == 60 and len(set(ids)) == 60
        assert all(len(public_id) == 12 and not public_id.isdigit() for public_id in ids)
    finally:
        # Later tests need the test database at the latest state.
        latest = migrate(latest_migrations())
        latest.get_model("tournament", "Tournament").objects.filter(slug="alt-2024").delete()

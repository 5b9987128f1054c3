"""The public stamp in the shared cache (issue 26): a poll with a current ETag is a 304 without a
database query, and the stamp is never stale — not after a confirmation, a release, a switch, not
on a second app server (another client of the same cache), not when the cache lost it; without a
shared cache the stamp comes from the database as before."""

from __future__ import annotations

import os

import pytest
from django.core.cache.backends.dummy import DummyCache
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.urls import reverse

from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from tests.conftest import example_records
from tournament.events.services import update_tournament
from tournament.polling import stamp as stamp_module

pytestmark = pytest.mark.django_db

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def sheet_of(tournament, table: int) -> Sheet:
    return Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=table)


def confirm(tournament, table: int, user) -> None:
    sheet = sheet_of(tournament, table)
    submit_sheet(
        sheet,
        example_records(sheet.table.size),
        expected_revision=sheet.revision,
        user=user,
        final=True,
        confirm=True,
    )


def standings_url(tournament) -> str:
    return reverse("public:standings", args=[tournament.slug])


def api_url(tournament) -> str:
    return reverse("api:standings", args=[tournament.slug])


def test_after_a_confirmation_the_new_etag_is_again_a_304_without_a_query(
    client, evening, organiser, django_assert_num_queries
):
    url = standings_url(evening)
    before = client.get(url).headers["ETag"]
    confirm(evening, 1, organiser)
    after = client.get(url, HTTP_IF_NONE_MATCH=before)
    assert after.status_code == 200 and after.headers["ETag"] != before
    with django_assert_num_queries(0):
        again = client.get(url, HTTP_IF_NONE_MATCH=after.headers["ETag"])
    assert again.status_code == 304


def test_the_stamp_is_renewed_again_when_the_change_commits(
    evening, organiser, django_capture_on_commit_callbacks
):
    """The first renewal happens inside the change's transaction, where a page may still read
    the data from before; the one after the commit is newer than every such page."""
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        confirm(evening, 1, organiser)
    inside = stamp_module.shared_stamp(evening.slug)
    assert inside is not None and callbacks
    for callback in callbacks:
        callback()
    assert stamp_module.shared_stamp(evening.slug).version != inside.version


def test_a_draft_leaves_the_stamp_and_a_switch_renews_it(evening, organiser):
    made = stamp_module.make_stamp(evening.slug)
    sheet = sheet_of(evening, 2)
    draft = example_records(sheet.table.size)[:2]
    submit_sheet(sheet, draft, expected_revision=0, source="captain")
    assert stamp_module.shared_stamp(evening.slug) == made
    update_tournament(evening, user=organiser, public_standings=False)
    assert stamp_module.shared_stamp(evening.slug).version != made.version


def test_a_renamed_tournament_renews_the_stamp_of_its_old_address(evening):
    old = evening.slug
    made = stamp_module.make_stamp(old)
    evening.slug = "neuer-name"
    evening.save()
    assert stamp_module.shared_stamp(old).version != made.version


def test_a_made_up_address_leaves_nothing_in_the_cache(client, evening):
    assert client.get(reverse("public:standings", args=["gibt-es-nicht"])).status_code == 404
    assert client.get(reverse("api:standings", args=["gibt-es-nicht"])).status_code == 404
    assert stamp_module.shared_stamp("gibt-es-nicht") is None


def test_a_lost_stamp_is_made_anew_and_the_old_etag_is_not_current(client, evening):
    url = api_url(evening)
    first = client.get(url)
    stamp_module.cache.delete(stamp_module.KEY.format(slug=evening.slug))
    again = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert again.status_code == 200 and again.headers["ETag"] != first.headers["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=again.headers["ETag"]).status_code == 304


@pytest.mark.parametrize("url_of", [standings_url, api_url])
def test_without_a_shared_cache_the_stamp_comes_from_the_database(
    client, evening, organiser, monkeypatch, django_assert_num_queries, url_of
):
    monkeypatch.setattr(stamp_module, "cache", DummyCache("none", {}))  # keeps nothing
    url = url_of(evening)
    etag = client.get(url).headers["ETag"]
    # Whether the tournament exists (before a stamp is made), the tournament, its last change.
    with django_assert_num_queries(3):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    confirm(evening, 1, organiser)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def two_servers_agree(client, evening, organiser, monkeypatch, server_a, server_b) -> None:
    """A phone polls through server A; the organiser confirms through server B: A's next answer
    is the new standings with B's stamp, and then a 304 on both servers."""
    server_a.clear()
    url = standings_url(evening)
    monkeypatch.setattr(stamp_module, "cache", server_a)
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"]).status_code == 304
    monkeypatch.setattr(stamp_module, "cache", server_b)
    assert client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"]).status_code == 304
    confirm(evening, 1, organiser)
    monkeypatch.setattr(stamp_module, "cache", server_a)
    after = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert after.status_code == 200
    assert stamp_module.shared_stamp(evening.slug) is not None
    monkeypatch.setattr(stamp_module, "cache", server_b)
    assert client.get(url, HTTP_IF_NONE_MATCH=after.headers["ETag"]).status_code == 304
    server_a.clear()


def test_two_servers_on_one_redis_agree_on_the_stamp(client, evening, organiser, monkeypatch):
    redis = pytest.importorskip("redis", reason="the redis package is not installed")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError as error:
        pytest.skip(f"no Redis at {REDIS_URL} ({error}): set TEST_REDIS_URL to test it")
    from tournament.cache.redis import DataOnlyRedisCache

    params = {"KEY_PREFIX": "doko-stamp-test"}
    server_a = DataOnlyRedisCache(REDIS_URL, params)
    server_b = DataOnlyRedisCache(REDIS_URL, params)
    two_servers_agree(client, evening, organiser, monkeypatch, server_a, server_b)


def test_two_servers_on_one_cache_table_agree_on_the_stamp(client, evening, organiser, monkeypatch):
    from tournament.cache.backends import DataOnlyDatabaseCache

    table = "doko_stamp_test_cache"
    setting = {"BACKEND": "tournament.cache.backends.DataOnlyDatabaseCache", "LOCATION": table}
    with override_settings(CACHES={"default": setting}):
        call_command("createcachetable", verbosity=0)
    server_a, server_b = DataOnlyDatabaseCache(table, {}), DataOnlyDatabaseCache(table, {})
    try:
        two_servers_agree(client, evening, organiser, monkeypatch, server_a, server_b)
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE {connection.ops.quote_name(table)}")

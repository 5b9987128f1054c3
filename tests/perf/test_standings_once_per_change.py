"""The public standings are computed once per public change, never per request (issue 26): every
full answer of the page, the projector and the JSON API after the first reads them from the
cache under the tournament's stamp — also after the public cache time has passed — until a
confirmation renews the stamp; then the first request computes them once more."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from django.core.cache.backends import locmem
from django.test import Client
from django.urls import reverse

from demo.records import sheet_records
from scoring.models import Sheet
from scoring.sheets.services import submit_sheet

from .conftest import SMALL, count_queries

pytestmark = pytest.mark.django_db


def computes(counted) -> bool:
    """Whether the request added up score lines (computed the standings)."""
    return any("scoring_scoreline" in sql for sql in counted.sql)


def test_the_standings_are_computed_once_per_confirmation(generate, organiser, settings):
    settings.PUBLIC_CACHE_SECONDS = 5
    tournament = generate(SMALL, open_round=True)
    slug = tournament.slug
    urls = [
        reverse("public:standings", args=[slug]),
        reverse("public:standings", args=[slug]) + "?sort=name",
        reverse("public:projector", args=[slug]) + "?show=standings",
        reverse("api:standings", args=[slug]),
    ]
    client = Client()
    first = [computes(count_queries(client, "get", url)) for url in urls]
    assert first == [True, False, False, False]  # the page, then the cache

    # Later than the public cache time, nothing changed: still from the cache.
    later = locmem.time.time() + 60
    with mock.patch.object(locmem.time, "time", return_value=later):
        assert not any(computes(count_queries(client, "get", url)) for url in urls)

    sheet = Sheet.objects.select_related("table").get(
        round__tournament=tournament, round__number=3, table__number=1
    )
    submit_sheet(
        sheet,
        sheet_records(4, 16, random.Random(16)),
        expected_revision=sheet.revision,
        user=organiser,
        final=True,
        confirm=True,
    )
    after = [computes(count_queries(client, "get", url)) for url in urls]
    assert after == [True, False, False, False]  # once for the confirmation
    page = client.get(urls[0])
    assert page.status_code == 200

"""Property-based fuzzing: no input to the sheet entry view or the record parser is a 500."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.hausregeln import RecordError, score_game
from rules.hausregeln.keys import KNOWN_FIELDS
from scoring.models import Game, SheetVersion
from tests.examples import examples

pytestmark = pytest.mark.django_db

FIELDS = ["kind", "winners", "value", "soloist", "offender", "record", "p1", "p2", "p3", "p4", "p5"]
TEXT = st.one_of(
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "14",
            "23",
            "134",
            "2",
            "-3",
            "31",
            "normal",
            "solo_damen",
            "x",
            "²",
            "١٤",
            "9" * 40,
            "{}",
            "[]",
            "null",
        ]
    ),
    st.text(max_size=30),
    st.integers(-1000, 1000).map(str),
)
JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-300, 300),
        st.floats(allow_nan=False),
        st.text(max_size=12),
    ),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)
RECORD_KEYS = sorted(KNOWN_FIELDS)
RECORDS = st.dictionaries(st.sampled_from(RECORD_KEYS), JSON_VALUES, max_size=8)

FUZZ = settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(
    fields=st.dictionaries(
        st.builds(lambda n, f: f"g{n}-{f}", st.integers(-1, 22), st.sampled_from(FIELDS)),
        TEXT,
        max_size=12,
    ),
    revision=st.one_of(st.none(), st.sampled_from(["0", "1", "x", "-1", "99999999999"])),
    action=st.sampled_from(["save", "submit", "confirm", "none"]),
    table=st.sampled_from([1, 3]),
)
def test_sheet_entry_view_never_fails(organiser_client, evening, fields, revision, action, table):
    data = dict(fields)
    if revision is not None:
        data["revision"] = revision
    if action != "none":
        data[action] = "1"
    url = reverse("scoring:sheet", args=[evening.slug, 1, table])
    versions = SheetVersion.objects.count()
    response = organiser_client.post(url, data)
    assert response.status_code in {200, 302, 400, 409}
    if response.status_code != 302:
        assert SheetVersion.objects.count() == versions
    preview = organiser_client.post(url + "vorschau/", data)
    assert preview.status_code == 200
    assert "rows" in preview.json()


@FUZZ
@given(record=RECORDS)
def test_captain_calculator_endpoint_never_fails(evening, record):
    from tournament.models import Table

    token = Table.objects.get(round__tournament=evening, number=1).entry_token
    response = Client().post(
        reverse("captain:score", args=[token]), json.dumps(record), content_type="application/json"
    )
    assert response.status_code in {200, 400}
    body = response.json()
    assert "error" in body or "points" in body


@settings(max_examples=examples(1500), deadline=None)
@given(record=st.one_of(RECORDS, JSON_VALUES))
def test_record_parser_refuses_or_scores_every_json_value(record):
    try:
        result = score_game(record)
    except RecordError as error:
        assert error.message("de") and error.message("en")
    else:
        assert sum(result.points.values()) == 0


def test_valid_sheet_still_saves_after_fuzzing(organiser_client, evening):
    url = reverse("scoring:sheet", args=[evening.slug, 1, 1])
    organiser_client.post(
        url,
        {"revision": "0", "save": "1", "g1-winners": "14", "g1-value": "2", "g1-kind": "normal"},
    )
    assert Game.objects.count() == 1

"""What the sheet page says about a wrong row: the captain's words, never a record's field path,
and what to do."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

FIELD_PATH = re.compile(r"[a-z_]+\[\d+\]|revoke\.|augen_re|statements|winners|offender")

BAD_ROWS = {
    "seat sitting out among the winners": {"g1-winners": "12", "g1-value": "2"},
    "seat that does not exist": {"g1-winners": "29", "g1-value": "2"},
    "one winner in a normal game": {"g1-winners": "2", "g1-value": "2"},
    "no value": {"g1-winners": "23", "g1-value": ""},
    "points not adding up": {"g1-p2": "3", "g1-p3": "-2"},
    "solo without soloist": {"g1-winners": "23", "g1-value": "2", "g1-kind": "solo_damen"},
    "empty row before a filled one": {"g2-winners": "34", "g2-value": "2"},
    "calculator Augen out of range": {
        "g1-record": '{"kind": "normal", "re": [2, 3], "augen_re": 300}'
    },
    "revoke by the seat sitting out": {"g1-offender": "1"},
}


@pytest.mark.parametrize("case", BAD_ROWS)
def test_a_refused_row_speaks_the_captains_language(organiser_client, evening, case):
    url = reverse("scoring:sheet_preview", args=[evening.slug, 1, 3])  # five players
    data = {"revision": "0", "g1-kind": "normal", "g2-kind": "normal", **BAD_ROWS[case]}
    answer = organiser_client.post(url, data).json()
    messages = [
        message
        for row in answer["rows"]
        for problems in row["problems"].values()
        for message in problems
    ]
    assert messages, case
    for message in messages:
        assert not FIELD_PATH.search(message), message
        assert "bitte" in message.lower(), message  # says what to do

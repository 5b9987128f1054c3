"""The sheet's repeated row parts (``scoring/templatetags/sheet_rows.py``): the same markup the
template loops made, escaped, the row's choice selected, the seat that sits out left out."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

import rules
from scoring.sheets.page import RowView, SeatColumn

SEATS = [
    SeatColumn(1, "Anna"),
    SeatColumn(2, "Bernd <b>"),
    SeatColumn(3, "Carla"),
    SeatColumn(4, "D"),
]
HOUSE = rules.get(rules.DEFAULT_KEY).entry_spec(4)


def render(source: str, **context) -> str:
    return Template("{% load sheet_rows %}" + source).render(Context(context))


def test_seat_choices_leave_out_the_seat_sitting_out_and_select_the_rows_choice():
    row = RowView(3, 3, "Carla", 3, {"soloist": "2"})
    html = render("{% extra_inputs entry row seats True %}", entry=HOUSE, row=row, seats=SEATS)
    assert (
        '<select name="g3-soloist" class="soloist"><option value="">aus den Siegern</option>'
        '<option value="1">1 Anna</option>'
        '<option value="2" selected>2 Bernd &lt;b&gt;</option>'
        '<option value="4">4 D</option></select>'
    ) in html


def test_seat_choices_select_nothing_for_an_empty_choice():
    row = RowView(1, 1, "Anna", None, {})
    html = render("{% extra_inputs entry row seats True %}", entry=HOUSE, row=row, seats=SEATS)
    assert "selected" not in html and '<option value="3">3 Carla</option>' in html


def test_kind_options_select_the_rows_kind_and_escape_labels():
    kinds = [("normal", "Normalspiel"), ("solo", "Solo & Co")]
    html = render("{% kind_options kinds 'solo' %}", kinds=kinds)
    assert html == (
        '<option value="normal">Normalspiel</option>'
        '<option value="solo" selected>Solo &amp; Co</option>'
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "Spiel 7: Wert|Spiel 7: Punkte Platz 3"),
        ("en", "Game 7: value|Game 7: points of seat 3"),
    ],
)
def test_field_labels_are_translated(language, expected):
    with translation.override(language):
        html = render("{% field_label 'value' 7 %}|{% points_label 7 3 %}")
    assert html == expected

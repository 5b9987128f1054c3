"""The sheet's repeated row parts (``scoring/templatetags/sheet_rows.py``): the same markup the
template loops made, escaped, the row's choice selected, the seat that sits out left out."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from scoring.sheets.page import SeatColumn

SEATS = [
    SeatColumn(1, "Anna"),
    SeatColumn(2, "Bernd <b>"),
    SeatColumn(3, "Carla"),
    SeatColumn(4, "D"),
]


def render(source: str, **context) -> str:
    return Template("{% load sheet_rows %}" + source).render(Context(context))


def test_seat_options_leave_out_the_seat_sitting_out_and_select_the_rows_choice():
    html = render("{% seat_options seats 3 '2' %}", seats=SEATS)
    assert html == (
        '<option value="1">1 Anna</option>'
        '<option value="2" selected>2 Bernd &lt;b&gt;</option>'
        '<option value="4">4 D</option>'
    )


def test_seat_options_select_nothing_for_an_empty_choice():
    assert "selected" not in render("{% seat_options seats None '' %}", seats=SEATS)


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

"""Table cards for every seated round: one card per table, two to a page, names that fit."""

from __future__ import annotations

import pytest
from django.urls import reverse
from reportlab.pdfbase.pdfmetrics import stringWidth

from output.printouts.pdf_base import SANS_BOLD, register_fonts
from output.printouts.pdf_table_cards import (
    NAME_SIZES,
    card_pages,
    fit_name,
    table_cards,
    table_cards_pdf,
)
from scoring.evening.rounds import draw_round
from tournament.models import Participant
from tournament.seating.reading import round_with_seating

from .conftest import pdf_text
from .test_pdf_margins import too_close
from .test_views import url, zip_members

pytestmark = pytest.mark.django_db

LONG_NAME = "Maximilian-Alexander Freiherr von Württemberg-Hohenzollern"


def test_one_card_per_table_two_to_a_page(evening, keep_output):
    round_ = round_with_seating(evening, 1)
    data = table_cards_pdf(round_)
    keep_output("tischkarten-durchgang-1.pdf", data)
    pages, texts = pdf_text(data)
    cards = table_cards(round_)
    assert [card.table for card in cards] == [1, 2, 3, 4]
    assert [card.size for card in cards] == [4, 4, 5, 5]
    assert pages == card_pages(4) == 2
    text = "\n".join(texts)
    assert text.count("Durchgang 1") == len(cards)
    for table in round_.tables.all():
        assert f"Tisch {table.number}" in text
        for seat in table.seats.all():
            assert seat.participant.name in text
    assert "Platz 5" in texts[1] and "Platz 5" not in texts[0]
    assert evening.name in texts[0]


def test_a_five_player_card_says_who_sits_out_first(evening):
    _pages, texts = pdf_text(table_cards_pdf(round_with_seating(evening, 1)))
    four, five = texts
    assert "setzt im 1. Spiel aus".upper() in five.upper()
    assert "Fünfertisch" in five and "Fünfertisch" not in four
    assert "LISTENFÜHRER" in four


def test_cards_for_a_later_round_and_a_draft_is_marked(played_round_one, organiser):
    draw_round(played_round_one, 2, seed=99, user=organiser)
    round_ = round_with_seating(played_round_one, 2)
    _pages, texts = pdf_text(table_cards_pdf(round_))
    assert "Durchgang 2 · Entwurf" in texts[0]
    assert "ENTWURF" in texts[0]


def test_a_name_of_55_and_more_characters_fits_on_one_line_without_cutting():
    register_fonts()
    assert len(LONG_NAME) >= 55
    width = 146 * 2.8346  # the name's room on a card
    size, lines = fit_name(LONG_NAME, SANS_BOLD, NAME_SIZES, width)
    assert lines == [LONG_NAME]
    assert stringWidth(LONG_NAME, SANS_BOLD, size) <= width


@pytest.mark.parametrize(
    "name",
    [
        "Anna-Katharina Beispiel-Musterfrau von und zu Hohenfels-Rabenstein am Main",
        "Wolfgangmaximilianalexanderfriedrichwilhelm" * 3,
        "Eva",
    ],
)
def test_names_never_overflow_and_are_never_broken_inside_a_word(name):
    register_fonts()
    width = 120 * 2.8346
    size, lines = fit_name(name, SANS_BOLD, NAME_SIZES, width)
    assert 1 <= len(lines) <= 2
    assert all(stringWidth(line, SANS_BOLD, size) <= width for line in lines)
    if not lines[0].endswith("…"):
        assert " ".join(lines) == name


def test_long_names_on_the_printed_card_keep_5_mm_from_the_edge(evening, keep_output):
    captain = round_with_seating(evening, 1).tables.get(number=3).seats.get(number=1)
    Participant.objects.filter(pk=captain.participant_id).update(name=LONG_NAME)
    evening.name = "Offene Vereinsmeisterschaft im Doppelkopf der Kreuz-Buben Köln 2026"
    evening.save()
    round_ = round_with_seating(evening, 1)
    data = table_cards_pdf(round_)
    keep_output("tischkarten-lange-namen.pdf", data)
    assert too_close(data) == []
    _pages, texts = pdf_text(data)
    assert LONG_NAME in texts[1]


def test_the_download_and_the_downloads_page(organiser_client, evening):
    response = organiser_client.get(url("table_cards_pdf", evening.slug, 1))
    assert response.status_code == 200
    assert "tischkarten-durchgang-1.pdf" in response["Content-Disposition"]
    pages, _texts = pdf_text(response.content)
    assert pages == 2
    page = organiser_client.get(url("downloads", evening.slug)).content.decode()
    assert url("table_cards_pdf", evening.slug, 1) in page


def test_an_unknown_or_unseated_round_is_refused(organiser_client, evening, make_tournament):
    assert organiser_client.get(url("table_cards_pdf", evening.slug, 7)).status_code == 404
    fresh = make_tournament("Frühjahrsturnier")
    response = organiser_client.get(url("table_cards_pdf", fresh.slug, 1))
    assert response.status_code == 404


def test_a_drawn_round_without_seats_is_refused_with_a_message(organiser_client, evening):
    from tournament.models import Round

    Round.objects.create(tournament=evening, number=2)
    response = organiser_client.get(url("table_cards_pdf", evening.slug, 2))
    assert response.status_code == 404
    assert "Durchgang 2 hat noch keine Sitzordnung" in response.content.decode()


def test_the_rounds_zip_holds_the_table_cards(organiser_client, complete_tournament):
    response = organiser_client.get(url("round_printouts", complete_tournament.slug, 2))
    members = zip_members(response.content)
    cards = f"{complete_tournament.slug}-tischkarten-durchgang-2.pdf"
    assert cards in members
    pages, texts = pdf_text(members[cards])
    tables = round_with_seating(complete_tournament, 2).tables.count()
    assert pages == card_pages(tables)
    assert "Durchgang 2" in texts[0]


def test_a_helper_may_print_table_cards():
    from tests.clubs.test_club_permissions import HELPER_ROUTES

    assert "exports:table_cards_pdf" in HELPER_ROUTES
    assert reverse("exports:table_cards_pdf", args=["x", 1]).endswith(
        "/druck/durchgang/1/tischkarten.pdf"
    )

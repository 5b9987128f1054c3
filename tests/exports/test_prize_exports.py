"""The prize list for the ceremony and the ledger for the treasurer: page, PDF (text read back
with pypdf), workbooks (read back with openpyxl)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from output.prizes.reading import prize_report
from tests.exports.conftest import pdf_text
from tournament.fees.money import euros
from tournament.fees.services import PrizeEntry, save_prizes, set_paid

pytestmark = pytest.mark.django_db


@pytest.fixture
def prize_evening(complete_tournament, organiser):
    """18 guests at 10 € each, 17 of them paid: pot 170 €, 90 % paid out = 153 €."""
    save_prizes(
        complete_tournament,
        member_fee_cents=800,
        guest_fee_cents=1000,
        payout_percent=90,
        one_per_table=False,
        lines=[
            PrizeEntry(basis_points=4000),  # 61,20 € → 61 €
            PrizeEntry(basis_points=3000),  # 45,90 € → 45 €
            PrizeEntry(amount_cents=2000, goods="Präsentkorb"),
            PrizeEntry(goods="Flasche Wein"),
        ],
        version=0,
        user=organiser,
    )
    for player in complete_tournament.participants.order_by("pk")[:17]:
        set_paid(player, True, user=organiser)
    return complete_tournament


def test_the_prize_list_follows_the_final_standings(prize_evening):
    report = prize_report(prize_evening)
    assert report.final
    assert report.prizes.pot_cents == 17000
    assert report.prizes.prize_money_cents == 15300
    assert report.prizes.paid_cents <= 15300
    places = [row for row in report.standings.rows if row.games_played]
    winner = min(places, key=lambda row: row.rank)
    first = report.prizes.awards[0]
    assert (first.participant_id, first.rank) == (winner.participant_id, 1)
    if first.shared_by == 1:
        assert first.cents == 6100


def test_the_prize_list_page_shows_the_awards_and_the_sums(prize_evening, organiser_client):
    page = organiser_client.get(reverse("prizes:list", args=[prize_evening.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    report = prize_report(prize_evening)
    for award in report.prizes.awards:
        assert award.name in text
    assert "Topf 170 € · Preisgeld 153 € (90 %)" in text
    assert euros(report.prizes.rest_cents) in text


def test_the_prize_list_pdf_names_every_winner_and_amount(
    prize_evening, organiser_client, keep_output
):
    response = organiser_client.get(reverse("prizes:list_pdf", args=[prize_evening.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    keep_output("preisliste.pdf", response.content)
    _pages, texts = pdf_text(response.content)
    text = " ".join(texts)
    assert "Preisliste" in text
    for award in prize_report(prize_evening).prizes.awards:
        assert award.name in text
        if award.cents:
            assert euros(award.cents) in text
    assert "Präsentkorb" in text
    assert "bleibt in der Kasse" in text


def test_the_prize_list_workbook_carries_the_standings(
    prize_evening, organiser_client, keep_output
):
    response = organiser_client.get(reverse("prizes:list_xlsx", args=[prize_evening.slug]))
    assert response.status_code == 200
    keep_output("preisliste.xlsx", response.content)
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Preisliste", "Summen", "Tabelle nach Durchgang 2"] or (
        book.sheetnames[:2] == ["Preisliste", "Summen"] and len(book.sheetnames) == 3
    )
    rows = list(book["Preisliste"].iter_rows(values_only=True))
    assert rows[0] == ("Platz", "Name", "Verein", "Preisgeld", "Sachpreis", "Hinweis")
    awards = prize_report(prize_evening).prizes.awards
    assert [row[1] for row in rows[1:]] == [award.name for award in awards]
    assert [row[3] for row in rows[1:]] == [award.cents / 100 or None for award in awards]
    assert book["Preisliste"]["D2"].number_format.startswith("#,##0.00")
    sums = dict(book["Summen"].iter_rows(min_row=2, values_only=True))
    assert sums["Topf (eingenommenes Startgeld)"] == 170
    assert sums["Preisgeld (90 % des Topfs)"] == 153


def test_the_ledger_balances_fees_in_and_prizes_out(prize_evening, organiser_client, keep_output):
    response = organiser_client.get(reverse("prizes:ledger_xlsx", args=[prize_evening.slug]))
    assert response.status_code == 200
    keep_output("kassenbericht.xlsx", response.content)
    rows = list(
        load_workbook(io.BytesIO(response.content))["Kassenbericht"].iter_rows(values_only=True)
    )
    fees = [row for row in rows if row[0] == "Startgeld"]
    assert len(fees) == 17 and all(row[3] == 10 for row in fees)
    paid = prize_report(prize_evening).prizes.paid_cents / 100
    assert rows[-2][:1] == ("Summe",) and rows[-2][3:] == (170, paid)
    assert rows[-1][0] == "Bestand" and rows[-1][3] == 170 - paid

    pdf = organiser_client.get(reverse("prizes:ledger_pdf", args=[prize_evening.slug]))
    assert pdf.status_code == 200
    keep_output("kassenbericht.pdf", pdf.content)
    _, texts = pdf_text(pdf.content)
    text = " ".join(texts)
    assert "Kassenbericht" in text and "Bestand" in text and "170 €" in text


def test_a_prize_list_before_the_end_is_marked_provisional(played_round_one, organiser_client):
    response = organiser_client.get(reverse("prizes:list_pdf", args=[played_round_one.slug]))
    _, texts = pdf_text(response.content)
    assert "Vorläufig" in " ".join(texts)


def test_a_helper_and_the_public_get_no_prize_list(prize_evening, client):
    url = reverse("prizes:list", args=[prize_evening.slug])
    assert client.get(url).status_code == 302  # to the login


def test_the_prize_list_page_stays_within_its_query_budget(
    prize_evening, organiser_client, django_assert_max_num_queries
):
    url = reverse("prizes:list", args=[prize_evening.slug])
    with django_assert_max_num_queries(14):
        assert organiser_client.get(url).status_code == 200

"""Standings and certificates as printouts."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.printouts.pdf_certificates import certificates_pdf, podium_rows
from scoring.printouts.pdf_standings import is_final, standings_pdf
from scoring.standings.ranking import Standings, compute_standings

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def test_standings_after_round_one_show_every_player_and_total(played_round_one, keep_output):
    standings = compute_standings(played_round_one, 1)
    data = standings_pdf(standings)
    keep_output("tabelle-1.pdf", data)
    pages, texts = pdf_text(data)
    text = "\n".join(texts)
    assert "Stand nach Durchgang 1" in texts[0]
    assert f"Seite 1 von {pages}" in texts[0]
    for row in standings.rows:
        assert row.name in text
    best = standings.rows[0]
    assert f"{best.rank}." in text and str(best.total) in text
    assert not is_final(standings)


def test_final_standings_carry_points_per_round(complete_tournament, keep_output):
    standings = compute_standings(complete_tournament, 2)
    data = standings_pdf(standings)
    keep_output("tabelle-final.pdf", data)
    _pages, texts = pdf_text(data)
    assert is_final(standings)
    assert "Endstand" in texts[0] and "D1" in texts[0] and "D2" in texts[0]


def test_shared_places_print_twice(played_round_one):
    standings = compute_standings(played_round_one, 1)
    rows = list(standings.rows)
    rows[1] = dataclasses.replace(rows[1], rank=2, shared_rank=True)
    rows[2] = dataclasses.replace(rows[2], rank=2, shared_rank=True)
    _pages, texts = pdf_text(standings_pdf(Standings(standings.tournament, 1, tuple(rows))))
    lines = texts[0].split("\n")
    assert sum(1 for line in lines if line.strip().startswith("2.")) >= 2


def test_a_certificate_for_each_of_the_first_three_places(complete_tournament, keep_output):
    standings = compute_standings(complete_tournament, 2)
    data = certificates_pdf(standings)
    keep_output("urkunden.pdf", data)
    pages, texts = pdf_text(data)
    podium = podium_rows(standings)
    assert pages == len(podium) >= 3
    for row, text in zip(podium, texts, strict=True):
        assert row.name in text
        assert f"{row.rank}. Platz" in text
        assert "Turnierleitung" in text and "Herbstturnier" in text
        assert "Seite" not in text


def test_shared_third_place_gives_two_certificates(played_round_one):
    standings = compute_standings(played_round_one, 1)
    rows = [dataclasses.replace(row, rank=min(row.rank, 3)) for row in standings.rows[:4]]
    shared = Standings(standings.tournament, 1, (*rows, *standings.rows[4:]))
    pages, _texts = pdf_text(certificates_pdf(shared))
    assert pages == 4


def test_games_played_and_withdrawn_players_in_print_and_workbook(played_round_one):
    from scoring.printouts.reports import standings_rows

    leaver = played_round_one.participants.order_by("name").first()
    leaver.withdrawn = True
    leaver.save()
    standings = compute_standings(played_round_one, 1)
    _pages, texts = pdf_text(standings_pdf(standings))
    text = " ".join("\n".join(texts).split())  # a long name wraps in its cell
    assert "Sp." in texts[0] and f"{leaver.name} (abgemeldet)" in text
    report = standings_rows(standings)
    assert "Spiele" in report.header
    names = [row[1] for row in report.rows]
    assert f"{leaver.name} (abgemeldet)" in names

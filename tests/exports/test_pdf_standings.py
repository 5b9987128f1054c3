"""Standings and certificates as printouts."""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from output.printouts.pdf_certificates import certificates_pdf, podium_rows
from output.printouts.pdf_standings import Confirmation, confirmation, is_final, standings_pdf
from scoring.evening.rounds import draw_round, release_round
from scoring.standings.ranking import Standings, compute_standings, rank_rows

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
    from output.reports import standings_rows

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


@pytest.fixture
def round_two_in_play(played_round_one, organiser):
    """Round 1 confirmed, round 2 released with none of its four sheets confirmed."""
    draw_round(played_round_one, 2, seed=4711, user=organiser)
    release_round(played_round_one, 2, user=organiser)
    return played_round_one


def test_standings_say_provisional_and_how_many_sheets_are_confirmed(round_two_in_play):
    standings = compute_standings(round_two_in_play, 2)
    assert confirmation(standings) == Confirmation(confirmed=4, total=8)
    _pages, texts = pdf_text(standings_pdf(standings))
    assert "Stand nach Durchgang 1 – vorläufig" in texts[0]
    assert "Vorläufig: 4 von 8 Listen bestätigt" in " ".join(texts[0].split())
    for text in texts:  # the page header of every page says it too
        assert "vorläufig" in text


def test_complete_standings_are_not_provisional(complete_tournament):
    standings = compute_standings(complete_tournament, 2)
    assert not confirmation(standings).provisional
    _pages, texts = pdf_text(standings_pdf(standings))
    assert "orläufig" not in "".join(texts)


def test_certificates_before_the_end_warn_on_every_page(round_two_in_play, played_round_one):
    pages, texts = pdf_text(certificates_pdf(compute_standings(round_two_in_play, 2)))
    assert pages >= 3
    for text in texts:
        flat = " ".join(text.split())
        assert "Vorläufig: 4 von 8 Listen bestätigt · Stand nach Durchgang 1 von 2" in flat


def test_certificates_after_round_one_of_two_warn_even_when_confirmed(played_round_one):
    _pages, texts = pdf_text(certificates_pdf(compute_standings(played_round_one, 1)))
    assert "Vorläufig: Stand nach Durchgang 1 von 2" in " ".join(texts[0].split())


def test_final_certificates_carry_no_warning(complete_tournament):
    _pages, texts = pdf_text(certificates_pdf(compute_standings(complete_tournament, 2)))
    assert "orläufig" not in "".join(texts)


def test_players_without_a_game_are_listed_last_without_a_place(played_round_one):
    standings = compute_standings(played_round_one, 1)
    rows = list(standings.rows)
    idle = dataclasses.replace(
        rows[-1], name="Nie Gespielt", total=0, rounds=(0,), games_played=0, games_won=0
    )
    ranked = rank_rows([*rows[:-1], idle])
    assert idle.name in [row.name for row in ranked[:-1]]  # ranked among the others on points
    _pages, texts = pdf_text(standings_pdf(Standings(standings.tournament, 1, tuple(ranked))))
    cells = [line.strip() for text in texts for line in text.splitlines()]
    places = [index for index, cell in enumerate(cells) if re.fullmatch(r"\d+\.", cell)]
    assert places[-1] < cells.index("Nie Gespielt")  # after everyone with a place
    assert not re.fullmatch(r"\d+\.", cells[cells.index("Nie Gespielt") - 1])  # none of its own
    # The others are ranked among themselves: 17 players, no place left out.
    numbers = [int(cells[index][:-1]) for index in places]
    assert numbers[-1] <= 17 and all(b - a <= 2 for a, b in itertools.pairwise(numbers))
    assert "1 Spieler ohne bestätigtes Spiel steht ohne Platz am Ende." in " ".join(
        " ".join(texts).split()
    )


LONG_NAME = "Maximiliane Friederike von Hohenzollern-Sigmaringen-Thurn"


def test_a_55_character_name_keeps_the_certificate_on_one_page(complete_tournament):
    assert len(LONG_NAME) >= 55
    standings = compute_standings(complete_tournament, 2)
    rows = [dataclasses.replace(row, name=LONG_NAME) for row in podium_rows(standings)]
    long = Standings(standings.tournament, 2, tuple(rows))
    pages, texts = pdf_text(certificates_pdf(long))
    assert pages == len(rows)
    for text in texts:
        assert "Turnierleitung" in text
        assert LONG_NAME in " ".join(text.split()).replace("- ", "-")


def test_compact_standings_run_in_two_columns_with_place_name_total_and_games(
    make_tournament, add_participants, organiser, confirm_round
):
    from scoring.evening.rounds import draw_round, release_round

    big = make_tournament("Großes Turnier")
    add_participants(big, 120)
    draw_round(big, 1, seed=3, user=organiser)
    release_round(big, 1, user=organiser)
    confirm_round(big, 1, organiser)
    standings = compute_standings(big, 1)
    full_pages, _texts = pdf_text(standings_pdf(standings))
    pages, texts = pdf_text(standings_pdf(standings, compact=True))
    assert pages < full_pages
    assert "Verein" not in texts[0] and "Gesamt" in texts[0] and "Sp." in texts[0]
    text = "\n".join(texts)
    for row in standings.rows:
        assert row.name in " ".join(text.split())


def test_the_house_rules_standings_note_is_unchanged(played_round_one):
    _pages, texts = pdf_text(standings_pdf(compute_standings(played_round_one, 1)))
    text = " ".join(" ".join(texts).split())
    assert (
        "nur bestätigte Listen zählen · bei Punktgleichheit entscheiden gewonnene Spiele (mit "
        "Pluspunkten), Punkte im letzten Durchgang; wer auch darin gleich ist, teilt sich den "
        "Platz." in text
    )


def test_long_names_take_the_room_the_club_column_does_not_need(played_round_one, keep_output):
    """Names wrapped while the club column stood half empty: the club keeps what its entries
    need, the name takes the rest."""
    for number, participant in enumerate(played_round_one.participants.order_by("pk"), start=1):
        participant.name = f"Annemarie-Sophie Hohenzollern {number}"
        participant.club = "TSV"
        participant.save(update_fields=["name", "club"])
    standings = compute_standings(played_round_one, 1)
    data = standings_pdf(standings)
    keep_output("tabelle-lange-namen.pdf", data)
    _pages, texts = pdf_text(data)
    lines = "\n".join(texts).split("\n")
    for row in standings.rows:
        assert any(row.name in line for line in lines), f"{row.name} wrapped"

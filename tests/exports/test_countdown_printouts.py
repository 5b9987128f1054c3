"""A count-down evening's printouts and exports (COUNTDOWN.md §8.4, §8.6): the pre-filled and
the filled score sheet per table (deal number in the Partie, trump, tricks or "aus", the Stand,
the Partie's winners, Partiepunkte at the foot), blank spares, the standings PDF with the
contract's columns and tie-breakers, certificates in Partiepunkte, the workbook and the CSV;
the house rules' printouts keep their words. ``EXPORTS_RENDER_DIR`` keeps the files."""

from __future__ import annotations

import csv
import io
import re
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from demo.play import play_round as play_sheets
from output.printouts.pdf_certificates import certificates_pdf
from output.printouts.pdf_standings import standings_pdf
from scoring.evening.rounds import draw_round, release_round
from scoring.sheets.time_up import record_time_up
from scoring.standings.ranking import compute_standings
from tests.scoring.countdown_rounds import cut_parties, parties_of, rows_of, stop_point
from tournament.models import Round

from .conftest import pdf_text

pytestmark = pytest.mark.django_db

DOPPELKOPF_WORDS = ("gewonnene Spiele", "Augen", "Solo", "Re/Kontra", " Punkten")


@pytest.fixture
def countdown_evening(make_tournament, add_participants, organiser):
    """A "24" evening of 9 players (4 + 5), round 1 played and confirmed."""
    tournament = make_tournament(ruleset="24")
    add_participants(tournament, 9)
    draw_round(tournament, 1, seed=9, user=organiser)
    release_round(tournament, 1, user=organiser)
    play_sheets(
        Round.objects.get(tournament=tournament, number=1),
        lambda sheet: rows_of("24", sheet.size, salt=sheet.table.number),
        user=organiser,
    )
    return tournament


def _get(client, name: str, tournament, *args, query: str = "") -> bytes:
    answer = client.get(reverse(name, args=[tournament.slug, *args]) + query)
    assert answer.status_code == 200, answer.status_code
    return b"".join(answer.streaming_content) if answer.streaming else answer.content


def test_the_filled_sheet_shows_every_deal_and_the_partie_winners(
    countdown_evening, organiser_client, keep_output
):
    data = _get(organiser_client, "exports:sheets_pdf", countdown_evening, 1, query="?filled=1")
    keep_output("countdown-sheets-filled.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == 2
    first = texts[0]
    assert "erfasst: Version 1, bestätigt" in first
    rows = rows_of("24", 4, salt=1)
    parties = parties_of("24", 4, salt=1)
    for column in ("Stiche", "Stand", "Trumpf", "Sieger", "Partiepunkte"):
        assert column in first
    assert "Rot" in first and "Gelb" in first
    assert len(parties) > 1 and len(rows) == 24
    assert "Stand am Ende" not in first and "Summe" not in first and "= 0" not in first
    # The round's last Partie, cut after deal 24: its winners whole, "Abbr." after them.
    assert re.search(r"(^|\s)\d(\+\d)* Abbr\.", first)


def test_blank_and_spare_sheets_have_cycles_times_n_rows(
    countdown_evening, organiser_client, keep_output
):
    data = _get(organiser_client, "exports:sheets_pdf", countdown_evening, 1)
    keep_output("countdown-sheets-blank.pdf", data)
    _pages, texts = pdf_text(data)
    assert "Je Spiel" in texts[0] and "Partie" in texts[0]
    for size, rows in ((3, 18), (4, 24), (5, 30)):
        spare = _get(
            organiser_client, "exports:sheets_pdf", countdown_evening, 1, query=f"?leer={size}"
        )
        keep_output(f"countdown-spare-{size}.pdf", spare)
        _pages, texts = pdf_text(spare)
        assert str(rows) in texts[0].split()
        assert str(rows + 1) not in texts[0].split()


def test_the_standings_pdf_has_the_contracts_columns_and_tie_breakers(
    countdown_evening, keep_output
):
    data = standings_pdf(compute_standings(countdown_evening, 1))
    keep_output("countdown-tabelle.pdf", data)
    _pages, texts = pdf_text(data)
    text = "\n".join(texts)
    for header in ("PP D1", "PP", "Gew.", "Part.", "Rest"):
        assert header in text
    assert "Partien gewonnen, Restpunkte (weniger ist besser), Partiepunkte im letzten" in (
        " ".join(text.split())
    )
    for word in DOPPELKOPF_WORDS:
        assert word not in text


def test_certificates_name_the_partiepunkte(countdown_evening, keep_output):
    standings = compute_standings(countdown_evening, 1)
    data = certificates_pdf(standings)
    keep_output("countdown-urkunden.pdf", data)
    _pages, texts = pdf_text(data)
    best = standings.rows[0]
    assert f"mit {best.total} Partiepunkt" in texts[0]
    assert " Punkten" not in texts[0]


def test_the_house_rules_certificate_and_pdf_keep_their_words(played_round_one):
    standings = compute_standings(played_round_one, 1)
    _pages, texts = pdf_text(certificates_pdf(standings))
    assert f"mit {standings.rows[0].total} Punkt" in texts[0]
    _pages, texts = pdf_text(standings_pdf(standings))
    assert "gewonnene Spiele (mit Pluspunkten)" in " ".join("\n".join(texts).split())


def test_the_workbook_and_the_csv_carry_the_countdown_standings(
    countdown_evening, organiser_client
):
    standings = compute_standings(countdown_evening, 1)
    book = load_workbook(
        io.BytesIO(_get(organiser_client, "exports:standings_xlsx", countdown_evening))
    )
    sheet = book.worksheets[0]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    header_index = next(i for i, row in enumerate(rows) if "Partiepunkte" in row)
    header = rows[header_index]
    for name in ("Partiepunkte", "Partien gewonnen", "Partien gespielt", "Restpunkte"):
        assert name in header
    best = dict(zip(header, rows[header_index + 1], strict=False))
    top = standings.rows[0]
    assert best["Partiepunkte"] == top.total and best["Restpunkte"] == top.rest
    assert best["Partien gespielt"] == top.parties
    archive = zipfile.ZipFile(
        io.BytesIO(_get(organiser_client, "exports:results_csv_zip", countdown_evening))
    )
    name = next(name for name in archive.namelist() if "tabelle" in name.lower())
    lines = list(csv.reader(io.StringIO(archive.read(name).decode("utf-8-sig")), delimiter=";"))
    assert "Partiepunkte" in lines[0] and "Restpunkte" in lines[0]


def test_a_stopped_table_prints_its_cut_partie(
    make_tournament, add_participants, organiser, organiser_client, keep_output
):
    from scoring.models import Sheet
    from scoring.sheets.services import confirm_sheet, submit_sheet

    tournament = make_tournament(ruleset="zwanzig")
    add_participants(tournament, 4)
    draw_round(tournament, 1, seed=2, user=organiser)
    release_round(tournament, 1, user=organiser)
    sheet = Sheet.objects.get(round__tournament=tournament, round__number=1)
    parties = parties_of("zwanzig", 4, salt=3)
    rows = [row for partie in cut_parties(parties, stop_point(parties, 4)) for row in partie]
    submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser)
    record_time_up(sheet, after_game=len(rows), user=organiser)
    confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser)
    data = _get(organiser_client, "exports:sheets_pdf", tournament, 1, query="?filled=1")
    keep_output("countdown-sheet-stopped.pdf", data)
    _pages, texts = pdf_text(data)
    assert re.search(r"(^|\s)\d(\+\d)* Abbr\.", texts[0])
    assert "Pik" in texts[0] or "Kreuz" in texts[0]
    # The head in the ruleset's words, as the sheet pages say it, not the DDV's time call.
    assert f"Abgebrochen nach Spiel {len(rows)} von" in texts[0]
    assert "Zeit abgelaufen" not in texts[0]


def test_the_games_workbook_has_no_doppelkopf_columns_for_countdown(
    countdown_evening, organiser_client, played_round_one
):
    def headers(tournament) -> list[list[str]]:
        book = load_workbook(io.BytesIO(_get(organiser_client, "exports:games_xlsx", tournament)))
        return [[cell.value for cell in next(sheet.iter_rows())] for sheet in book.worksheets]

    games, points = headers(countdown_evening)[:2]
    for header in ("Siegerpartei", "Wert", "Solist"):
        assert header not in games
    assert "Solo" not in points and "Spielart" in games and "Punkte" in points
    book = load_workbook(
        io.BytesIO(_get(organiser_client, "exports:games_xlsx", countdown_evening))
    )
    methods = {row[5] for row in book.worksheets[0].iter_rows(min_row=2, values_only=True)}
    assert methods == {"Stiche"}
    house_games, house_points = headers(played_round_one)[:2]
    assert {"Siegerpartei", "Wert", "Solist"} <= set(house_games) and "Solo" in house_points


def test_the_standings_pdf_note_leads_with_the_rulesets_tie_words(countdown_evening):
    _pages, texts = pdf_text(standings_pdf(compute_standings(countdown_evening, 1)))
    text = " ".join(" ".join(texts).split())
    assert "bei gleichen Partiepunkten entscheiden Partien gewonnen," in text
    assert "Punktgleichheit" not in text

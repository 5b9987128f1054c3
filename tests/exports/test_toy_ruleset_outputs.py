"""The outputs ask the ruleset: a toy ruleset (defined only in the tests) with its own sheet
columns and standings columns gets them on the printed sheet, the standings page, the projector,
the JSON API, the workbook, the CSV and the standings PDF; the house rules keep theirs."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace
from typing import Any

import pytest
from openpyxl import load_workbook

import rules
from demo.play import play_round
from output.printouts.pdf_sheets import score_sheets_pdf
from output.printouts.pdf_standings import standings_pdf
from output.reports import standings_rows
from output.spreadsheets.csv_zip import results_zip
from output.spreadsheets.xlsx import render_xlsx
from public.show.context import standings_board
from rules.base import Ruleset
from rules.printing import DEALER_COLUMN, POINTS, ROW_COLUMN, LegendLine, PrintedSheet, SheetColumn
from rules.standings import (
    BASIC_COLUMNS,
    INT,
    PDF,
    PROJECTOR,
    SCREEN,
    XLSX,
    StandingsColumnSpec,
)
from rules.text import Text
from scoring.evening.rounds import release_round
from scoring.standings.columns import column, default_columns
from scoring.standings.ranking import compute_standings
from tests.conftest import EXAMPLES
from tests.scoring.test_toy_ruleset import Toy, toy_records
from tournament.models import Round, Tournament
from tournament.participants.services import import_participants
from tournament.seating.reading import round_with_seating
from tournament.seating.services import enter_slips

from .conftest import pdf_text

pytestmark = pytest.mark.django_db

WINS = "Siege"


class ToyOutputs(Toy):
    """The toy with a sheet of its own (a "Trumpf" column, one "Stiche" column per seat, its
    own legend and signature) and standings of its own (wins first, then the sum)."""

    key = "toy-outputs"

    def printed_sheet(
        self, table_size: int, length: int, options: Any, rows=(), lang: str = "de"
    ) -> PrintedSheet:
        sheet = super().printed_sheet(table_size, length, options, rows, lang)
        return replace(
            sheet,
            lead=(ROW_COLUMN, DEALER_COLUMN, SheetColumn("trump", (Text("Trumpf"),), width_mm=20)),
            seat=(SheetColumn(POINTS, (Text("Stiche"),), share=1.0),),
            legend=(LegendLine(Text("Der Sieger bekommt"), Text("+3")),),
            signature=Text("Unterschrift Tischwart"),
        )

    def standings_columns(self) -> tuple[StandingsColumnSpec, ...]:
        rank, name = BASIC_COLUMNS[:2]
        return (
            rank,
            name,
            StandingsColumnSpec(
                "wins",
                "games_won",
                INT,
                dict.fromkeys((SCREEN, PROJECTOR, PDF, XLSX), Text(WINS)),
                print_width=20,
                emphasis=True,
            ),
            StandingsColumnSpec(
                "sum",
                "total",
                INT,
                {SCREEN: Text("Summe"), PDF: Text("Summe"), XLSX: Text("Summe")},
            ),
        )

    def standings_api_fields(self) -> tuple[tuple[str, str], ...]:
        return (("wins", "games_won"), ("sum", "total"))


@pytest.fixture
def toy_evening(make_tournament, organiser) -> Tournament:
    rules.register(ToyOutputs())
    try:
        tournament = make_tournament(ruleset="toy-outputs", ruleset_options={"bonus": False})
        people = import_participants(
            tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
        )
        enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
        release_round(tournament, 1, user=organiser)
        yield tournament
    finally:
        rules.unregister("toy-outputs")


def test_the_printed_sheet_has_the_rulesets_columns(toy_evening, keep_output):
    data = score_sheets_pdf(round_with_seating(toy_evening, 1), "http://doko.local")
    keep_output("toy-spielliste.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == 4
    first = texts[0]
    for shown in ("Trumpf", "Stiche", "Der Sieger bekommt", "+3", "Unterschrift Tischwart"):
        assert shown in first
    assert "Spiel Geber Trumpf Summe = 0 ✓" in first  # the lead and tail columns' headers
    for house in ("z. B. 1 + 4", "+ / −", "Bubensolo", "Unterschrift Listenführer"):
        assert house not in first
    assert "PLATZ 2 ·\nLISTENFÜHRER" in first  # the toy's list keeper is seat 2
    assert "setzt aus" not in texts[3]  # nobody sits out at the toy's five-table
    assert "3 Spiele" in first


def test_a_filled_sheet_prints_the_dealers_derived_from_the_rows_before(toy_evening, organiser):
    play_round(Round.objects.get(tournament=toy_evening, number=1), toy_records, user=organiser)
    round_ = round_with_seating(toy_evening, 1)
    blank = pdf_text(score_sheets_pdf(round_, "http://doko.local", table=1))[1][0]
    filled = pdf_text(score_sheets_pdf(round_, "http://doko.local", table=1, with_games=True))
    # Blank: rows 1–3 dealt by seats 1, 2, 3; entered: row 1 was dealt again, so 1, 1, 2.
    assert _dealer_seats(blank) == ["1", "2", "3"]
    assert _dealer_seats(filled[1][0]) == ["1", "1", "2"]


def _dealer_seats(text: str) -> list[str]:
    """The seats in the dealer column ("2 · Name") in row order."""
    return re.findall(r"^(\d) · ", text, re.M)


def test_standings_show_the_rulesets_columns_on_every_surface(
    toy_evening, organiser, client, keep_output
):
    play_round(Round.objects.get(tournament=toy_evening, number=1), toy_records, user=organiser)
    standings = compute_standings(toy_evening, 1)

    page = client.get(f"/t/{toy_evening.slug}/tabelle/").content.decode()
    headers = [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<th[^>]*>(.*?)</th>", page, re.S)
    ]
    assert headers == ["Platz", "Name", WINS, "Summe"]

    board = standings_board(standings)
    assert [field.header for field in board["board_fields"]] == ["Platz", "Name", WINS]

    api = client.get(f"/api/t/{toy_evening.slug}/standings").json()
    assert list(api[0]) == ["rank", "name", "wins", "sum", "withdrawn"]
    best = next(row for row in standings.rows if row.rank == 1)
    assert api[0]["wins"] == best.games_won and api[0]["sum"] == best.total

    workbook = load_workbook(io.BytesIO(render_xlsx([standings_rows(standings)])))
    header = [cell.value for cell in next(workbook.active.iter_rows(max_row=10)) if cell.value]
    rows = [[cell.value for cell in row] for row in workbook.active.iter_rows()]
    assert any(row[:4] == ["Platz", "Name", WINS, "Summe"] for row in rows), (header, rows[:4])

    with zipfile.ZipFile(io.BytesIO(results_zip(toy_evening))) as archive:
        csv = archive.read("tabelle.csv").decode("utf-8-sig")
    assert csv.splitlines()[0].split(";")[:4] == ["Platz", "Name", WINS, "Summe"]

    data = standings_pdf(standings)
    keep_output("toy-tabelle.pdf", data)
    text = pdf_text(data)[1][0]
    assert WINS in text and "Summe" in text and "Gesamt" not in text and "Verein" not in text


def test_the_house_rules_keep_their_standings_columns_and_api_shape(played_round_one, client):
    api = client.get(f"/api/t/{played_round_one.slug}/standings").json()
    assert list(api[0]) == ["rank", "name", "points", "rounds", "games_won", "games", "withdrawn"]
    assert [c.key for c in default_columns()] == [
        "rank",
        "name",
        "club",
        "rounds",
        "total",
        "games_won",
        "games_played",
        "solos",
    ]
    headers = [
        field.header
        for field in standings_board(compute_standings(played_round_one))["board_fields"]
    ]
    assert headers == ["Platz", "Name", "D1", "Punkte"]


def test_a_column_of_a_value_the_standings_do_not_compute_is_refused():
    spec = StandingsColumnSpec("rest", "restpunkte", INT, {SCREEN: Text("Restpunkte")})
    with pytest.raises(ValueError, match="restpunkte"):
        column(spec, rules.get(rules.DEFAULT_KEY))


def test_every_text_of_the_house_outputs_has_an_english_translation(settings):
    """``make messages`` must keep the msgids the rulesets' texts use: every text of the house
    rules' sheet, legend, course and standings reads English in English."""
    from django.utils import translation

    from tournament.ruleset_texts import say

    house: Ruleset = rules.get(rules.DEFAULT_KEY)
    options = house.options()
    sheet = house.printed_sheet(5, 20, options)
    texts = [
        *(text for col in (*sheet.lead, *sheet.seat, *sheet.tail) for text in col.header),
        *(col.hint for col in sheet.lead if col.hint),
        sheet.table_note,
        sheet.total_label,
        sheet.legend_title,
        *sheet.footer,
        sheet.signature,
        *(text for line in house.course(2, 4) for text in line),
        *(text for spec in house.standings_columns() for text in spec.headers.values()),
    ]
    with translation.override("en"):
        untranslated = [
            text.german for text in texts if say(house, text, "en") == text.german_text()
        ]
    same_in_english = {"Name", "+ / −", "= 0 ✓", "Re, Kontra, Sub, In"}
    assert set(untranslated) <= same_in_english, untranslated
    # The legend is said in the language asked for, from the engine's own catalogue.
    german = [line.what.german for line in house.legend(options, "de")]
    english = [line.what.german for line in house.legend(options, "en")]
    assert len(german) == len(english) > 5
    same = {what for what, other in zip(german, english, strict=True) if what == other}
    assert same <= same_in_english, same

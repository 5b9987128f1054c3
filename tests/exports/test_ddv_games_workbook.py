"""The games workbook of a DDV evening speaks the DDV's words: the games numbered as the paper
Spielliste numbers them, a penalty line that is no game, the DDV's kinds, entry forms, value
items and Pflicht/Lust/Vorführung."""

from __future__ import annotations

import pytest

from output.reports import games_rows
from rules.ddv.sample import sample_rows

from .conftest import play_ddv_round

pytestmark = pytest.mark.django_db


def test_the_ddv_games_workbook_numbers_games_as_the_paper_and_names_them_in_ddv_words(
    ddv_evening,
):
    play_ddv_round(ddv_evening, 1)
    report = games_rows(ddv_evening)
    header = [column.label for column in report.columns]
    at = {label: index for index, label in enumerate(header)}
    table = [row for row in report.rows if (row[0], row[1]) == (1, 1)]
    stored = sample_rows(4, 24, 1)
    assert len(table) == len(stored)
    penalties = [row for row in table if row[at["Spiel"]] is None]
    assert len(penalties) == sum(1 for row in stored if "penalty" in row) >= 1
    assert {row[at["Spielart"]] for row in penalties} == {"Strafe"}
    assert {row[at["Eingabe"]] for row in penalties} == {"Strafe"}
    # The games run 1–24 as on paper, the penalty line between them.
    assert [row[at["Spiel"]] for row in table if row[at["Spiel"]] is not None] == list(range(1, 25))
    kinds = {row[at["Spielart"]] for row in report.rows}
    assert "" not in kinds and "Trumpfsolo" not in kinds, kinds
    assert not any(kind.startswith("solo_") for kind in kinds), kinds
    entered = {row[at["Eingabe"]] for row in report.rows}
    assert entered <= {"Schnelleingabe", "Rechner", "Punkte direkt", "Strafe"}, entered
    words = " ".join(row[at["Wertung"]] for row in report.rows)
    assert "re_angesagt" not in words and "keine_90" not in words and "_" not in words, words
    modes = {row[at["Pflicht/Lust/Vorführung"]] for row in report.rows}
    assert "Pflichtsolo" in modes, modes

"""What changed between two versions of a sheet: the pure comparison and the sheet page."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.urls import reverse

from scoring.sheets.history import GameChange, GameOutcome, compare_games, version_diffs
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import submit_sheet
from tests.conftest import example_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Round


@dataclass
class G:
    number: int
    winner: str = "re"
    value: int | None = 2
    plus: list[int] = field(default_factory=lambda: [1, 3])
    points: dict[str, int] = field(default_factory=lambda: {"1": 2, "2": -2, "3": 2, "4": -2})
    record: dict = field(default_factory=lambda: {"kind": "normal", "re": [1, 3]})


def test_equal_versions_have_no_changes():
    assert compare_games([G(1), G(2)], [G(2), G(1)]) == []


def test_added_removed_and_changed_games_with_old_and_new_outcomes():
    old = [G(1), G(2), G(3)]
    kontra = G(
        2,
        winner="kontra",
        value=3,
        plus=[2, 4],
        points={"1": -3, "2": 3, "3": -3, "4": 3},
        record={"kind": "normal", "re": [1, 3], "augen_re": 100},
    )
    new = [G(1), kontra, G(4)]
    changes = compare_games(old, new)
    assert [(c.number, c.kind) for c in changes] == [
        (2, GameChange.CHANGED),
        (3, GameChange.REMOVED),
        (4, GameChange.ADDED),
    ]
    changed, removed, added = changes
    assert changed.old == GameOutcome("re", (1, 3), 2, ((1, 2), (2, -2), (3, 2), (4, -2)))
    assert changed.new == GameOutcome("kontra", (2, 4), 3, ((1, -3), (2, 3), (3, -3), (4, 3)))
    assert removed.new is None and removed.old.winners == (1, 3)
    assert added.old is None and added.new.value == 2


def test_a_record_entered_differently_with_the_same_result_is_listed():
    changes = compare_games([G(1)], [G(1, record={"kind": "normal", "re": [3, 1]})])
    assert len(changes) == 1 and changes[0].old == changes[0].new


@pytest.mark.django_db
def test_the_sheet_page_shows_what_changed_between_versions(evening, organiser_client):
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 1)
    records = example_records(4)
    first = submit_sheet(sheet, records[:3], expected_revision=0)
    changed = [*records[:1], {"kind": "normal", "winners": [2, 4], "value": 5}, *records[3:5]]
    second = submit_sheet(sheet, changed, expected_revision=1)
    diffs = version_diffs([first, second])
    assert [(d.number, d.previous) for d in diffs] == [(2, 1)]
    assert [(c.number, c.kind) for c in diffs[0].changes] == [
        (2, "changed"),
        (3, "changed"),
        (4, "added"),
    ]
    page = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 1]))
    text = page.content.decode()
    assert "Versionen" in text
    assert "Version 2 gegenüber Version 1" in text
    assert "hinzugefügt" in text and "geändert" in text
    assert "Wert 5" in text


def test_the_ddv_history_names_rows_as_the_paper_a_penalty_line_no_game(
    ddv_evening,  # noqa: F811
    organiser,
):
    from scoring.models import Sheet
    from scoring.sheets.history_page import sheet_history
    from scoring.sheets.services import submit_sheet
    from tests.scoring.test_ddv_desk import MINOR, RD1

    sheet = Sheet.objects.get(round__tournament=ddv_evening, round__number=1, table__number=1)
    submit_sheet(sheet, [*RD1[:2], MINOR, RD1[2]], expected_revision=0, user=organiser, final=False)
    history = sheet_history(sheet, {}, [])
    assert [change.shown for change in history[0].changes] == ["1", "2", "Strafe", "3"]

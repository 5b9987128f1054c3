"""The version history names the winners of every game (quick entries too) by name and seat,
and groups what one device saved in one sitting into one entry with the net change."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import SheetVersion
from scoring.sheets.history import GameOutcome, compare_games, seat_name, sittings
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import submit_sheet
from tournament.models import Round, Seat, SeatChange

START = datetime.datetime(2025, 4, 3, 19, 0, tzinfo=datetime.UTC)


@dataclass
class G:
    number: int
    plus: list[int] = field(default_factory=lambda: [1, 2])
    value: int | None = 3
    winner: str = ""
    points: dict[str, int] = field(default_factory=lambda: {"1": 3, "2": 3, "3": -3, "4": -3})
    record: dict = field(default_factory=lambda: {"kind": "normal", "winners": [1, 2]})


class Games(list):
    def all(self) -> list:
        return self


@dataclass
class V:
    number: int
    minute: float
    games: Games
    source: str = "captain"
    created_by_id: int | None = None
    submitted: bool = False
    confirmed: bool = False

    @property
    def created_at(self) -> datetime.datetime:
        return START + datetime.timedelta(minutes=self.minute)


def typed(number: int, minute: float, games: int, **options) -> V:
    """Version ``number`` holding games 1 to ``games`` (as an autosave per game makes them)."""
    return V(number, minute, Games(G(game) for game in range(1, games + 1)), **options)


NAMES = {1: [(1, "Anna")], 2: [(1, "Bernd"), (9, "Xaver")], 3: [(1, "Carla")], 4: [(1, "Dora")]}


def test_quick_entry_winners_are_named_with_their_seat():
    outcome = GameOutcome.of(G(3), NAMES)
    assert outcome.winner == "" and outcome.winner_labels == ("Anna (1)", "Bernd (2)")
    assert GameOutcome.of(G(10), NAMES).winner_labels == ("Anna (1)", "Xaver (2)")
    assert seat_name(NAMES, 2, 8) == "Bernd" and seat_name(NAMES, 2, 9) == "Xaver"
    assert GameOutcome.of(G(1, plus=[3]), {}).winner_labels == ("3",)
    [added] = compare_games([], [G(1)], NAMES)
    assert added.new.winner_labels == ("Anna (1)", "Bernd (2)")


def test_consecutive_autosaves_of_one_device_are_one_sitting_with_the_net_change():
    versions = [typed(number, number * 0.5, number) for number in range(1, 18)]
    [sitting] = sittings(versions, NAMES)
    assert (sitting.first.number, sitting.last.number, sitting.previous) == (1, 17, None)
    assert [change.number for change in sitting.changes] == list(range(1, 18))
    assert {change.kind for change in sitting.changes} == {"added"}
    assert [step.number for step in sitting.steps] == list(range(17, 0, -1))
    assert sitting.steps[-1].previous == 0  # the first version: what it entered
    assert all(len(step.changes) == 1 for step in sitting.steps)


def test_a_sitting_ends_with_another_device_a_pause_or_handing_in():
    versions = [
        typed(1, 0, 1),
        typed(2, 1, 2),
        typed(3, 2, 3, source="desk", created_by_id=7),  # the desk corrects
        typed(4, 3, 4),  # the phone again
        typed(5, 20, 5),  # after a pause of 17 minutes
        typed(6, 21, 6, submitted=True),
        typed(7, 22, 6),  # reopened and changed after handing in
    ]
    entries = sittings(versions, NAMES)
    assert [[v.number for v in entry.versions] for entry in entries] == [
        [7],
        [5, 6],
        [4],
        [3],
        [1, 2],
    ]
    newest, phone_again = entries[0], entries[1]
    assert newest.previous == 6 and newest.changes == [] and not newest.grouped
    assert phone_again.previous == 4 and [c.number for c in phone_again.changes] == [5, 6]


def test_a_history_read_from_its_newest_end_compares_with_the_version_before():
    versions = [typed(number, number, number) for number in range(5, 9)]
    [sitting] = sittings(versions, NAMES, complete=False)
    assert sitting.previous == 5 and [v.number for v in sitting.versions] == [6, 7, 8]
    assert [change.number for change in sitting.changes] == [6, 7, 8]


@pytest.mark.django_db
def test_the_sheet_page_shows_one_entry_per_sitting_with_named_winners(evening, organiser_client):
    round_ = Round.objects.get(tournament=evening, number=1)
    sheet = sheet_for(round_, 1)
    seats = {seat.number: seat for seat in Seat.objects.filter(table=sheet.table)}
    records: list[dict] = []
    for _game in range(1, 8):  # the captain's phone saves after every game
        records.append({"kind": "normal", "winners": [1, 2], "value": 3})
        submit_sheet(
            sheet, records, expected_revision=sheet.revision, source=SheetVersion.Source.CAPTAIN
        )
        sheet.refresh_from_db()
    # a substitute took seat 2 over from game 5 on: games 5 to 7 name the substitute
    substitute = Seat.objects.get(table=sheet_for(round_, 2).table, number=4).participant
    SeatChange.objects.create(
        seat=seats[2],
        from_game=5,
        previous_participant=seats[2].participant,
        participant=substitute,
    )
    SheetVersion.objects.filter(sheet=sheet).update(created_at=timezone.now())
    page = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 1]))
    text = page.content.decode()
    assert text.count('class="sitting"') == 1
    assert "Versionen 1–7" in text and "7 Speicherungen" in text
    assert "Die 7 einzelnen Versionen" in text
    first, second = seats[1].participant.name, seats[2].participant.name
    named = f"Gewinner: {first} (1), {second} (2) · Wert 3"
    assert text.count(named) == 4 + 4  # the net change and the single versions
    assert text.count(f"Gewinner: {first} (1), {substitute.name} (2) · Wert 3") == 3 + 3
    assert "kein Sieger" not in text

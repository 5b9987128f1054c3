"""Round two with late arrivals: they are placed after everyone who played."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.evening.rounds import draw_round
from scoring.standings.placement import LATE_ARRIVAL_KEY, placement_ranking
from scoring.standings.ranking import compute_standings
from tournament.models import Seat
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db


@pytest.fixture
def late_evening(evening, confirm_round):
    """Round 1 played by 18; two more arrive for round 2."""
    confirm_round(evening)
    late = [add_participant(evening, name=name) for name in ("Zora Zuletzt", "Anton Anfang")]
    return evening, late


def test_late_arrivals_rank_after_everyone_who_played(late_evening):
    tournament, late = late_evening
    standings = compute_standings(tournament, 1)
    assert min(row.total for row in standings.rows) < 0  # 0 points would rank above these
    ids = [row.participant_id for row in standings.rows] + [p.pk for p in late]
    ranking = placement_ranking(tournament, after_round=1, participant_ids=ids)
    assert [player.participant_id for player in ranking[:-2]] == ids[:-2]
    assert {player.participant_id for player in ranking[-2:]} == {p.pk for p in late}
    assert {player.key for player in ranking[-2:]} == {LATE_ARRIVAL_KEY}
    assert LATE_ARRIVAL_KEY not in {player.key for player in ranking[:-2]}


def test_late_arrivals_sit_at_the_last_table_and_the_round_page_says_so(
    late_evening, organiser, organiser_client
):
    tournament, late = late_evening
    round_ = draw_round(tournament, 2, seed=11, user=organiser)
    tables = {seat.participant_id: seat.table.number for seat in Seat.objects.filter(round=round_)}
    last = max(tables.values())
    assert all(tables[p.pk] == last for p in late)
    response = organiser_client.get(reverse("tournament:round", args=[tournament.slug, 2]))
    late_arrivals = response.context["late_arrivals"]
    assert late_arrivals == [("Anton Anfang", last), ("Zora Zuletzt", last)]
    page = response.content.decode()
    assert "Nachzügler" in page and "hinter alle, die schon gespielt haben" in page
    first = organiser_client.get(reverse("tournament:round", args=[tournament.slug, 1]))
    assert not first.context.get("late_arrivals")

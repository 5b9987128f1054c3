"""The season table from the database: confirmed sheets of the season's tournaments, per member."""

from __future__ import annotations

import itertools

import pytest
from django.db.models import Sum

from scoring.models import ScoreLine, Season, Sheet
from scoring.sheets.services import reopen_sheet
from scoring.standings.ranking import compute_standings
from seasons.ranking import compute_season, member_evenings
from seasons.services import add_tournament, create_season
from tournament.clubs.services import create_club, make_member, rename_member
from tournament.errors import DomainError
from tournament.models import AuditEntry, Member, Participant

pytestmark = pytest.mark.django_db

EIGHT = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
EIGHT += ["Emil Engel", "Frieda Fuchs", "Gerd Graf", "Hanna Hahn"]


def member_points(tournaments) -> dict[str, int]:
    """Each member's points over the tournaments, from the evenings' own standings."""
    points: dict[str, int] = {}
    for tournament in tournaments:
        for row in compute_standings(tournament).rows:
            member = Participant.objects.get(pk=row.participant_id).member
            if member is not None:
                points[member.name] = points.get(member.name, 0) + row.total
    return points


def test_sum_adds_every_evening_of_each_member(club, play_evening):
    one = play_evening(club, "jan", EIGHT, rounds=2, day=1)
    two = play_evening(club, "feb", [*EIGHT[:4], "Ida Imhof", "Jan Jung", "Kai Kurz", "Lea Lang"])
    season = create_season(club, "2025", name="Saison 2025", tournaments=[one, two])
    table = compute_season(season)
    assert {row.name: row.points for row in table.rows} == member_points([one, two])
    anna = next(row for row in table.rows if row.name == "Anna Arndt")
    assert (anna.evenings, anna.rounds) == (2, 3)
    emil = next(row for row in table.rows if row.name == "Emil Engel")
    assert (emil.evenings, emil.rounds) == (1, 2)
    points = [row.points for row in table.rows]
    assert points == sorted(points, reverse=True)
    assert len(table.rows) == 12


def test_ties_share_a_rank_on_the_screen_order(club, play_evening):
    one = play_evening(club, "jan", EIGHT)
    season = create_season(club, "2025", name="Saison", tournaments=[one])
    rows = compute_season(season).rows
    # at a table of four in a normal game two win and two lose the same points: ties happen
    for before, row in itertools.pairwise(rows):
        if row.points == before.points:
            assert row.rank == before.rank and row.shared_rank
        else:
            assert row.rank == rows.index(row) + 1


def test_best_counts_the_n_best_evenings(club, play_evening):
    evenings = [play_evening(club, f"abend-{n}", EIGHT, seed=n, day=n) for n in (1, 2, 3)]
    season = create_season(club, "2025", name="Saison", rule="best", best=2, tournaments=evenings)
    table = compute_season(season)
    for row in table.rows:
        totals = sorted((member_points([t]).get(row.name, 0) for t in evenings), reverse=True)
        assert row.points == sum(totals[:2])
        assert row.total == sum(totals)


def test_average_leaves_members_below_the_minimum_unranked(club, play_evening):
    one = play_evening(club, "jan", EIGHT, rounds=2)
    two = play_evening(club, "feb", ["Ida Imhof", "Jan Jung", "Kai Kurz", "Lea Lang"], day=2)
    season = create_season(
        club, "2025", name="Saison", rule="average", min_rounds=2, tournaments=[one, two]
    )
    table = compute_season(season)
    assert {row.name for row in table.unranked} == {"Ida Imhof", "Jan Jung", "Kai Kurz", "Lea Lang"}
    assert [row.name for row in table.unranked] == sorted(row.name for row in table.unranked)
    assert list(table.rows[: len(table.ranked)]) == list(table.ranked)
    averages = [row.total / row.rounds for row in table.ranked]
    assert averages == sorted(averages, reverse=True)
    assert all(row.average == round(row.total / row.rounds, 2) for row in table.rows)


def test_a_reopened_sheet_keeps_counting_its_last_confirmed_result(club, play_evening, organiser):
    one = play_evening(club, "jan", EIGHT)
    season = create_season(club, "2025", name="Saison", tournaments=[one])
    before = compute_season(season)
    assert sum(row.rounds for row in before.rows) == 8
    sheet = Sheet.objects.filter(round__tournament=one).order_by("table__number").first()
    reopen_sheet(sheet, reason="Tippfehler", user=organiser, expected_revision=sheet.revision)
    after = compute_season(season)
    assert after.rows == before.rows
    assert sum(row.total for row in after.rows) == ScoreLine.objects.aggregate(s=Sum("points"))["s"]


def test_an_evening_with_open_sheets_does_not_count_yet(club, play_evening):
    one = play_evening(club, "jan", EIGHT, rounds=2, played=1)
    season = create_season(club, "2025", name="Saison", tournaments=[one])
    assert {row.rounds for row in compute_season(season).rows} == {1}


def test_guests_do_not_count_until_they_become_members(club, play_evening, organiser):
    one = play_evening(club, "jan", EIGHT)
    two = play_evening(club, "feb", EIGHT[:3], day=2, guests=("Gustav Gast",))
    guest = Participant.objects.get(tournament=two, name="Gustav Gast")
    assert guest.member is None
    season = create_season(club, "2025", name="Saison", tournaments=[one, two])
    assert "Gustav Gast" not in {row.name for row in compute_season(season).rows}
    make_member(guest, user=organiser)
    gustav = next(row for row in compute_season(season).rows if row.name == "Gustav Gast")
    assert (gustav.evenings, gustav.points) == (1, member_points([two])["Gustav Gast"])
    # typed in again on a later evening, he is the member now
    three = play_evening(club, "mar", EIGHT[:3], day=3, guests=("gustav gast",))
    assert (
        Participant.objects.get(tournament=three, name="gustav gast").member.name == "Gustav Gast"
    )
    assert Member.objects.filter(key="gustav gast").count() == 1


def test_a_renamed_member_keeps_the_evenings_and_plays_under_the_new_name(club, play_evening):
    one = play_evening(club, "jan", EIGHT)
    anna = Member.objects.get(club=club, name="Anna Arndt")
    rename_member(anna, "Anna Berger")
    two = play_evening(club, "feb", ["anna  BERGER", *EIGHT[1:4]], day=2)
    assert Participant.objects.get(tournament=two, member=anna).name == "anna BERGER"
    season = create_season(club, "2025", name="Saison", tournaments=[one, two])
    row = next(row for row in compute_season(season).rows if row.member_id == anna.pk)
    assert (row.name, row.evenings) == ("Anna Berger", 2)
    _row, evenings = member_evenings(season, anna)
    assert [e.name for e in evenings] == ["Anna Arndt", "anna BERGER"]
    assert all(e.place is not None and e.counted for e in evenings)
    assert sum(e.points for e in evenings) == row.points


def test_a_tournament_added_later_counts_at_once_with_its_earlier_sheets(club, play_evening):
    one = play_evening(club, "jan", EIGHT)
    season = create_season(club, "2025", name="Saison", tournaments=[one])
    two = play_evening(club, "feb", EIGHT, day=2, seed=3)
    before = {row.name: row.points for row in compute_season(season).rows}
    add_tournament(season, two)
    add_tournament(season, two)  # again: nothing more
    after = {row.name: row.points for row in compute_season(season).rows}
    assert after == member_points([one, two]) != before
    assert two.audit_entries.filter(action=AuditEntry.Action.SEASON_ADDED).count() == 1


def test_a_season_refuses_another_clubs_tournament_and_bad_figures(club, play_evening):
    other = create_club("nachbarn", name="Nachbarverein")
    foreign = play_evening(other, "fremd", EIGHT[:4])
    with pytest.raises(DomainError, match="Nicht vom Verein"):
        create_season(club, "2025", name="Saison", tournaments=[foreign])
    with pytest.raises(DomainError, match="mindestens ein Abend"):
        create_season(club, "2025", name="Saison", rule="best", best=0)
    with pytest.raises(DomainError, match="nicht negativ"):
        create_season(club, "2025", name="Saison", min_rounds=-1)
    with pytest.raises(DomainError, match="fehlt die Zahl"):
        create_season(club, "2025", name="Saison", rule="best")
    assert not Season.objects.exists()
    create_season(club, "2025", name="Saison")
    with pytest.raises(DomainError, match="gibt es schon"):
        create_season(club, "2025", name="Noch mal")

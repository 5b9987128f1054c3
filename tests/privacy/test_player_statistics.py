"""A member's page across evenings: the figures from confirmed sheets equal hand-computed ones
on a small season — house rules (the example sheet of fixtures/sheets, played from two seats),
DDV (Pflichtsoli counted from the stored records) and count-down (Partien and Restpunkte as the
evening's standings count them)."""

from __future__ import annotations

import datetime
import re

import pytest

from demo.play import play_round
from rules.ddv.sample import sample_rows
from rules.stats import GAMES, GAMES_WON, PARTIES, PARTIES_WON, PFLICHTSOLOS, REST, SOLOS, SOLOS_WON
from scoring.evening.rounds import release_round
from scoring.models import Game
from scoring.standings.ranking import compute_standings
from seasons.players import player_pages
from tests.conftest import example_records
from tests.scoring.countdown_rounds import rows_of
from tournament.events.services import create_tournament
from tournament.models import Member, Participant, Round
from tournament.participants.services import import_participants
from tournament.privacy.links import personal_token
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

FOUR = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]


def evening(club, slug: str, day: int, seats: list[str], records, **options):
    """An evening of the club at one table, ``seats`` in seat order, round 1 confirmed."""
    tournament = create_tournament(
        name=f"Abend {slug}", date=datetime.date(2025, 3, day), slug=slug, club=club, **options
    )
    csv = ("Name\n" + "\n".join(seats) + "\n").encode()
    people = {p.name: p for p in import_participants(tournament, csv, "liste.csv")}
    enter_slips(tournament, {people[name].pk: seat for seat, name in enumerate(seats, 1)})
    release_round(tournament, 1)
    play_round(Round.objects.get(tournament=tournament, number=1), records)
    return tournament


def test_house_rules_figures_equal_the_hand_computed_ones(club):
    # The example sheet (16 games), Anna at seat 4, then at seat 1.
    evening(club, "maerz", 5, ["Bernd Bauer", "Carla Cramer", "Dieter Dorn", "Anna Arndt"],
            lambda sheet: example_records(4), cycles=4)  # fmt: skip
    evening(club, "april", 19, FOUR, lambda sheet: example_records(4), cycles=4)
    anna = Member.objects.get(club=club, name="Anna Arndt")
    evenings, (part,) = player_pages(anna)
    # Seat 4: -2 -4 +2 +18 +1 -6 -4 +5 -4 -6 +5 -1 0 -9 -4 +10 = 1, six games with plus points,
    # the Damensolo (game 4) played and won. Seat 1: 2 4 2 -6 -1 6 -4 5 -4 6 -15 -1 0 -9 -4 -10
    # = -29, plus points in six games (game 13 gives nobody a point: won by nobody); the
    # Bubensolo (game 11) lost.
    assert [(e.tournament.slug, e.points, e.rounds) for e in evenings] == [
        ("maerz", 1, 1),
        ("april", -29, 1),
    ]
    assert part.figures == {GAMES: 32, GAMES_WON: 6 + 6, SOLOS: 2, SOLOS_WON: 1}
    lines = dict(part.lines)
    assert lines["Abende"] == "2" and lines["Durchgänge"] == "2"
    assert lines["Spiele gewonnen"] == "12 (38 %)"
    assert lines["Soli gewonnen"] == "1 (50 %)"
    assert lines["Schnitt je Durchgang"] == "-14,00"
    assert lines["Bester Abend"].startswith("05.03.2025 Abend maerz: 1 Punkt")
    assert [bar.negative for bar in part.chart.bars] == [False, True]


def test_ddv_figures_count_the_pflichtsoli_from_the_records(club):
    tournament = evening(club, "ddv", 7, FOUR, lambda sheet: sample_rows(4, 24, 4), ruleset="ddv")
    anna = Member.objects.get(club=club, name="Anna Arndt")
    (_evening,), (part,) = player_pages(anna)
    row = next(r for r in compute_standings(tournament).rows if r.name == "Anna Arndt")
    # By hand from the stored rows: Anna sits at seat 1 and plays one Pflichtsolo (seed 4).
    games = Game.objects.filter(
        version__confirmed=True, version__sheet__round__tournament=tournament
    ).order_by("number")
    played = [g for g in games if "penalty" not in g.record]  # a penalty line is no game
    won = [g for g in played if g.points["1"] > 0]
    solos = [g for g in played if g.soloist == 1]
    pflicht = [g for g in solos if g.record.get("solo_mode") == "pflicht"]
    assert len(played) == 24
    assert part.figures[GAMES] == len(played)
    assert part.figures[GAMES_WON] == len(won)
    assert part.figures[SOLOS] == len(solos) == row.solos
    assert part.figures[PFLICHTSOLOS] == len(pflicht) == 1  # one Pflichtsolo each round
    assert _evening.points == row.total
    assert "Pflichtsoli" in dict(part.lines)


def test_countdown_figures_count_parties_and_rest_points(club):
    names = [*FOUR, "Emil Engel"]
    tournament = evening(
        club, "vierundzwanzig", 9, names, lambda sheet: rows_of("24", sheet.size, salt=1),
        ruleset="24",
    )  # fmt: skip
    anna = Member.objects.get(club=club, name="Anna Arndt")
    (_evening,), (part,) = player_pages(anna)
    row = next(r for r in compute_standings(tournament).rows if r.name == "Anna Arndt")
    assert part.figures[PARTIES] == row.parties > 0
    assert part.figures[PARTIES_WON] == row.games_won
    assert part.figures[REST] == row.rest
    assert _evening.points == row.total
    lines = dict(part.lines)
    assert "Soli" not in lines and "Partien gewonnen" in lines
    assert "Restpunkte je Partie im Schnitt" in lines


def test_the_personal_link_shows_the_page_and_a_forged_one_does_not(club, client):
    evening(club, "maerz", 5, FOUR, lambda sheet: example_records(4), cycles=4)
    anna = Member.objects.get(club=club, name="Anna Arndt")
    page = client.get(f"/p/{personal_token(anna)}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Spiele gewonnen" in text and "<svg" in text
    assert not re.search(r"<script(?![^>]*\bsrc=)", text)  # no inline script (CSP)
    assert client.get(f"/p/{anna.public_id}:falsch/").status_code == 404
    # Not public unless the club says so.
    assert client.get(f"/v/{club.slug}/spieler/{anna.public_id}/").status_code == 404
    club.public_player_pages = True
    club.save()
    assert client.get(f"/v/{club.slug}/spieler/{anna.public_id}/").status_code == 200
    assert Participant.objects.filter(member=anna).count() == 1

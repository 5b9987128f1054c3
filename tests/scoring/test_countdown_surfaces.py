"""A count-down evening on every surface that shows its standings or rules (COUNTDOWN.md §8.4,
§8.6): the organiser's and the public standings, the JSON API, the projector, a player's page,
the rules page and the season table carry Partiepunkte, Partien gewonnen/gespielt and
Restpunkte and name them so, without the Doppelkopf words that do not belong there; the house
rules' pages keep theirs. The words come through the ruleset interface."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.urls import reverse

from demo.play import play_round as play_sheets
from scoring.evening.rounds import draw_round, release_round
from scoring.standings.ranking import compute_standings
from seasons.ranking import compute_season
from seasons.services import create_season
from tests.scoring.countdown_rounds import rows_of
from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import ClubMembership, Round
from tournament.participants.services import import_participants

pytestmark = pytest.mark.django_db

NAMES = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn", "Emil Engel"]
NAMES += ["Frieda Fuchs", "Gerd Graf", "Hanna Hahn", "Ida Iske"]
# Doppelkopf words wrong on a count-down page (as whole words).
DOPPELKOPF = re.compile(
    r"\b(Augen|Solo|Soli|Re/Kontra|Re-Partei|Kontra|Pflichtsolo|Sonderpunkte|gewonnene Spiele|"
    r"Wertungspunkte|Hausregeln)\b"
)


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def countdown(organiser):
    club = create_club("kartenfreunde", name="Kartenfreunde")
    ClubMembership.objects.create(user=organiser, club=club, role=ClubMembership.Role.ORGANISER)
    tournament = create_tournament(
        name="Vierundzwanzig", date=datetime.date(2025, 5, 2), club=club, ruleset="24"
    )
    csv = ("Name\n" + "\n".join(NAMES) + "\n").encode()
    import_participants(tournament, csv, "mitglieder.csv")
    draw_round(tournament, 1, seed=3)
    release_round(tournament, 1)
    play_sheets(
        Round.objects.get(tournament=tournament, number=1),
        lambda sheet: rows_of("24", sheet.size, salt=sheet.table.number),
    )
    return tournament


def test_the_public_standings_and_api_carry_the_countdown_figures(countdown, client):
    standings = compute_standings(countdown, 1)
    page = _text(client.get(reverse("public:standings", args=[countdown.slug])).content.decode())
    for header in ("Partiepunkte", "Partien gewonnen", "Partien gespielt", "Restpunkte"):
        assert header in page
    assert not DOPPELKOPF.search(page), DOPPELKOPF.search(page)
    answer = json.loads(client.get(f"/api/t/{countdown.slug}/standings").content)
    rows = answer["rows"] if isinstance(answer, dict) else answer
    top = standings.rows[0]
    first = rows[0]
    assert first["partiepunkte"] == top.total and first["restpunkte"] == top.rest
    assert first["partien_gewonnen"] == top.games_won and first["partien"] == top.parties


def test_the_organisers_standings_page_names_the_tie_breakers_in_countdown_words(
    countdown, organiser_client
):
    page = _text(
        organiser_client.get(reverse("scoring:standings", args=[countdown.slug])).content.decode()
    )
    assert "Partiepunkte" in page and "Restpunkte" in page
    assert not DOPPELKOPF.search(page), DOPPELKOPF.search(page)


def test_the_projector_shows_the_countdown_standings(countdown, client):
    page = _text(
        client.get(
            reverse("public:projector", args=[countdown.slug]) + "?show=standings"
        ).content.decode()
    )
    assert "Partiepunkte" in page and "Stand nach Durchgang 1" in page
    for header in ("Partien gewonnen", "Partien gespielt", "Restpunkte"):  # §8.6
        assert header in page
    assert not DOPPELKOPF.search(page), DOPPELKOPF.search(page)


def test_a_players_page_counts_partiepunkte_and_parties_won(countdown, client):
    standings = compute_standings(countdown, 1)
    row = standings.rows[0]
    participant = countdown.participants.get(pk=row.participant_id)
    page = _text(
        client.get(
            reverse("public:player", args=[countdown.slug, participant.public_id])
        ).content.decode()
    )
    assert f"{row.total} Partiepunkt" in page
    assert f"{row.games_won} Partie" in page and "gewonnen" in page
    # Only the deals that ended a Partie are listed (every other deal carries no points).
    html = client.get(
        reverse("public:player", args=[countdown.slug, participant.public_id])
    ).content.decode()
    listed = html.count('class="game-point"')
    assert 0 < listed == row.parties < 24
    assert not DOPPELKOPF.search(page), DOPPELKOPF.search(page)


def test_the_rules_page_explains_the_countdown_game_and_its_ranking(countdown, client):
    page = _text(client.get(reverse("public:rules", args=[countdown.slug])).content.decode())
    assert "„24“: Regeln und Wertung" in page and "Je Spiel" in page
    assert "Partiepunkte insgesamt → Partien gewonnen → Restpunkte" in page
    assert not DOPPELKOPF.search(page), DOPPELKOPF.search(page)
    client.cookies["django_language"] = "en"
    english = _text(client.get(reverse("public:rules", args=[countdown.slug])).content.decode())
    assert "“24”: rules and scoring" in english and "Parties won" in english


def test_the_house_rules_pages_keep_their_words(client, evening, confirm_round):
    house = evening
    confirm_round(house)
    rules = _text(client.get(reverse("public:rules", args=[house.slug])).content.decode())
    assert "Hausregeln und Wertung" in rules and "Wertungspunkte" in rules
    assert "Sonderpunkte zählen nicht bei angesagten Soli" in rules
    assert "Punkte insgesamt → gewonnene Spiele (mit Pluspunkten)" in rules
    row = compute_standings(house, 1).rows[0]
    participant = house.participants.get(pk=row.participant_id)
    player = _text(
        client.get(
            reverse("public:player", args=[house.slug, participant.public_id])
        ).content.decode()
    )
    assert "gewonnene" in player and "Partiepunkt" not in player


def test_the_season_table_adds_up_the_partiepunkte(countdown, client):
    season = create_season(countdown.club, "2025", name="Saison 2025", tournaments=[countdown])
    table = compute_season(season)
    by_name = {row.name: row.points for row in table.rows}
    standings = compute_standings(countdown, 1)
    assert by_name == {row.name: row.total for row in standings.rows}
    args = [season.club.slug, season.slug]
    page = _text(client.get(reverse("public:season", args=args)).content.decode())
    assert standings.rows[0].name in page
    assert not DOPPELKOPF.search(page), DOPPELKOPF.search(page)

"""Who keeps the list, and the table sizes, follow the tournament's ruleset on every surface.

"Keeper" is a toy ruleset (defined here, on the toy of ``tests/scoring/test_toy_ruleset.py``)
that seats 3, 4 and 5 at a table like the count-down games (COUNTDOWN.md §8.1) and lets the
last seat keep the list like DDV (DDV.md §1: seat 4 at four, 5 at five; 3 at three).
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

import rules
from output.printouts.pdf_sheet_layout import grid_layout
from output.printouts.pdf_slips import slips_pdf
from output.printouts.sheet_data import spare_sheet, table_sheets
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.page import build_page
from tests.exports.conftest import pdf_text
from tests.scoring.test_toy_ruleset import Toy
from tournament.errors import DomainError
from tournament.models import Round, Seat
from tournament.seating.reading import round_with_seating
from tournament.seating.services import add_late_arrival, enter_slips, make_captain

pytestmark = pytest.mark.django_db


class Keeper(Toy):
    key = "keeper-toy"
    label = "Letzter führt die Liste"
    table_sizes = (3, 4, 5)

    def list_keeper_seat(self, table_size: int) -> int:
        return table_size

    def score_sheet(self, rows, table_size, cycles, options, lang="de", *, time_up_after=None):
        # The toy's rows default to four seats; a row here knows its table.
        sized = [dict(row, table_size=table_size) for row in rows]
        return super().score_sheet(sized, table_size, cycles, options, lang)


@pytest.fixture
def keeper_toy():
    rules.register(Keeper())
    yield rules.get("keeper-toy")
    rules.unregister("keeper-toy")


@pytest.fixture
def seven(keeper_toy, make_tournament, add_participants, organiser):
    """Seven players of the keeper toy, round 1 seated from slips 1..7 and released: table 1
    of four (slips 1-4), table 2 of three (5-7)."""
    tournament = make_tournament(ruleset="keeper-toy")
    people = add_participants(tournament, 7)
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament, people


def test_seven_players_sit_at_a_four_and_a_three_table(seven, client, organiser_client):
    tournament, people = seven
    round_ = Round.objects.get(tournament=tournament, number=1)
    sizes = [table.size for table in round_.tables.prefetch_related("seats").order_by("number")]
    assert sizes == [4, 3]

    # The organiser's round page: seven seated, the badge at seat 4 and at seat 3.
    page = organiser_client.get(reverse("tournament:round", args=[tournament.slug, 1]))
    html = page.content.decode()
    assert page.status_code == 200
    cards = [card.split("</section>")[0] for card in html.split('id="tisch-')[1:]]
    assert len(cards) == 2
    assert "3 Spieler" in cards[1]
    for card, keeper in zip(cards, (people[3], people[6]), strict=True):
        badge_line = next(line for line in card.splitlines() if 'badge captain"' in line)
        assert keeper.name in badge_line
        assert card.count('badge captain"') == 1

    # The public seating and "Wo sitze ich?".
    public = client.get(reverse("public:seating", args=[tournament.slug])).content.decode()
    for keeper in (people[3], people[6]):
        line = next(line for line in public.splitlines() if keeper.name in line)
        assert "Listenführer" in line
    assert public.count("badge captain") == 2
    lookup = client.get(reverse("public:lookup", args=[tournament.slug]), {"q": people[3].name})
    found = lookup.content.decode()
    assert "Listenführer – du führst die Liste</span>" in found  # seat 1 deals first, not 4
    lookup = client.get(reverse("public:lookup", args=[tournament.slug]), {"q": people[0].name})
    assert "Listenführer" not in lookup.content.decode().split("lookup-result")[1]

    # The JSON of the tables.
    api = client.get(reverse("api:tables", args=[tournament.slug, 1]))
    tables = json.loads(api.content)
    assert [[p["captain"] for p in t["players"]] for t in tables] == [
        [False, False, False, True],
        [False, False, True],
    ]

    # The sheets' overview names the keeper of each table.
    overview = organiser_client.get(reverse("scoring:round_sheets", args=[tournament.slug, 1]))
    rows = overview.content.decode().split("<tr")[2:]
    assert people[3].name in rows[0] and people[0].name not in rows[0]
    assert people[6].name in rows[1]


def test_the_sheet_of_a_three_seat_table(seven, organiser_client):
    tournament, people = seven
    sheet = Sheet.objects.get(round__tournament=tournament, table__number=2)
    page = build_page(sheet)
    assert page.table_size == 3
    assert [seat.captain for seat in page.seats] == [False, False, True]
    response = organiser_client.get(reverse("scoring:sheet", args=[tournament.slug, 1, 2]))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="game-row') == 3
    assert people[6].name in html
    # The captain's link of table 2 opens the sheet of the three, its keeper marked.
    token = sheet.table.entry_token
    captain = organiser_client.get(reverse("captain:sheet", args=[token]))
    assert captain.status_code == 200
    legend = captain.content.decode().split('class="seat-legend"')[1].split("</p>")[0]
    assert f"{people[6].name} (Listenführer)" in legend
    assert f"{people[4].name} (Listenführer)" not in legend
    score_url = reverse("scoring:sheet_score", args=[tournament.slug, 1, 2])
    scored = organiser_client.post(
        score_url, '{"winner": 3, "table_size": 3}', content_type="application/json"
    )
    assert scored.json()["points"] == {"1": -1, "2": -1, "3": 2}


def test_printouts_mark_the_ruleset_s_keeper(seven, organiser_client):
    tournament, people = seven
    cards = organiser_client.get(reverse("exports:table_cards_pdf", args=[tournament.slug, 1]))
    assert cards.status_code == 200
    _pages, texts = pdf_text(cards.content)
    text = " ".join(texts)
    assert "Platz 4 führt die Spielliste, Platz 1 gibt das erste Spiel." in text
    assert "Platz 3 führt die Spielliste, Platz 1 gibt das erste Spiel." in text
    assert "Platz 1 führt die Spielliste" not in text
    first = texts[0]
    # Table 1: seat 1 deals first, seat 4 keeps the list.
    assert first.index(people[0].name) > first.index("GIBT ZUERST")
    assert "LISTENFÜHRER" in first

    seating = organiser_client.get(reverse("exports:seating_pdf", args=[tournament.slug, 1]))
    _pages, texts = pdf_text(seating.content)
    assert "Listenführer: Platz 4 am Vierertisch, Platz 3 am Dreiertisch, Platz 5 am" in (
        " ".join(" ".join(texts).split())
    )

    # The printed score sheets: the keeper's column is captioned (and tinted: the ruleset's
    # printed sheet names the keeper's seat).
    sheets = table_sheets(round_with_seating(tournament, 1), "http://doko.test")
    assert [sheet.printed.list_keeper for sheet in sheets] == [4, 3]
    captions = [" ".join(lines) for lines in grid_layout(sheets[1], 500).seat_labels]
    assert captions == ["PLATZ 1", "PLATZ 2", "PLATZ 3 · LISTENFÜHRER"]
    assert grid_layout(sheets[0], 500).spec.list_keeper == 4
    assert spare_sheet(3, tournament).printed.list_keeper == 3
    response = organiser_client.get(reverse("exports:sheets_pdf", args=[tournament.slug, 1]))
    assert response.status_code == 200
    _pages, texts = pdf_text(response.content)
    assert "PLATZ 4 · LISTENFÜHRER" in " ".join(" ".join(texts).split()).upper()

    _pages, texts = pdf_text(slips_pdf(tournament, 7))
    assert "Platz 3 führt die Spielliste, Platz 1 gibt das erste Spiel." in " ".join(
        " ".join(texts).split()
    )


def test_make_captain_and_late_arrivals_follow_the_ruleset(
    keeper_toy, make_tournament, add_participants, organiser
):
    tournament = make_tournament(ruleset="keeper-toy")
    people = add_participants(tournament, 7)
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    make_captain(tournament, 1, people[0], user=organiser)
    seat = Seat.objects.get(round__number=1, round__tournament=tournament, participant=people[0])
    assert (seat.table.number, seat.number) == (1, 4)
    late = add_participants(tournament, 1, start=7)[0]
    add_late_arrival(tournament, 1, late, user=organiser)
    seat = Seat.objects.get(participant=late)
    assert (seat.table.number, seat.number) == (2, 4)  # the three-table grew to four


def test_round_two_by_placement_seats_seven_again(seven, organiser):
    from demo.play import play_round
    from tests.scoring.test_toy_ruleset import toy_records

    tournament, _people = seven
    play_round(Round.objects.get(tournament=tournament, number=1), toy_records, user=organiser)
    draw_round(tournament, 2, seed=11, user=organiser)
    round_ = Round.objects.get(tournament=tournament, number=2)
    sizes = [len(table.seats.all()) for table in round_.tables.prefetch_related("seats")]
    assert sorted(sizes, reverse=True) == [4, 3] and sizes == [4, 3]


def test_counts_and_messages_at_the_ruleset_s_sizes(
    keeper_toy, make_tournament, add_participants, organiser, organiser_client
):
    tournament = make_tournament(ruleset="keeper-toy")
    add_participants(tournament, 2)
    detail = organiser_client.get(reverse("tournament:detail", args=[tournament.slug]))
    text = " ".join(detail.content.decode().split())
    assert "es werden mindestens 3 gebraucht" in text
    assert "Setzbar ist ab 3 jede Teilnehmerzahl." in text
    with pytest.raises(DomainError, match="mindestens 3"):
        draw_round(tournament, 1, seed=1, user=organiser)
    add_participants(tournament, 4, start=2)
    detail = organiser_client.get(reverse("tournament:detail", args=[tournament.slug]))
    assert "Tische: 0 Vierertische, 2 Dreiertische" in " ".join(detail.content.decode().split())
    slips = organiser_client.get(reverse("tournament:slips", args=[tournament.slug, 1]))
    html = slips.content.decode()
    assert slips.status_code == 200 and 'class="badge warn">3<' in html


def test_the_house_rules_say_which_counts_work(make_tournament, add_participants, organiser_client):
    tournament = make_tournament()
    add_participants(tournament, 7)
    detail = organiser_client.get(reverse("tournament:detail", args=[tournament.slug]))
    text = " ".join(detail.content.decode().split())
    assert "lassen sich nicht an Vierer- und Fünfertische setzen" in text
    assert "Setzbar sind 4, 5, 8, 9, 10 und ab 12 jede Teilnehmerzahl." in text


def test_house_rules_keep_seat_one(make_tournament, add_participants, organiser, client):
    tournament = make_tournament()
    people = add_participants(tournament, 9)
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    api = json.loads(client.get(reverse("api:tables", args=[tournament.slug, 1])).content)
    assert [[p["captain"] for p in t["players"]] for t in api] == [
        [True, False, False, False],
        [True, False, False, False, False],
    ]


def test_a_substitute_takes_the_keeper_s_seat_at_a_three_table(
    seven, add_participants, organiser, organiser_client
):
    from scoring.evening.substitutes import replace_player

    tournament, people = seven
    substitute = add_participants(tournament, 1, start=7)[0]
    replace_player(tournament, 1, 2, 3, substitute, 2, reason="müde", user=organiser)
    page = organiser_client.get(reverse("tournament:round", args=[tournament.slug, 1]))
    card = page.content.decode().split('id="tisch-2"')[1].split("</section>")[0]
    keeper_line = next(line for line in card.splitlines() if "badge captain" in line)
    assert people[6].name in keeper_line and substitute.name in keeper_line
    sheet = Sheet.objects.get(round__tournament=tournament, table__number=2)
    assert [seat.captain for seat in build_page(sheet).seats] == [False, False, True]

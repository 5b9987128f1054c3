"""Evening formats: Summe der Punkte, Tischpunkte and Schnitt je Durchgang, ranked on hand-computed
tables (shared places at a table, a late arrival, the minimum rounds for the Schnitt), and the
format's setting (locked once a round is out, audited, in the backup)."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from output.backup.document import dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from rules.standings import table_points
from scoring.models import ScoreLine, Sheet, SheetVersion
from scoring.standings.ranking import compute_standings
from tests.exports.conftest import pdf_text
from tournament.errors import DomainError
from tournament.events.services import update_tournament
from tournament.models import AuditEntry, Round, Seat, Table, Tournament

pytestmark = pytest.mark.django_db


def test_table_points_by_place_at_four_and_five():
    assert table_points({"a": 30, "b": 10, "c": -10, "d": -30}) == {
        "a": 3,
        "b": 1,
        "c": -1,
        "d": -3,
    }
    five = table_points({"a": 9, "b": 7, "c": 5, "d": 3, "e": 1})
    assert five == {"a": 4, "b": 2, "c": 0, "d": -2, "e": -4}


def test_tied_players_at_a_table_share_their_places_points():
    # Two first at four: (3 + 1) / 2 = 2 each; the others -1 and -3.
    assert table_points({"a": 20, "b": 20, "c": 0, "d": -40}) == {"a": 2, "b": 2, "c": -1, "d": -3}
    # Three last at five: (0 - 2 - 4) / 3 = -2 each.
    tied = table_points({"a": 9, "b": 7, "c": 0, "d": 0, "e": 0})
    assert tied == {"a": 4, "b": 2, "c": -2, "d": -2, "e": -2}
    # All equal at four: (3 + 1 - 1 - 3) / 4 = 0.
    assert set(table_points(dict.fromkeys("abcd", 5)).values()) == {0}
    # A count-down table of three would go +2/0/-2.
    assert table_points({"a": 1, "b": 2, "c": 3}) == {"a": -2, "b": 0, "c": 2}


def play(tournament: Tournament, number: int, tables: list[dict]) -> None:
    """Round ``number`` released and confirmed as given: per table, participant -> points (one
    score line each, seats in the order given)."""
    round_ = Round.objects.create(tournament=tournament, number=number, status="released")
    for index, points in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=index)
        sheet = Sheet.objects.create(table=table, round=round_, status=Sheet.Status.CONFIRMED)
        SheetVersion.objects.create(sheet=sheet, number=1, source="desk", confirmed=True)
        for seat, (participant, value) in enumerate(points.items(), start=1):
            Seat.objects.create(round=round_, table=table, participant=participant, number=seat)
            ScoreLine.objects.create(
                sheet=sheet,
                round=round_,
                participant=participant,
                game_number=1,
                seat=seat,
                points=value,
                won=value > 0,
                soloist=False,
            )


@pytest.fixture
def nine(tournament, add_participants):
    """Nine players, A–I (the fixture's names in order)."""
    return tournament, add_participants(tournament, 9)


def by_name(standings):
    return {row.name: row for row in standings.rows}


def test_tischpunkte_rank_by_places_then_points(nine):
    tournament, (a, b, c, d, e, f, g, h, i) = nine
    # Round 1: a 4-table with two tied first (2 each), and a 5-table.
    play(
        tournament,
        1,
        [
            {a: 40, b: 40, c: -20, d: -60},  # a 2, b 2, c -1, d -3
            {e: 90, f: 30, g: 0, h: -50, i: -70},  # e 4, f 2, g 0, h -2, i -4
        ],
    )
    # Round 2: a 5-table and a 4-table.
    play(
        tournament,
        2,
        [
            {a: -10, c: 10, e: 0, g: 30, i: -30},  # g 4, c 2, e 0, a -2, i -4
            {b: 5, d: 50, f: -25, h: -30},  # d 3, b 1, f -1, h -3
        ],
    )
    Tournament.objects.filter(pk=tournament.pk).update(evening_format="table_points")
    tournament.refresh_from_db()
    standings = compute_standings(tournament)
    rows = by_name(standings)
    expected = {a: 0, b: 3, c: 1, d: 0, e: 4, f: 1, g: 4, h: -5, i: -8}
    assert {p.name: rows[p.name].table_points for p in expected} == {
        p.name: points for p, points in expected.items()
    }
    # e and g: 4 Tischpunkte each, e ahead on points (90 against 30); b 3; c and f 1 each, f
    # ahead on points (5 against -10); a and d 0, a ahead (30 against -10).
    order = [row.name for row in standings.rows]
    assert order == [p.name for p in (e, g, b, f, c, a, d, h, i)]
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    # Under the sum of points the same evening ranks e first, then g (90, 30) …
    Tournament.objects.filter(pk=tournament.pk).update(evening_format="sum")
    tournament.refresh_from_db()
    assert compute_standings(tournament).rows[0].name == e.name


def test_schnitt_ranks_a_late_arrival_by_the_rounds_played_and_the_minimum(nine):
    tournament, (a, b, c, d, e, f, g, h, i) = nine
    play(tournament, 1, [{a: 30, b: 10, c: -10, d: -30}, {e: 20, f: 20, g: -20, h: -20}])
    # i arrives for round 2 and plays rounds 2 and 3; h leaves after round 2.
    play(tournament, 2, [{a: 0, b: 0, c: 0, d: 0, i: 20}, {e: 10, f: -10, g: 10, h: -10}])
    play(tournament, 3, [{a: 30, b: -30, c: 0, d: 0}, {e: 0, f: 0, g: 0, i: 30}])
    Tournament.objects.filter(pk=tournament.pk).update(
        evening_format="average", average_min_rounds=2
    )
    tournament.refresh_from_db()
    standings = compute_standings(tournament)
    rows = by_name(standings)
    # i: 50 in 2 rounds = 25.0 (fewer points than a, a better average); a: 60 / 3 = 20.0;
    # e: 30 / 3 = 10.0; f 10 / 3 = 3.3;
    # b -20 / 3 = -6.7; g -10 / 3 = -3.3; c -10 / 3 = -3.3; h -30 / 2 = -15.0; d -30 / 3 = -10.0.
    assert rows[i.name].rounds_played == 2 and rows[i.name].average == 25.0
    assert rows[a.name].average == 20.0 and rows[f.name].average == 3.3
    assert rows[h.name].rounds_played == 2 and rows[h.name].average == -15.0
    order = [row.name for row in standings.rows]
    # g and c tie on the average and the points (-10); g has more games won, 1 against 0.
    assert order == [p.name for p in (i, a, e, f, g, c, b, d, h)]
    assert standings.rows[0].rank == 1
    # The sum of points would put a (60) before i (50). The minimum of three rounds puts i and
    # h after the ranked ones, without a place.
    Tournament.objects.filter(pk=tournament.pk).update(average_min_rounds=3)
    tournament.refresh_from_db()
    standings = compute_standings(tournament)
    order = [row.name for row in standings.rows]
    assert order == [p.name for p in (a, e, f, g, c, b, d, i, h)]
    assert [row.rank for row in standings.rows][-2:] == [0, 0]
    assert [row.rank for row in standings.rows][:7] == [1, 2, 3, 4, 5, 6, 7]


def test_a_countdown_evening_keeps_partiepunkte_whatever_the_format(make_tournament):
    tournament = make_tournament(ruleset="24")
    Tournament.objects.filter(pk=tournament.pk).update(evening_format="table_points")
    tournament.refresh_from_db()
    assert tournament.standings_format == "sum"


def test_the_format_is_audited_and_locked_once_a_round_is_out(tournament, organiser):
    update_tournament(tournament, user=organiser, evening_format="average", average_min_rounds=2)
    entry = AuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert "evening_format" in entry.summary and "average_min_rounds" in entry.summary
    Round.objects.create(tournament=tournament, number=1, status="released")
    with pytest.raises(DomainError) as refused:
        update_tournament(tournament, user=organiser, evening_format="table_points")
    assert refused.value.field == "evening_format"
    tournament.refresh_from_db()
    assert tournament.evening_format == "average"


def test_a_bad_minimum_is_refused_naming_the_field(tournament):
    with pytest.raises(DomainError) as refused:
        update_tournament(tournament, average_min_rounds=0)
    assert refused.value.field == "average_min_rounds"


def test_the_backup_carries_the_format_and_an_older_one_sums_the_points(tournament):
    tournament = update_tournament(tournament, evening_format="average", average_min_rounds=3)
    data = loads(dumps(export_tournament(tournament)))
    assert data["tournament"]["evening_format"] == "average"
    restored = import_tournament(data, slug="kopie")
    assert (restored.evening_format, restored.average_min_rounds) == ("average", 3)
    del data["tournament"]["evening_format"], data["tournament"]["average_min_rounds"]
    older = import_tournament(data, slug="aelter")
    assert (older.evening_format, older.average_min_rounds) == ("sum", 1)


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _body(answer) -> bytes:
    assert answer.status_code == 200, answer.status_code
    return b"".join(answer.streaming_content) if answer.streaming else answer.content


@pytest.mark.parametrize(
    ("evening_format", "header", "figure", "api", "certificate"),
    [
        ("table_points", "Tischpunkte", "7", ("table_points", 7), "mit 7 Tischpunkten"),
        ("average", "Schnitt", "45,0", ("average", 45.0), "mit 45,0 Punkten je Durchgang"),
    ],
)
def test_every_surface_shows_the_formats_metric(
    nine, organiser_client, client, evening_format, header, figure, api, certificate
):
    """The organiser's and the public standings, the JSON API, the projector, the standings
    PDF, the workbook and the certificates show the format's metric of the leader."""
    tournament, (a, b, c, d, e, f, g, h, i) = nine
    play(tournament, 1, [{a: 30, b: 10, c: -10, d: -30}, {e: 20, f: 20, g: -20, h: -20}])
    play(tournament, 2, [{a: 0, b: 0, c: 0, d: 0, i: 60}, {e: 10, f: -10, g: 10, h: -10}])
    play(tournament, 3, [{a: 30, b: -30, c: 0, d: 0}, {e: 0, f: 0, g: 0, i: 30}])
    Tournament.objects.filter(pk=tournament.pk).update(evening_format=evening_format)
    tournament.refresh_from_db()
    leader = compute_standings(tournament).rows[0]
    # Tischpunkte: i +4 at a five (four tied last) and +3 at a four, 7; a 3 - 1 + 3 = 5 next.
    # Schnitt: i 90 in 2 rounds, 45,0.
    assert (leader.name, getattr(leader, api[0])) == (i.name, api[1])
    slug = tournament.slug
    pages = {
        "organiser": organiser_client.get(reverse("scoring:standings", args=[slug])),
        "public": client.get(reverse("public:standings", args=[slug])),
        "projector": client.get(reverse("public:projector", args=[slug]) + "?show=standings"),
    }
    for surface, answer in pages.items():
        text = _text(_body(answer).decode())
        short = "Tischp." if evening_format == "table_points" else "Schnitt"
        assert (short if surface == "projector" else header) in text, surface
        assert re.search(rf"{re.escape(i.name)}.*?\b{re.escape(figure)}\b", text), surface
    rows = json.loads(client.get(f"/api/t/{slug}/standings").content)
    rows = rows["rows"] if isinstance(rows, dict) else rows
    assert rows[0]["name"] == i.name and rows[0][api[0]] == api[1]
    _pages, texts = pdf_text(
        _body(organiser_client.get(reverse("exports:standings_pdf", args=[slug])))
    )
    printed = " ".join(" ".join(texts).split())
    assert ("Tischp." if evening_format == "table_points" else "Schnitt") in printed
    assert re.search(rf"{re.escape(i.name)}.*?\b{re.escape(figure)}\b", printed)
    book = load_workbook(
        io.BytesIO(_body(organiser_client.get(reverse("exports:standings_xlsx", args=[slug]))))
    )
    cells = [[cell.value for cell in row] for row in book.worksheets[0].iter_rows()]
    at = next(index for index, row in enumerate(cells) if header in row)
    first = dict(zip(cells[at], cells[at + 1], strict=False))
    assert first[header] == api[1]
    _pages, texts = pdf_text(
        _body(organiser_client.get(reverse("exports:certificates_pdf", args=[slug])))
    )
    assert certificate in " ".join(texts[0].split())


def test_the_standings_page_lists_those_below_the_minimum_last_without_a_place(nine, client):
    tournament, (a, b, c, d, e, f, g, h, i) = nine
    play(tournament, 1, [{a: 30, b: 10, c: -10, d: -30}, {e: 20, f: 20, g: -20, h: -20}])
    play(tournament, 2, [{a: 0, b: 0, c: 0, d: 0, i: 60}, {e: 10, f: -10, g: 10, h: -10}])
    play(tournament, 3, [{a: 30, b: -30, c: 0, d: 0}, {e: 0, f: 0, g: 0, i: 30}])
    Tournament.objects.filter(pk=tournament.pk).update(
        evening_format="average", average_min_rounds=3
    )
    page = _text(_body(client.get(reverse("public:standings", args=[tournament.slug]))).decode())
    # i (45,0 in two rounds) follows the seventh place, without one; h (-15,0) last.
    assert re.search(rf"7\. {d.name} .*– {i.name} .*– {h.name} ", page), page

"""A sheet reopened for a correction keeps its last confirmed result on every surface until it is
confirmed again (issue 21: its players dropped to 0 in the public table meanwhile). The round is
open again all the same: the printout says "vorläufig", the round cannot close, and round two is
not seated by placement until the correction is confirmed.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from output.printouts.pdf_standings import standings_pdf
from output.printouts.sheet_data import table_sheets
from output.reports import game_points_rows, games_rows, standings_rows
from scoring.evening.rounds import close_round, draw_round
from scoring.models import ScoreLine, Sheet, SheetVersion
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, reopen_sheet, submit_sheet
from scoring.standings.ranking import compute_standings
from tests.conftest import example_records
from tests.exports.conftest import pdf_text
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.errors import DomainError
from tournament.models import Round, Seat
from tournament.seating.reading import round_with_seating

pytestmark = pytest.mark.django_db


def surfaces(tournament, client) -> dict[str, object]:
    """What each public surface and export says about the standings after round 1."""
    standings = compute_standings(tournament, 1)
    api = client.get(reverse("api:standings", args=[tournament.slug])).json()
    page = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    projector = client.get(
        reverse("public:projector", args=[tournament.slug]) + "?show=standings"
    ).content.decode()
    player = Seat.objects.get(round__tournament=tournament, table__number=2, number=1).participant
    own_page = client.get(reverse("public:player", args=[tournament.slug, player.public_id]))
    return {
        "player": [(r["number"], r["games"], r["total"]) for r in own_page.context["rounds"]],
        "api": [(row["name"], row["points"]) for row in api],
        "rows": [(row.name, row.total, row.games_played) for row in standings.rows],
        "workbook": standings_rows(standings).rows,
        "games": len(games_rows(tournament).rows),
        "game points": len(game_points_rows(tournament).rows),
        "page": [(row.name in page, f">{row.total}<" in page) for row in standings.rows],
        "projector": [(row.name in projector) for row in standings.rows],
    }


def test_a_reopened_sheet_counts_with_its_last_confirmation_everywhere(
    evening, organiser, confirm_round, client
):
    confirm_round(evening, 1, organiser)
    before = surfaces(evening, client)
    assert all(total != 0 for _name, total, _games in before["rows"][:4])
    assert len(before["player"][0][1]) == len(example_records(4))  # the player's 16 games
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 2)

    reopen_sheet(sheet, reason="Spiel 16 falsch", user=organiser)

    assert surfaces(evening, client) == before
    assert ScoreLine.objects.filter(sheet=sheet).count() == 64
    # The printout says which version counts and that the round is open again.
    _pages, texts = pdf_text(standings_pdf(compute_standings(evening, 1)))
    assert "Vorläufig: 3 von 4 Listen bestätigt" in " ".join(texts).replace("\n", " ")
    printed = table_sheets(round_with_seating(evening, 1), "http://x", with_games=True)[1]
    assert printed.note == "erfasst: Version 1, bestätigt, wieder geöffnet"


def test_the_corrected_sheet_replaces_the_last_confirmation_when_confirmed(
    evening, organiser, confirm_round, client
):
    confirm_round(evening, 1, organiser)
    url = reverse("api:standings", args=[evening.slug])
    first = client.get(url)
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 2)
    reopen_sheet(sheet, reason="Spiel 16 falsch", user=organiser)
    sheet.refresh_from_db()
    records = example_records(4)
    records[15] = {"kind": "normal", "winners": [2, 4], "value": 9}
    submit_sheet(sheet, records, expected_revision=sheet.revision, final=True, user=organiser)
    sheet.refresh_from_db()

    confirm_sheet(sheet, user=organiser)

    again = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert again.status_code == 200 and again.headers["ETag"] != first.headers["ETag"]
    assert again.json() != first.json()
    assert SheetVersion.objects.get(sheet=sheet, confirmed=True).number == 2
    lines = ScoreLine.objects.filter(sheet=sheet)
    assert lines.count() == 64
    assert sorted(lines.filter(game_number=16).values_list("seat", "points")) == [
        (1, -9),
        (2, 9),
        (3, -9),
        (4, 9),
    ]


def test_while_a_sheet_is_reopened_the_round_neither_closes_nor_seats_round_two(
    evening, organiser, confirm_round
):
    confirm_round(evening, 1, organiser)
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 2)
    reopen_sheet(sheet, reason="Einspruch", user=organiser)
    with pytest.raises(DomainError, match="Tisch 2 sind noch nicht bestätigt"):
        close_round(evening, 1, user=organiser)
    with pytest.raises(DomainError, match="Tisch 2 sind nicht bestätigt"):
        draw_round(evening, 2, seed=7, user=organiser)


def test_the_organiser_sees_which_version_counts_while_the_sheet_is_reopened(
    evening, organiser, confirm_round, organiser_client
):
    confirm_round(evening, 1, organiser)
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 2)
    reopen_sheet(sheet, reason="Einspruch", user=organiser)
    page = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 2]))
    assert page.status_code == 200
    assert (
        "Wieder geöffnet: bis zur neuen Bestätigung zählt in der Tabelle weiter die bestätigte "
        "Version 1." in page.content.decode()
    )
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.SUBMITTED


def test_a_round_whose_every_sheet_is_reopened_still_shows_its_points(
    evening, organiser, confirm_round
):
    confirm_round(evening, 1, organiser)
    before = compute_standings(evening)
    for sheet in Sheet.objects.filter(round__tournament=evening):
        reopen_sheet(sheet, reason="Einspruch", user=organiser)
    after = compute_standings(evening)
    assert after.after_round == 1 and after.rows == before.rows
    assert after.open_sheets is not None and after.open_sheets.open == 4


def test_a_backup_keeps_the_last_confirmation_of_a_reopened_sheet(
    evening, organiser, confirm_round
):
    from output.backup.document import dumps, loads
    from output.backup.export import export_tournament
    from output.backup.restore import import_tournament

    confirm_round(evening, 1, organiser)
    reopen_sheet(
        sheet_for(Round.objects.get(tournament=evening, number=1), 2), reason="x", user=organiser
    )

    copy_ = import_tournament(loads(dumps(export_tournament(evening))), slug="kopie")

    def totals(tournament) -> list[tuple[str, int]]:
        return [(row.name, row.total) for row in compute_standings(tournament).rows]

    assert totals(copy_) == totals(evening)
    reopened = Sheet.objects.get(round__tournament=copy_, table__number=2)
    assert reopened.status == Sheet.Status.SUBMITTED
    assert ScoreLine.objects.filter(sheet=reopened).count() == 64


def test_reopening_at_the_desk_says_what_counts_and_badges_the_sheet_reopened(
    evening, organiser, confirm_round, organiser_client
):
    confirm_round(evening, 1, organiser)
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 2)
    answer = organiser_client.post(
        reverse("scoring:sheet_reopen", args=[evening.slug, 1, 2]),
        {"reason": "Einspruch", "revision": str(sheet.revision)},
        follow=True,
    )
    html = answer.content.decode()
    assert "zählt vorerst nicht" not in html
    assert (
        "Die Liste ist wieder geöffnet. Bis sie erneut bestätigt ist, zählt weiter ihre zuletzt "
        "bestätigte Fassung." in html
    )
    head = html.split('<div class="page-head">', 1)[1].split("</h1>", 1)[0]
    assert '<span class="badge submitted" id="sheet-badge">wieder geöffnet</span>' in head, head
    overview = organiser_client.get(reverse("scoring:round_sheets", args=[evening.slug, 1]))
    statuses = overview.content.decode().split("<tbody>", 1)[1]
    assert statuses.count(">wieder geöffnet</span>") == 1
    assert statuses.count('<span class="badge confirmed">bestätigt</span>') == 3
    lead = overview.content.decode().split('<p class="lead">', 1)[1].split("</p>", 1)[0]
    assert lead == "0 offen · 0 abgegeben · 3 bestätigt · 1 wieder geöffnet", lead


def test_the_rounds_list_counts_a_ddv_penalty_line_as_no_game(
    ddv_evening,  # noqa: F811
    organiser,
    organiser_client,
):
    from tests.scoring.test_ddv_desk import MINOR, RD1

    sheet = sheet_for(Round.objects.get(tournament=ddv_evening, number=1), 1)
    submit_sheet(sheet, [*RD1[:2], MINOR, RD1[2]], expected_revision=0, user=organiser, final=False)
    html = organiser_client.get(reverse("scoring:round_sheets", args=[ddv_evening.slug, 1]))
    assert "V1 · 3 Spiele ·" in html.content.decode()

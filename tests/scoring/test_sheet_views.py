"""The sheet page: quick entry, refused rows kept with their messages, versions, actions."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Game, Sheet, SheetVersion
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, submit_sheet
from tests.conftest import example_records
from tournament.models import Round

pytestmark = pytest.mark.django_db


def url(tournament, table=1, suffix=""):
    return reverse("scoring:sheet", args=[tournament.slug, 1, table]) + suffix


def the_sheet(tournament, table=1) -> Sheet:
    return sheet_for(Round.objects.get(tournament=tournament, number=1), table)


def quick(rows: dict[int, tuple[str, str]], kind: dict[int, str] | None = None, **extra) -> dict:
    data = {"revision": "0", **extra}
    for number, (winners, value) in rows.items():
        data[f"g{number}-winners"] = winners
        data[f"g{number}-value"] = value
        data[f"g{number}-kind"] = (kind or {}).get(number, "normal")
    return data


def test_sheet_page_shows_dealers_and_the_sitting_out_dealer(organiser_client, evening):
    page = organiser_client.get(url(evening, 3)).content.decode()
    assert page.count("setzt aus") >= 20
    assert "Uwe Krämer" in page and "Listenführer" in page


def test_quick_entry_saves_a_version(organiser_client, evening, organiser):
    response = organiser_client.post(
        url(evening), quick({1: ("14", "3"), 2: ("2", "5")}, {2: "solo_damen"}, save="1")
    )
    assert response.status_code == 302
    version = SheetVersion.objects.get()
    games = list(version.games.order_by("number"))
    assert games[0].points == {"1": 3, "2": -3, "3": -3, "4": 3}
    assert games[1].points == {"1": -5, "2": 15, "3": -5, "4": -5}
    assert games[1].soloist == 2
    assert version.created_by == organiser and version.source == "desk"


def test_solo_lost_soloist_follows_from_the_three_winners(organiser_client, evening):
    organiser_client.post(url(evening), quick({1: ("134", "5")}, {1: "solo_buben"}, save="1"))
    game = SheetVersion.objects.get().games.get()
    assert game.points == {"1": 5, "2": -15, "3": 5, "4": 5}
    assert game.record["re"] == [2]


def test_a_bad_row_is_marked_and_nothing_typed_is_lost(organiser_client, evening):
    data = quick({1: ("14", "3"), 2: ("1x", "2"), 3: ("23", "abc"), 4: ("12", "31")}, save="1")
    response = organiser_client.post(url(evening), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "Spiel 2:" in page and "„1x“" in page
    assert "Spiel 3:" in page and "„abc“ ist keine ganze Zahl" in page
    assert 'value="14"' in page and 'value="1x"' in page and 'value="abc"' in page
    assert not SheetVersion.objects.exists()


def test_engine_refusals_are_shown_at_their_row(organiser_client, evening):
    response = organiser_client.post(
        url(evening), quick({1: ("14", "3"), 2: ("123", "2")}, save="1")
    )
    assert response.status_code == 400
    row = response.context["page"].rows[1]
    assert row.problems and "winners" in row.problems
    assert not SheetVersion.objects.exists()


def test_a_second_writer_with_an_old_revision_gets_reload_message(organiser_client, evening):
    organiser_client.post(url(evening), quick({1: ("14", "3")}, save="1"))
    response = organiser_client.post(url(evening), quick({1: ("23", "1")}, save="1"))
    assert response.status_code == 409
    assert "inzwischen geändert" in response.content.decode()
    assert SheetVersion.objects.count() == 1
    assert SheetVersion.objects.get().games.get().plus == [1, 4]


def test_save_and_confirm_needs_every_game(organiser_client, evening):
    rows = {n: ("14", "1") for n in range(1, 16)}
    response = organiser_client.post(url(evening), quick(rows, confirm="1"))
    assert response.status_code == 400
    assert "15 von 16 Spielen" in response.content.decode()
    rows[16] = ("23", "2")
    response = organiser_client.post(url(evening), quick(rows, confirm="1"))
    assert response.status_code == 302
    assert the_sheet(evening).status == Sheet.Status.CONFIRMED


def test_direct_points_and_revoke_rows(organiser_client, evening):
    data = {
        "revision": "0",
        "save": "1",
        "g1-kind": "normal",
        "g1-p1": "-4",
        "g1-p2": "4",
        "g1-p3": "4",
        "g1-p4": "-4",
        "g2-kind": "normal",
        "g2-offender": "2",
    }
    assert organiser_client.post(url(evening), data).status_code == 302
    games = list(SheetVersion.objects.get().games.order_by("number"))
    assert games[0].method == "direct_points" and games[0].points["2"] == 4
    assert games[1].method == "revoke" and games[1].points == {"1": 5, "2": -15, "3": 5, "4": 5}


def test_calculator_record_is_scored_and_kept(organiser_client, evening):
    record = {
        "kind": "normal",
        "re": [1, 3],
        "augen_re": 150,
        "statements": [{"party": "re", "call": "re"}],
    }
    data = {"revision": "0", "save": "1", "g1-kind": "normal", "g1-record": json.dumps(record)}
    assert organiser_client.post(url(evening), data).status_code == 302
    game = SheetVersion.objects.get().games.get()
    assert game.method == "calculator" and game.value == 2
    assert [key for key, _points in game.breakdown] == ["won_120", "call_re"]
    page = organiser_client.get(url(evening)).content.decode()
    assert "120 +1, Re +1" in page


def test_the_page_shows_the_stored_results_not_a_new_scoring(organiser_client, evening):
    """Screen, PDF and standings read the results stored with the games: a saved game is not
    scored again for the page (after a change of the engine, screen and paper still agree)."""
    organiser_client.post(url(evening), quick({1: ("14", "3"), 2: ("23", "1")}, save="1"))
    first = SheetVersion.objects.get().games.get(number=1)
    Game.objects.filter(pk=first.pk).update(
        points={"1": 7, "2": -7, "3": -7, "4": 7},
        value=7,
        kind="solo_damen",
        breakdown=[["won_120", 7]],
        warnings=["no_counted_statement"],
    )
    response = organiser_client.get(url(evening))
    page = response.context["page"]
    row = page.rows[0]
    assert row.points == {1: 7, 2: -7, 3: -7, 4: 7} and row.value == 7
    assert row.kind_label == "Damensolo" and row.breakdown == "120 +7"
    assert len(row.warnings) == 1 and row.counted
    assert page.rows[1].totals == {1: 6, 2: -6, 3: -6, 4: 6}
    assert page.totals == {1: 6, 2: -6, 3: -6, 4: 6}
    html = response.content.decode()
    assert "+7" in html and "120 +7" in html
    token = the_sheet(evening).table.entry_token
    captain = Client().get(reverse("captain:sheet", args=[token]))
    assert captain.context["page"].totals == {1: 6, 2: -6, 3: -6, 4: 6}
    # What is typed and not stored is still scored by the engine (the live preview).
    preview = organiser_client.post(
        url(evening, suffix="vorschau/"), quick({1: ("14", "3"), 2: ("23", "1")})
    ).json()
    assert preview["totals"] == {"1": 2, "2": -2, "3": -2, "4": 2}


def test_preview_scores_rows_without_saving(organiser_client, evening):
    response = organiser_client.post(
        url(evening, suffix="vorschau/"), quick({1: ("14", "3"), 2: ("9", "1")})
    )
    data = response.json()
    assert data["rows"][0]["points"] == {"1": 3, "2": -3, "3": -3, "4": 3}
    assert data["rows"][1]["problems"]
    assert data["totals"] == {"1": 3, "2": -3, "3": -3, "4": 3}
    assert not SheetVersion.objects.exists()


def test_score_one_game_for_the_calculator(organiser_client, evening):
    record = {"kind": "normal", "re": [1, 3], "augen_re": 241}
    response = organiser_client.post(
        url(evening, suffix="bewerten/"), json.dumps(record), content_type="application/json"
    )
    assert response.json()["error"]["field"] == "augen_re"
    response = organiser_client.post(
        url(evening, suffix="bewerten/"), "not json", content_type="application/json"
    )
    assert response.status_code == 400


def test_a_form_sent_to_the_calculator_gets_a_json_refusal_not_a_500(organiser_client, evening):
    # The form's stream is read by the input checks before the view; the view must not read
    # the body a second time.
    response = organiser_client.post(url(evening, suffix="bewerten/"), {"kind": "normal"})
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]["message"]


def test_confirm_return_reopen_and_close_actions(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(sheet, example_records(4), expected_revision=0, final=True)
    organiser_client.post(
        url(evening, suffix="zurueckgeben/"), {"comment": "Spiel 3 prüfen", "revision": "1"}
    )
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.OPEN and sheet.return_comment == "Spiel 3 prüfen"
    organiser_client.post(url(evening, suffix="bestaetigen/"), {"revision": str(sheet.revision)})
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    page = organiser_client.get(url(evening)).content.decode()
    assert "Wieder öffnen" in page
    organiser_client.post(
        url(evening, suffix="oeffnen/"), {"reason": "Tippfehler", "revision": str(sheet.revision)}
    )
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.SUBMITTED
    other = the_sheet(evening, 2)
    organiser_client.post(
        reverse("scoring:sheet_close", args=[evening.slug, 1, 2]),
        {"after_game": "8", "note": "Zeit"},
    )
    other.refresh_from_db()
    assert other.closed_after_game == 8


def test_audit_log_lists_sheet_changes(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(sheet, example_records(4), expected_revision=0, final=True)
    confirm_sheet(sheet)
    page = organiser_client.get(reverse("tournament:audit", args=[evening.slug])).content.decode()
    assert "Liste abgegeben" in page and "Liste bestätigt" in page


def test_sheet_of_unknown_table_is_404(organiser_client, evening):
    assert (
        organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 9])).status_code == 404
    )
    assert (
        organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 2, 1])).status_code == 404
    )

"""Autosave: every completed game reaches the server by itself; nothing stored is dropped by a
refused row; a change made elsewhere meanwhile is answered with the stored version (409)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Sheet, SheetVersion
from scoring.sheets.links import captain_url
from scoring.sheets.reading import latest_version, sheet_for
from scoring.sheets.services import return_sheet, submit_sheet
from tests.conftest import example_records
from tournament.models import Round, Table

pytestmark = pytest.mark.django_db


def the_sheet(tournament, table=1) -> Sheet:
    return sheet_for(Round.objects.get(tournament=tournament, number=1), table)


def autosave_url(tournament, table=1) -> str:
    return reverse("scoring:sheet_autosave", args=[tournament.slug, 1, table])


def typed(rows: dict[int, tuple[str, str]], revision: int, **kinds: str) -> dict[str, str]:
    data = {"revision": str(revision)}
    for number, (winners, value) in rows.items():
        data[f"g{number}-winners"] = winners
        data[f"g{number}-value"] = value
        data[f"g{number}-kind"] = kinds.get(f"g{number}", "normal")
    return data


def stored_games(sheet: Sheet) -> list[tuple[list[int], int]]:
    version = latest_version(sheet)
    if version is None:
        return []
    return [(game.plus, game.value) for game in version.games.order_by("number")]


def test_each_completed_game_is_stored_without_a_save_button(organiser_client, evening):
    sheet = the_sheet(evening)
    first = organiser_client.post(autosave_url(evening), typed({1: ("14", "3")}, 0)).json()
    assert first["state"] == "saved" and first["saved_as_typed"] == [1]
    assert first["stored_games"] == 1 and first["held_back_by"] is None
    second = organiser_client.post(
        autosave_url(evening), typed({1: ("14", "3"), 2: ("23", "2")}, first["revision"])
    ).json()
    assert second["state"] == "saved" and second["saved_as_typed"] == [1, 2]
    assert stored_games(sheet) == [([1, 4], 3), ([2, 3], 2)]
    assert SheetVersion.objects.filter(sheet=sheet).count() == 2
    assert second["preview"]["totals"] == {"1": 1, "2": -1, "3": -1, "4": 1}


def test_sending_the_same_games_again_writes_nothing(organiser_client, evening):
    sheet = the_sheet(evening)
    first = organiser_client.post(autosave_url(evening), typed({1: ("14", "3")}, 0)).json()
    again = organiser_client.post(
        autosave_url(evening), typed({1: ("1 + 4", "3")}, first["revision"])
    ).json()
    assert again["state"] == "unchanged" and again["revision"] == first["revision"]
    assert again["saved_as_typed"] == [1]
    assert SheetVersion.objects.filter(sheet=sheet).count() == 1


def test_a_refused_game_holds_back_the_later_ones_and_keeps_the_earlier(organiser_client, evening):
    sheet = the_sheet(evening)
    rows = {1: ("14", "3"), 2: ("123", "2"), 3: ("23", "1")}
    answer = organiser_client.post(autosave_url(evening), typed(rows, 0)).json()
    assert answer["state"] == "saved" and answer["held_back_by"] == 2
    assert answer["saved_as_typed"] == [1] and answer["stored_games"] == 1
    assert stored_games(sheet) == [([1, 4], 3)]
    row2 = answer["preview"]["rows"][1]
    assert row2["problems"] and "winners" in row2["problems"]


def test_a_refused_correction_never_removes_stored_games(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(
        sheet,
        [
            {"kind": "normal", "winners": [1, 4], "value": 3},
            {"kind": "normal", "winners": [2, 3], "value": 2},
            {"kind": "normal", "winners": [1, 2], "value": 1},
        ],
        expected_revision=0,
    )
    sheet.refresh_from_db()
    rows = {1: ("14", "3"), 2: ("9", "2"), 3: ("12", "1")}  # game 2 mistyped while correcting
    answer = organiser_client.post(autosave_url(evening), typed(rows, sheet.revision)).json()
    assert answer["state"] == "unchanged" and answer["held_back_by"] == 2
    assert answer["saved_as_typed"] == [1]
    assert stored_games(sheet) == [([1, 4], 3), ([2, 3], 2), ([1, 2], 1)]


def test_clearing_the_last_game_is_stored(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(
        sheet,
        [
            {"kind": "normal", "winners": [1, 4], "value": 3},
            {"kind": "normal", "winners": [2, 3], "value": 2},
        ],
        expected_revision=0,
    )
    sheet.refresh_from_db()
    answer = organiser_client.post(autosave_url(evening), typed({1: ("14", "3")}, sheet.revision))
    assert answer.json()["state"] == "saved" and answer.json()["stored_games"] == 1
    assert stored_games(sheet) == [([1, 4], 3)]


def test_a_stale_revision_gets_the_stored_version_to_compare(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(sheet, [{"kind": "normal", "winners": [1, 4], "value": 3}], expected_revision=0)
    response = organiser_client.post(autosave_url(evening), typed({1: ("23", "2")}, 0))
    assert response.status_code == 409
    answer = response.json()
    assert answer["state"] == "conflict" and "inzwischen geändert" in answer["message"]
    assert answer["server"]["revision"] == 1
    assert answer["server"]["rows"]["1"]["values"]["winners"] == "14"
    assert answer["server"]["rows"]["1"]["summary"].startswith("1 + 4 · 3")
    assert stored_games(sheet) == [([1, 4], 3)]


def test_the_captain_cannot_autosave_a_handed_in_sheet(evening):
    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    sheet = the_sheet(evening)
    client = Client()
    link = captain_url(table.entry_token).split("://", 1)[-1].split("/", 1)[1]
    autosave = "/" + link + "sichern/"
    first = client.post(autosave, typed({1: ("14", "3")}, 0)).json()
    assert first["state"] == "saved"
    assert SheetVersion.objects.get(sheet=sheet).source == "captain"
    Sheet.objects.filter(pk=sheet.pk).update(status=Sheet.Status.SUBMITTED)
    response = client.post(autosave, typed({1: ("14", "3"), 2: ("23", "1")}, first["revision"]))
    assert response.status_code == 409 and response.json()["state"] == "locked"
    assert "abgegeben" in response.json()["message"]
    assert stored_games(sheet) == [([1, 4], 3)]


def test_a_returned_sheet_is_a_conflict_for_the_captain_not_a_loss(evening, organiser):
    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    sheet = the_sheet(evening)
    submit_sheet(
        sheet,
        [{"kind": "normal", "winners": [1, 4], "value": 3}],
        expected_revision=0,
        source="captain",
        final=False,
    )
    sheet.refresh_from_db()
    Sheet.objects.filter(pk=sheet.pk).update(status=Sheet.Status.SUBMITTED)
    sheet.refresh_from_db()
    return_sheet(sheet, comment="Spiel 1 prüfen", user=organiser, expected_revision=sheet.revision)
    link = "/" + captain_url(table.entry_token).split("://", 1)[-1].split("/", 1)[1]
    response = Client().post(link + "sichern/", typed({1: ("14", "3"), 2: ("12", "2")}, 1))
    assert response.status_code == 409 and response.json()["state"] == "conflict"


def test_a_confirmed_sheet_refuses_autosave_from_the_desk(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(sheet, [{"kind": "normal", "winners": [1, 4], "value": 3}], expected_revision=0)
    Sheet.objects.filter(pk=sheet.pk).update(status=Sheet.Status.CONFIRMED)
    response = organiser_client.post(autosave_url(evening), typed({1: ("23", "3")}, 1))
    assert response.status_code == 409 and response.json()["state"] == "locked"
    assert "bestätigt" in response.json()["message"]
    assert stored_games(sheet) == [([1, 4], 3)]


def test_autosave_without_a_revision_is_refused_with_a_message(organiser_client, evening):
    data = typed({1: ("14", "3")}, 0)
    del data["revision"]
    response = organiser_client.post(autosave_url(evening), data)
    assert response.status_code == 400 and "neu laden" in response.json()["message"]
    assert not SheetVersion.objects.exists()


def test_autosave_needs_the_organiser_login(evening, client):
    response = client.post(autosave_url(evening), typed({1: ("14", "3")}, 0))
    assert response.status_code in (302, 403)
    assert not SheetVersion.objects.exists()


def test_autosave_stays_within_its_query_budget(
    organiser_client, evening, django_assert_max_num_queries
):
    rows = {number: ("14" if number % 2 else "23", "2") for number in range(1, 17)}
    organiser_client.post(autosave_url(evening), typed(dict(list(rows.items())[:15]), 0))
    revision = the_sheet(evening).revision
    with django_assert_max_num_queries(24):
        answer = organiser_client.post(autosave_url(evening), typed(rows, revision)).json()
    assert answer["state"] == "saved" and answer["stored_games"] == 16
    with django_assert_max_num_queries(14):
        again = organiser_client.post(autosave_url(evening), typed(rows, answer["revision"]))
    assert again.json()["state"] == "unchanged"


def test_the_sheet_page_carries_the_stored_rows_for_the_device(organiser_client, evening):
    sheet = the_sheet(evening)
    submit_sheet(sheet, [{"kind": "normal", "winners": [1, 4], "value": 3}], expected_revision=0)
    page = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 1]))
    state = page.context["server_state"]
    assert state["revision"] == 1 and state["rows"]["1"]["values"]["value"] == "3"
    html = page.content.decode()
    assert 'id="sheet-server-state"' in html and 'data-autosave-url="' in html
    assert 'id="sheet-texts"' in html


def test_the_service_worker_is_served_for_the_captain_links(client):
    response = client.get("/e/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert "/static/js/sheet.js" in body and "/static/css/app.css" in body
    assert 'request.method !== "GET"' in body  # saving never comes from the cache


def test_a_captain_link_has_a_web_app_manifest(evening, client):
    table = Table.objects.get(round__tournament=evening, round__number=1, number=2)
    link = "/" + captain_url(table.entry_token).split("://", 1)[-1].split("/", 1)[1]
    page = client.get(link).content.decode()
    assert f'<link rel="manifest" href="{link}manifest.webmanifest">' in page
    response = client.get(link + "manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["start_url"] == link and manifest["display"] == "standalone"
    assert manifest["short_name"] == "Tisch 2"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


def test_an_unknown_link_has_no_manifest(evening, client):
    assert client.get("/e/" + "x" * 32 + "/manifest.webmanifest").status_code == 404


def test_calculator_data_nested_too_deeply_is_refused_and_stores_nothing(organiser_client, evening):
    data = typed({1: ("14", "3")}, 0)
    data["g2-record"] = "[" * 50 + "]" * 50
    data["g2-kind"] = "normal"
    response = organiser_client.post(autosave_url(evening), data)
    assert response.status_code == 400 and "Spiel 2" in response.json()["message"]
    assert not SheetVersion.objects.exists()


def test_a_save_elsewhere_while_the_form_is_scored_is_a_conflict_not_an_overwrite(
    organiser_client, evening, organiser, monkeypatch
):
    """The autosave reads and scores the form before its write transaction (so that SQLite's
    one write lock is held only for the write); a save that lands in between is caught by the
    revision under the lock: 409 with the stored games, nothing of this request stored."""
    from scoring.sheets import autosave

    sheet = the_sheet(evening)
    real = autosave.build_page
    stored: list = []

    def meanwhile(*args, **kwargs):
        page = real(*args, **kwargs)
        if stored:  # only once: the conflict answer builds the stored page again
            return page
        fresh = Sheet.objects.get(pk=sheet.pk)
        records = example_records(fresh.table.size)[:1]
        submit_sheet(fresh, records, expected_revision=fresh.revision, user=organiser)
        stored.extend(stored_games(fresh))
        return page

    monkeypatch.setattr(autosave, "build_page", meanwhile)
    response = organiser_client.post(autosave_url(evening), typed({1: ("14", "3")}, 0))
    assert response.status_code == 409
    assert response.json()["state"] == "conflict"
    assert stored and stored_games(sheet) == stored  # the other save, untouched
    assert SheetVersion.objects.filter(sheet=sheet).count() == 1

"""Polling the public standings, projector and JSON API is cheap: the answer carries an ETag and
Last-Modified from the tournament's last public change, and asking again with them is a 304
without a database query (the stamp is in the shared cache), until a sheet is confirmed or
reopened, a round released or a switch flipped. A switched-off page stays a 404 whatever
validator the client sends."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils.http import http_date

from scoring.models import Sheet
from scoring.sheets.services import reopen_sheet, submit_sheet
from tests.conftest import example_records
from tournament.events.services import update_tournament
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


def sheet_of(tournament, table: int) -> Sheet:
    return Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=table)


def hand_in(sheet: Sheet, user, *, confirm: bool) -> None:
    submit_sheet(
        sheet,
        example_records(sheet.table.size),
        expected_revision=sheet.revision,
        user=user,
        final=True,
        confirm=confirm,
    )


@pytest.fixture
def played(evening, organiser):
    """The evening with table 1's sheet confirmed (3 of 4 sheets still open)."""
    hand_in(sheet_of(evening, 1), organiser, confirm=True)
    return evening


def urls(tournament) -> dict[str, str]:
    return {
        "standings": reverse("public:standings", args=[tournament.slug]),
        "projector": reverse("public:projector", args=[tournament.slug]) + "?show=standings",
        "api": reverse("api:standings", args=[tournament.slug]),
    }


@pytest.mark.parametrize("page", ["standings", "projector", "api"])
def test_asking_again_with_the_etag_is_a_304_without_a_query(
    client, played, page, django_assert_num_queries
):
    url = urls(played)[page]
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert first.headers["Last-Modified"]

    with django_assert_num_queries(0):  # the stamp is in the shared cache
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["ETag"] == etag


def test_a_confirmation_brings_a_new_etag_and_the_new_standings_at_once(client, played, organiser):
    url = urls(played)["standings"]
    first = client.get(url)
    assert "3 von 4 Listen noch offen" in first.content.decode()

    hand_in(sheet_of(played, 3), organiser, confirm=True)
    after = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert after.status_code == 200  # not from the 5-second cache of before the change
    assert "2 von 4 Listen noch offen" in after.content.decode()
    assert after.headers["ETag"] != first.headers["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=after.headers["ETag"]).status_code == 304


def test_captains_saving_drafts_leave_the_etag_alone(client, played, organiser):
    url = urls(played)["standings"]
    etag = client.get(url).headers["ETag"]
    sheet = sheet_of(played, 2)
    submit_sheet(
        sheet, example_records(sheet.table.size)[:3], expected_revision=0, source="captain"
    )
    hand_in(sheet_of(played, 4), organiser, confirm=False)  # handed in, not confirmed

    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_reopening_a_sheet_changes_the_etag_of_the_projector_and_api(client, played, organiser):
    before = {page: client.get(url).headers["ETag"] for page, url in urls(played).items()}
    reopen_sheet(sheet_of(played, 1), reason="Tippfehler", user=organiser)
    for page, url in urls(played).items():
        response = client.get(url, HTTP_IF_NONE_MATCH=before[page])
        assert response.status_code == 200, page
        assert response.headers["ETag"] != before[page]


def test_releasing_a_round_changes_the_etag(client, played, organiser):
    from scoring.evening.rounds import draw_round, release_round

    for table in (2, 3, 4):
        hand_in(sheet_of(played, table), organiser, confirm=True)
    url = urls(played)["standings"]
    etag = client.get(url).headers["ETag"]
    draw_round(played, 2, seed=5, user=organiser)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304  # a draft is not public
    release_round(played, 2, user=organiser)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


@pytest.mark.parametrize("page", ["standings", "projector", "api"])
def test_a_switched_off_page_is_404_whatever_validator_is_sent(client, played, organiser, page):
    url = urls(played)[page]
    first = client.get(url)
    switch = "public_projector" if page == "projector" else "public_standings"
    update_tournament(played, user=organiser, **{switch: False})

    hidden = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert hidden.status_code == 404
    assert "ETag" not in hidden.headers
    assert b"Stand nach Durchgang" not in hidden.content
    assert b'"rank"' not in hidden.content
    since = client.get(url, HTTP_IF_MODIFIED_SINCE=first.headers["Last-Modified"])
    assert since.status_code == 404

    update_tournament(played, user=organiser, **{switch: True})
    shown = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert shown.status_code == 200  # the switch's change is a new validator


def test_if_modified_since_gets_a_304_while_current_and_200_when_older(client, played):
    url = urls(played)["standings"]
    last_modified = client.get(url).headers["Last-Modified"]
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304

    latest = AuditEntry.objects.filter(tournament=played).latest("id")
    earlier = http_date((latest.created_at - timedelta(seconds=10)).timestamp())
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=earlier).status_code == 200


def test_the_etag_differs_by_language_and_query(client, played):
    url = urls(played)["standings"]
    german = client.get(url).headers["ETag"]
    sorted_ = client.get(url + "?sort=name").headers["ETag"]
    client.cookies["django_language"] = "en"
    english = client.get(url)
    assert english.status_code == 200
    assert len({german, sorted_, english.headers["ETag"]}) == 3
    assert client.get(url, HTTP_IF_NONE_MATCH=german).status_code == 200


def test_the_pages_carry_their_etag_for_the_polling_script(client, played):
    for page in ("standings", "projector"):
        response = client.get(urls(played)[page])
        etag = response.headers["ETag"].replace('"', "&quot;")
        assert f'data-etag="{etag}"' in response.content.decode(), page
    assert 'data-live="30"' in client.get(urls(played)["standings"]).content.decode()


def test_an_update_of_the_code_changes_the_etag(client, played, monkeypatch):
    from tournament.polling import freshness

    url = urls(played)["standings"]
    etag = client.get(url).headers["ETag"]
    monkeypatch.setattr(freshness, "code_version", lambda: "next-release")
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_full_page_from_the_cached_rows_neither_builds_nor_sorts_the_table(
    client, played, monkeypatch
):
    """After a confirmation every phone's next poll is a full page; the rows come from the cache
    filled by the first of them, and the others do not build and sort 400 rows again."""
    from scoring.standings import views

    built = []
    real = views.standings_table
    monkeypatch.setattr(views, "standings_table", lambda *a, **k: built.append(1) or real(*a, **k))
    url = urls(played)["standings"]
    first = client.get(url)
    assert first.status_code == 200 and len(built) == 1
    again = client.get(url)
    assert again.status_code == 200 and len(built) == 1
    assert again.content.count(b"<tr") == first.content.count(b"<tr") > 1
    sorted_by_name = client.get(url + "?sort=name")
    assert sorted_by_name.status_code == 200 and len(built) == 2


def test_each_process_answers_a_stamped_standings_key_from_its_own_copy(played, monkeypatch):
    """The standings under a stamp never change: once read, this process keeps them for the
    cache time and does not fetch them from the shared cache (the database or Redis) again;
    without a stamp only the shared cache counts."""
    from django.core.cache import cache, caches

    from scoring.standings import ranking

    computed = []
    real = ranking.compute_standings
    monkeypatch.setattr(
        ranking, "compute_standings", lambda *a, **k: computed.append(1) or real(*a, **k)
    )
    caches["local"].clear()
    first = ranking.cached_standings(played, None, "s7")
    cache.clear()  # the shared copy is gone; this process still has its own
    again = ranking.cached_standings(played, None, "s7")
    assert len(computed) == 1 and again.rows == first.rows
    ranking.cached_standings(played, None, None)
    cache.clear()
    ranking.cached_standings(played, None, None)
    assert len(computed) == 3

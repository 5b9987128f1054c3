"""Captains' private links: scope, revocation, closing, rate limit; the organiser's overview."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.evening.rounds import close_round
from scoring.models import Sheet, SheetVersion
from scoring.sheets.captain_access import MAX_FAILURES
from scoring.sheets.links import renew_link, set_link_revoked
from tournament.models import Table

pytestmark = pytest.mark.django_db


def table(tournament, number, round_number=1) -> Table:
    return Table.objects.get(
        round__tournament=tournament, round__number=round_number, number=number
    )


def captain_url(tournament, number, suffix=""):
    return reverse("captain:sheet", args=[table(tournament, number).entry_token]) + suffix


def quick_rows(count, **extra):
    data = {"revision": "0", **extra}
    for number in range(1, count + 1):
        data[f"g{number}-winners"] = "14"
        data[f"g{number}-value"] = "1"
        data[f"g{number}-kind"] = "normal"
    return data


def test_token_opens_its_table_and_nothing_else(client, evening):
    page = client.get(captain_url(evening, 3)).content.decode()
    assert "Tisch 3" in page and "Uwe Krämer" in page
    assert "Monika Strauß" not in page  # table 2
    assert "Ingrid Dürr" not in page  # table 4


def test_token_writes_only_its_own_sheet(client, evening):
    response = client.post(
        captain_url(evening, 3), quick_rows(2, save="1") | {"g1-winners": "25", "g2-winners": "13"}
    )
    assert response.status_code == 302
    version = SheetVersion.objects.get()
    assert version.sheet.table.number == 3 and version.source == "captain"
    assert not Sheet.objects.filter(table__number=4, versions__isnull=False).exists()


def test_token_cannot_reach_organiser_pages(client, evening):
    client.get(captain_url(evening, 3))
    organiser_sheet = reverse("scoring:sheet", args=[evening.slug, 1, 4])
    response = client.post(organiser_sheet, quick_rows(1, save="1"))
    assert response.status_code == 302 and "/konto/anmelden/" in response["Location"]
    for url in (organiser_sheet, reverse("tournament:detail", args=[evening.slug])):
        assert client.get(url).status_code == 302
    assert not SheetVersion.objects.exists()


def test_revoked_and_renewed_links(client, evening, organiser):
    three = table(evening, 3)
    old = captain_url(evening, 3)
    set_link_revoked(three, True, user=organiser)
    assert client.get(old).status_code == 404
    assert client.post(old, quick_rows(1, save="1")).status_code == 404
    set_link_revoked(three, False, user=organiser)
    assert client.get(old).status_code == 200
    renew_link(three, user=organiser)
    assert client.get(old).status_code == 404
    assert client.get(captain_url(evening, 3)).status_code == 200
    assert not SheetVersion.objects.exists()


def test_links_stop_when_the_round_is_closed(client, evening, confirm_round):
    url = captain_url(evening, 1)
    confirm_round(evening, 1)
    close_round(evening, 1)
    assert client.get(url).status_code == 404


def test_a_round_one_token_never_opens_round_two(client, evening):
    token = table(evening, 1).entry_token
    assert not Table.objects.filter(entry_token=token).exclude(round__number=1).exists()
    response = client.get(reverse("captain:sheet", args=[token]))
    assert "Durchgang 1" in response.content.decode()


def test_wrong_tokens_are_rate_limited(client, evening):
    for attempt in range(MAX_FAILURES):
        assert client.get(f"/e/{'x' * 30}{attempt:02d}/").status_code == 404
    response = client.get(f"/e/{'y' * 32}/")
    assert response.status_code == 429 and response["Retry-After"]
    assert client.post(f"/e/{'z' * 32}/", quick_rows(1, save="1")).status_code == 429
    assert not SheetVersion.objects.exists()


def test_valid_links_never_count_and_wrong_guesses_block_every_link(client, evening):
    """A captain's link opens and saves as often as needed without counting against the
    address; wrong guesses do count, and once the address is blocked every link from it is
    refused, the valid one too (a guesser must not learn which link is right: issue 21, 14).
    Other phones are not affected."""
    good = captain_url(evening, 1)
    for _ in range(MAX_FAILURES * 2):
        assert client.get(good).status_code == 200
    assert client.post(good, quick_rows(2, save="1")).status_code == 302
    assert SheetVersion.objects.count() == 1
    for attempt in range(MAX_FAILURES):
        assert client.get(f"/e/{'x' * 30}{attempt:02d}/").status_code == 404
    assert client.get(f"/e/{'y' * 32}/").status_code == 429  # guessing stays blocked
    assert client.get(good).status_code == 429
    assert client.post(good, quick_rows(3, save="1")).status_code == 429
    assert SheetVersion.objects.count() == 1
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.get(f"/e/{'y' * 32}/").status_code == 404
    assert other.get(captain_url(evening, 3)).status_code == 200


def test_captain_submits_and_the_organiser_confirms(client, organiser_client, evening):
    url = captain_url(evening, 1)
    response = client.post(url, quick_rows(16, submit="1"))
    assert response.status_code == 302
    sheet = Sheet.objects.get(table=table(evening, 1))
    assert sheet.status == Sheet.Status.SUBMITTED
    page = client.get(url).content.decode()
    assert "Die Liste ist abgegeben" in page and 'name="g1-winners"' not in page
    overview = organiser_client.get(reverse("scoring:round_sheets", args=[evening.slug, 1]))
    assert "1 abgegeben" in overview.content.decode()
    assert "Zu bestätigen" in overview.content.decode()
    organiser_client.post(reverse("scoring:sheet_confirm", args=[evening.slug, 1, 1]))
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    assert "bestätigt" in client.get(url).content.decode()


def test_captain_cannot_confirm(client, evening):
    url = captain_url(evening, 1)
    client.post(url, quick_rows(16, confirm="1"))
    assert Sheet.objects.get(table=table(evening, 1)).status == Sheet.Status.SUBMITTED


def test_overview_lists_links_and_the_phone_address(organiser_client, evening, settings):
    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    page = organiser_client.get(
        reverse("scoring:round_sheets", args=[evening.slug, 1]) + "?qr=1"
    ).content.decode()
    assert "http://192.168.1.20:8000/" in page
    assert f"http://192.168.1.20:8000/e/{table(evening, 2).entry_token}/" in page
    assert page.count("data:image/svg+xml;base64,") == 5  # the address and 4 tables
    assert "gilt nur auf diesem Rechner" not in page


def test_overview_warns_about_a_loopback_address(organiser_client, evening):
    url = reverse("scoring:round_sheets", args=[evening.slug, 1])
    page = organiser_client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "gilt nur auf diesem Rechner" in page
    assert "http://127.0.0.1:8000/" in page
    # the club's network is served by make serve; make run is the demo on this computer only
    assert "<code>make serve</code>" in page and "python -m config.serve" in page
    assert "make run" not in page

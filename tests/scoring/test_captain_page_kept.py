"""The captain's page may be kept by the phone's browser for an evening (plain http in a club has
no service worker): ``Cache-Control: private, max-age`` and no ``Vary: Cookie``, so that the copy
of the first visit (which sets the CSRF cookie) opens again offline. Nothing else is kept."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.sheets.views_captain import KEEP_PAGE_SECONDS
from tournament.models import Table

pytestmark = pytest.mark.django_db


def captain_page(evening) -> str:
    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    return reverse("captain:sheet", args=[table.entry_token])


def test_the_first_visit_to_a_captain_page_may_be_kept_by_the_browser(evening):
    response = Client().get(captain_page(evening))
    assert response.status_code == 200
    assert "csrftoken" in response.cookies  # the first visit sets the cookie ...
    assert response["Cache-Control"] == f"private, max-age={KEEP_PAGE_SECONDS}"
    assert "cookie" not in response.get("Vary", "").lower()  # ... and is kept all the same


def test_a_wrong_link_and_the_desk_pages_are_not_kept(evening, organiser_client):
    wrong = Client(raise_request_exception=False).get(reverse("captain:sheet", args=["x" * 30]))
    assert wrong.status_code == 404 and "max-age" not in wrong.get("Cache-Control", "")
    desk = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 1]))
    assert desk.status_code == 200
    assert "max-age" not in desk.get("Cache-Control", "")
    assert "Cookie" in desk["Vary"]


def test_saving_through_the_captain_page_is_not_kept(evening):
    client = Client()
    client.get(captain_page(evening))
    response = client.post(captain_page(evening), {"revision": "0", "save": "1"})
    assert "max-age" not in response.get("Cache-Control", "")

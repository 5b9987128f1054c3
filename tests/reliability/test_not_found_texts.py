"""Only a captain's link's 404 speaks of captains' links; every other 404 gets a general text."""

import pytest
from django.test import Client

LINK_TEXT = "Eingabelink"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/gibt-es-nicht/",
        "/t/gibt-es-nicht/",
        "/t/gibt-es-nicht/tabelle/",
        "/v/kein-verein/saison/2025/",
    ],
)
def test_a_404_outside_captains_links_does_not_talk_about_links(path):
    response = Client().get(path)
    assert response.status_code == 404
    text = response.content.decode()
    assert LINK_TEXT not in text
    assert "Diese Seite gibt es nicht (mehr)" in text


@pytest.mark.django_db
def test_a_404_on_the_api_does_not_talk_about_links():
    response = Client().get("/api/t/gibt-es-nicht/rounds/1/tables")
    assert response.status_code == 404
    assert LINK_TEXT not in response.json()["error"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/e/unbekannt-123/", "/e/unbekannt-123/vorschau/x/"])
def test_a_404_on_a_captains_link_says_what_a_link_needs(path):
    response = Client().get(path)
    assert response.status_code == 404
    assert LINK_TEXT in response.content.decode()

"""Organiser pages need a login; players see released seating only."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, reverse

from scoring.evening.rounds import draw_round
from tournament import urls as organiser_urls

pytestmark = pytest.mark.django_db


def organiser_url_names() -> list[str]:
    return [
        f"tournament:{pattern.name}"
        for pattern in organiser_urls.urlpatterns
        if isinstance(pattern, URLPattern)
    ]


def kwargs_for(name: str, slug: str, participant_pk: int) -> dict:
    route = str(dict((f"tournament:{p.name}", p.pattern) for p in organiser_urls.urlpatterns)[name])
    kwargs = {}
    if "<slug:slug>" in route:
        kwargs["slug"] = slug
    if "<int:pk>" in route:
        kwargs["pk"] = participant_pk
    if "<int:number>" in route:
        kwargs["number"] = 1
    if "<int:signup_pk>" in route:
        kwargs["signup_pk"] = 1  # no login: sent to the login before anything is looked up
    return kwargs


@pytest.mark.parametrize("name", organiser_url_names())
@pytest.mark.parametrize("method", ["get", "post"])
def test_organiser_pages_redirect_anonymous_users_to_login(
    client, tournament, add_participants, name, method
):
    participant = add_participants(tournament, 4)[0]
    url = reverse(name, kwargs=kwargs_for(name, tournament.slug, participant.pk))
    response = getattr(client, method)(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert tournament.participants.count() == 4
    assert not tournament.rounds.exists()


def test_login_page_is_german_and_logs_in(client, organiser):
    page = client.get(reverse("login")).content.decode()
    assert "Anmelden für die Turnierleitung" in page
    response = client.post(
        reverse("login"), {"username": "leitung", "password": "geheim-und-lang-42"}
    )
    assert response.status_code == 302


def test_unknown_tournament_is_404_for_organisers(organiser_client):
    assert organiser_client.get("/verwaltung/gibt-es-nicht/").status_code == 404


def test_draft_seating_is_not_public(client, tournament, add_participants):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=1)
    page = client.get(reverse("public:seating", args=[tournament.slug])).content.decode()
    assert "Anna Müller" not in page
    assert "noch nicht freigegeben" in page


def test_public_seating_can_be_switched_off(client, tournament):
    tournament.public_seating = False
    tournament.save()
    assert client.get(reverse("public:seating", args=[tournament.slug])).status_code == 404
    assert client.get(reverse("public:lookup", args=[tournament.slug])).status_code == 404

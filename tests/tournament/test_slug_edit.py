"""The short name (slug): no repeated year, editable in the settings until the first release."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round
from tournament.errors import DomainError
from tournament.events.forms import TournamentForm
from tournament.events.services import create_tournament, update_tournament
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

DATE = datetime.date(2026, 4, 3)


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Herbstturnier", "herbstturnier-2026"),
        ("Herbstturnier 2026", "herbstturnier-2026"),
        ("2026", "2026"),
        ("Herbstturnier 2025", "herbstturnier-2025-2026"),
        ("Turnier 12026", "turnier-12026-2026"),
    ],
)
def test_the_year_is_not_repeated(name, slug):
    assert create_tournament(name=name, date=DATE).slug == slug


def settings_data(tournament: Tournament, **changes) -> dict:
    form = TournamentForm(instance=tournament)
    data = {name: field.value() for name, field in ((n, form[n]) for n in form.fields)}
    data = {key: value for key, value in data.items() if value not in (None, False)}
    for name, value in list(data.items()):
        if isinstance(value, dict):  # a map option posts one input per key, as the page does
            data.update({f"{name}_{key}": part for key, part in data.pop(name).items()})
    data["date"] = tournament.date.isoformat()
    data.update(changes)
    return data


def test_the_settings_change_the_slug_before_the_first_release(organiser_client, tournament):
    url = reverse("tournament:settings", args=[tournament.slug])
    response = organiser_client.post(url, settings_data(tournament, slug="herbst"))
    assert response.status_code == 302
    assert response.url == reverse("tournament:detail", args=["herbst"])
    assert Tournament.objects.get(pk=tournament.pk).slug == "herbst"


def test_an_empty_slug_keeps_the_old_one(tournament):
    old = tournament.slug
    assert update_tournament(tournament, slug="").slug == old


@pytest.mark.parametrize(
    ("slug", "message"),
    [
        ("neu", "„neu“ ist als Kurzname nicht möglich."),
        ("Groß Turnier", "darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten"),
        ("anderes-2025", "Es gibt schon ein Turnier mit dem Kurznamen „anderes-2025“."),
    ],
)
def test_the_settings_refuse_reserved_malformed_and_taken_slugs(
    organiser_client, tournament, make_tournament, slug, message
):
    make_tournament("Anderes")
    url = reverse("tournament:settings", args=[tournament.slug])
    response = organiser_client.post(url, settings_data(tournament, slug=slug))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).slug == "herbstturnier-2025"


def test_the_slug_is_fixed_after_the_first_release(
    organiser_client, tournament, add_participants, organiser
):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=1, user=organiser)
    release_round(tournament, 1, user=organiser)
    with pytest.raises(DomainError, match="nach der ersten Freigabe nicht mehr ändern"):
        update_tournament(tournament, slug="herbst")
    url = reverse("tournament:settings", args=[tournament.slug])
    page = organiser_client.get(url).content.decode()
    assert "Nach der ersten Freigabe nicht mehr änderbar" in page
    response = organiser_client.post(url, settings_data(tournament, slug="herbst"))
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).slug == "herbstturnier-2025"

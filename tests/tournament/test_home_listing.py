"""The start page lists only tournaments that show players something."""

import pytest
from django.test import Client

PUBLIC_SWITCHES = (
    "public_seating",
    "public_standings",
    "public_player_pages",
    "public_rules",
    "public_projector",
)


@pytest.mark.django_db
def test_home_hides_a_tournament_whose_every_public_switch_is_off(make_tournament):
    hidden = make_tournament("Geheimturnier", **dict.fromkeys(PUBLIC_SWITCHES, False))
    make_tournament("Offenes Turnier")
    page = Client().get("/").content.decode()
    assert "Offenes Turnier" in page
    assert "Geheimturnier" not in page
    assert f"/t/{hidden.slug}/" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("switch", PUBLIC_SWITCHES)
def test_home_lists_a_tournament_with_any_one_public_switch_on(make_tournament, switch):
    options = dict.fromkeys(PUBLIC_SWITCHES, False) | {switch: True}
    make_tournament("Halboffen", **options)
    assert "Halboffen" in Client().get("/").content.decode()

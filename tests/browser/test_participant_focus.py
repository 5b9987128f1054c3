"""At the desk, participants arrive one after another: after one is added (on a phone, too) the
cursor is back in the name field, so the next name can be typed at once."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("device", ["desk", "phone"])
def test_after_adding_a_participant_the_name_field_has_the_focus(
    request, live_server, tournament, device
):
    page = request.getfixturevalue(device)
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/teilnehmer/")
    page.fill("#id_name", "Anna Abel")
    page.press("#id_name", "Enter")
    page.wait_for_selector("text=Anna Abel ist angemeldet.")
    for name in ("Bernd Berg", "Carla Cramer"):
        # Typed straight away, without a click into the field.
        assert page.evaluate("document.activeElement.id") == "id_name"
        assert page.input_value("#id_name") == ""
        page.keyboard.type(name)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"text={name} ist angemeldet.")
    assert tournament.participants.count() == 3
    screenshot(page, f"participant-added-{device}")

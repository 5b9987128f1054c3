"""The online sign-up in the browser: 30 players sign up on phones against a cap of 24, three
cancel and three move up, the desk checks in 22 of them plus two walk-ins and draws round 1;
the new pages on a phone and at the desk pass axe-core with no serious finding."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import login, screenshot
from tests.browser.test_accessibility import BLOCKING, describe
from tournament.models import Participant, Round, Seat, Signup
from tournament.signup.services import save_settings, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_up_on_phone(phone, base: str, name: str) -> str:
    phone.goto(base)
    phone.fill("#id_name", name)
    phone.check("#id_privacy")
    phone.click("main button[type=submit]")
    phone.wait_for_url("**/anmeldung/*/?neu=1")
    return phone.url.split("?")[0]


def test_thirty_sign_up_three_cancel_three_move_up_22_arrive_and_round_1_is_drawn(
    phone, desk, live_server, tournament, organiser
):
    save_settings(tournament, {"enabled": True, "cap": 24, "ask_club": True}, user=organiser)
    base = f"{live_server.url}/t/{tournament.slug}/anmeldung/"
    phone.goto(f"{live_server.url}/t/{tournament.slug}/")
    phone.click("text=Jetzt anmelden")
    phone.wait_for_url(base)
    screenshot(phone, "signup-form-phone")

    links = [sign_up_on_phone(phone, base, f"Spieler {i:02d}") for i in range(1, 31)]
    phone.goto(links[0])
    assert "Zusage: Sie haben einen Platz." in phone.text_content("#signup-status")
    screenshot(phone, "signup-personal-phone")
    phone.emulate_media(media="print")  # the slip: only the card with name, status and code
    assert phone.is_visible(".signup-slip") and not phone.is_visible("text=Anmeldung absagen")
    screenshot(phone, "signup-slip-print")
    phone.emulate_media(media="screen")
    phone.goto(links[-1])
    assert "Warteliste, Platz 6" in phone.text_content("#signup-status")
    screenshot(phone, "signup-personal-waiting-phone")

    for link in links[:3]:
        phone.goto(link)
        phone.once("dialog", lambda dialog: dialog.accept())
        phone.click("text=Anmeldung absagen")
        phone.wait_for_selector("text=Ihre Anmeldung ist abgesagt.")
    screenshot(phone, "signup-personal-cancelled-phone")
    for link in links[24:27]:
        phone.goto(link)
        assert "Nachgerückt" in phone.text_content("#signup-status")
    screenshot(phone, "signup-personal-moved-up-phone")
    assert Signup.objects.confirmed().count() == 24
    assert Signup.objects.waiting().count() == 3

    login(desk, live_server)
    desk.goto(f"{live_server.url}/verwaltung/{tournament.slug}/anmeldungen/")
    assert desk.text_content("#signup-feasibility") == "24 Zusagen: 6 Vierertische"
    screenshot(desk, "signup-flow-list-24")
    desk.goto(f"{live_server.url}/verwaltung/{tournament.slug}/anmeldungen/ankunft/")
    boxes = desk.locator("input[name=signup]")
    assert boxes.count() == 24
    desk.check("[data-check-all]")  # everyone on the page, then the two who did not come
    assert desk.locator("input[name=signup]:checked").count() == 24
    boxes.nth(5).uncheck()
    boxes.nth(17).uncheck()
    desk.click("text=Ausgewählte sind angekommen")
    desk.wait_for_selector("text=22 Anmeldungen angekommen.")
    assert desk.locator("[data-arrived]").count() == 22
    assert "22 anwesend: 3 Vierertische und 2 Fünfertische" in desk.text_content(
        "#desk-feasibility"
    )
    screenshot(desk, "signup-flow-desk-22-arrived")

    desk.goto(f"{live_server.url}/verwaltung/{tournament.slug}/teilnehmer/")
    for name in ("Spontan Eins", "Spontan Zwei"):
        desk.fill("#id_name", name)
        desk.check("input[name=checked_in]")
        desk.click("#add-participant button[type=submit]")
        desk.wait_for_selector(f"text={name} ist angemeldet.")
    desk.goto(f"{live_server.url}/verwaltung/{tournament.slug}/durchgang/1/")
    desk.click("#draw button[type=submit]")
    desk.wait_for_selector("text=Tisch 6")

    round_1 = Round.objects.get(tournament=tournament, number=1)
    seated = set(Seat.objects.filter(round=round_1).values_list("participant__name", flat=True))
    assert len(seated) == 24
    arrived = set(
        Signup.objects.filter(participant__checked_in=True).values_list("name", flat=True)
    )
    assert seated == arrived | {"Spontan Eins", "Spontan Zwei"}
    assert Participant.objects.filter(tournament=tournament).count() == 24


@pytest.mark.parametrize("width", ["phone", "desk"])
def test_the_sign_up_pages_pass_axe_in_german_and_english(
    browser, live_server, tournament, organiser, width
):
    save_settings(
        tournament,
        {"enabled": True, "cap": 1, "ask_club": True, "ask_contact": True, "ask_remark": True},
        user=organiser,
    )
    first = sign_up(tournament, {"name": "Anna Arndt"})
    waiting = sign_up(tournament, {"name": "Bernd Bauer"})
    size = {"phone": (390, 844), "desk": (1280, 900)}[width]
    slug = tournament.slug
    public = [
        ("tournament-page", f"/t/{slug}/"),
        ("form", f"/t/{slug}/anmeldung/"),
        ("code", f"/t/{slug}/anmeldung/code/"),
        ("personal", f"/t/{slug}/anmeldung/{first.token}/?neu=1"),
        ("personal-waiting", f"/t/{slug}/anmeldung/{waiting.token}/"),
    ]
    organiser_pages = [
        ("tournament-settings", f"/verwaltung/{slug}/einstellungen/"),
        ("settings", f"/verwaltung/{slug}/anmeldungen/einstellungen/"),
        ("list", f"/verwaltung/{slug}/anmeldungen/"),
        ("waiting-list", f"/verwaltung/{slug}/anmeldungen/?liste=warteliste"),
        ("desk", f"/verwaltung/{slug}/anmeldungen/ankunft/"),
    ]
    axe = Axe()
    failures = []
    for locale in ("de-DE", "en-GB"):
        mobile = {"is_mobile": True, "has_touch": True} if width == "phone" else {}
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale=locale, **mobile
        )
        page = context.new_page()
        try:
            if locale == "en-GB":
                context.add_cookies(
                    [{"name": "django_language", "value": "en", "url": live_server.url}]
                )
            for name, path in public:
                page.goto(live_server.url + path)
                assert page.evaluate("document.documentElement.scrollWidth") <= size[0], name
                screenshot(page, f"signup-{name}-{width}-{locale[:2]}")
                failures += [
                    describe(name, path, [v])
                    for v in axe.run(page).response["violations"]
                    if v["impact"] in BLOCKING
                ]
            if locale == "de-DE":
                login(page, live_server)
                for name, path in organiser_pages:
                    page.goto(live_server.url + path)
                    wide = page.evaluate("document.documentElement.scrollWidth")
                    assert wide <= size[0], (name, wide)  # the table scrolls, not the page
                    screenshot(page, f"signup-{name}-{width}")
                    failures += [
                        describe(name, path, [v])
                        for v in axe.run(page).response["violations"]
                        if v["impact"] in BLOCKING
                    ]
            else:
                page.goto(live_server.url + public[3][1])
                assert "My sign-up" in page.text_content("h1")
        finally:
            context.close()
    assert not failures, "\n".join(failures)

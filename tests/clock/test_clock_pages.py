"""The clock's pages and JSON: who sees what, what each surface gives away, the desk's actions."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.clock import services
from tournament.models import AuditEntry, ClockExtension, ClockSettings, RoundClock, Table

pytestmark = pytest.mark.django_db


def token(tournament, number: int) -> str:
    return Table.objects.get(
        round__tournament=tournament, round__number=1, number=number
    ).entry_token


def desk(tournament, action: str = "") -> str:
    name = f"tournament:clock_{action}" if action else "tournament:clock"
    return reverse(name, args=[tournament.slug, 1])


def test_the_captain_gets_the_time_of_its_own_table_only(client, evening):
    services.start_clock(evening, 1)
    services.extend_table(evening, 1, 2, minutes=10, reason="Geheimer Grund")

    answer = client.get(reverse("captain:clock", args=[token(evening, 2)])).json()

    assert answer["status"] == "running"
    assert [table["table"] for table in answer["tables"]] == [2]
    assert answer["tables"][0]["extension"] == 10
    assert answer["tables"][0]["deadline"] > answer["server_now"]
    assert "Geheimer Grund" not in str(answer)


def test_the_captains_page_carries_the_clock_banner(client, evening):
    page = client.get(reverse("captain:sheet", args=[token(evening, 1)])).content.decode()

    assert 'id="round-clock"' in page
    assert reverse("captain:clock", args=[token(evening, 1)]) in page
    assert "js/clock.js" in page


def test_a_wrong_captain_token_gets_json_not_a_page(client, evening):
    response = client.get(reverse("captain:clock", args=["x" * 32]))

    assert response.status_code == 404
    assert "error" in response.json()


def test_the_projectors_clock_shows_sizes_and_extended_tables_without_reasons(client, evening):
    services.start_clock(evening, 1)
    services.extend_table(evening, 1, 3, minutes=5, reason="Geheimer Grund")

    answer = client.get(reverse("api:clock", args=[evening.slug])).json()

    assert answer["round"] == 1
    groups = [(group["size"], group["table"], group["extension"]) for group in answer["groups"]]
    assert groups == [(4, 1, 0), (5, 4, 0), (5, 3, 5)]
    assert "Geheimer Grund" not in str(answer)
    projector = client.get(reverse("public:projector", args=[evening.slug])).content.decode()
    assert reverse("api:clock", args=[evening.slug]) in projector


def test_the_projectors_clock_follows_the_projectors_switch(client, evening):
    evening.public_projector = False
    evening.save()

    assert client.get(reverse("api:clock", args=[evening.slug])).status_code == 404


def test_the_desk_starts_pauses_extends_and_resumes(organiser_client, evening):
    assert organiser_client.post(desk(evening, "start")).status_code == 302
    organiser_client.post(desk(evening, "pause"), {"reason": "Feueralarm"})
    assert RoundClock.objects.get().paused_at is not None
    organiser_client.post(desk(evening, "resume"))
    organiser_client.post(desk(evening, "extend"), {"table": "4", "minutes": "6", "reason": "Spät"})

    page = organiser_client.get(desk(evening)).content.decode()

    assert "+6 min: Spät" in page
    assert RoundClock.objects.get().paused_at is None
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).count() == 4
    state = organiser_client.get(desk(evening, "state")).json()
    assert [table["extension"] for table in state["tables"]] == [0, 0, 0, 6]


def test_the_desk_says_what_is_wrong_in_plain_words(organiser_client, evening):
    organiser_client.post(desk(evening, "start"))
    response = organiser_client.post(
        desk(evening, "extend"), {"table": "1", "minutes": "500", "reason": "x"}, follow=True
    )

    assert "Die Nachspielzeit muss zwischen 1 und 120 Minuten liegen." in response.content.decode()
    response = organiser_client.post(desk(evening, "extend"), {"table": "abc"}, follow=True)
    assert "Bitte einen Tisch wählen." in response.content.decode()


def test_the_desk_saves_the_settings(organiser_client, evening):
    organiser_client.post(
        desk(evening, "settings"), {"minutes_4": "100", "minutes_5": "", "warning_minutes": "3"}
    )

    settings = ClockSettings.objects.get(tournament=evening)
    assert (settings.playing_minutes, settings.warning_minutes, settings.sound) == (
        {"4": 100},
        3,
        False,
    )
    page = organiser_client.get(desk(evening)).content.decode()
    assert "4er-Tische 100 Minuten" in page and "5er-Tische 85 Minuten" in page


def test_the_desk_reads_the_clock_in_few_queries(
    organiser_client, evening, django_assert_max_num_queries
):
    services.start_clock(evening, 1)
    for table in (1, 2, 3):
        services.extend_table(evening, 1, table, minutes=5, reason="Spät")

    with django_assert_max_num_queries(12):
        organiser_client.get(desk(evening))
    with django_assert_max_num_queries(8):
        organiser_client.get(desk(evening, "state"))


def test_the_clocks_log_entries_read_in_english(organiser_client, evening):
    from django.conf import settings as django_settings

    services.save_clock_settings(evening, minutes={4: 100}, warning_minutes=3, sound=False)
    services.start_clock(evening, 1)
    services.pause_clock(evening, 1, reason="Feueralarm")
    services.extend_table(evening, 1, 2, minutes=5, reason="Spät")

    organiser_client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    page = organiser_client.get(reverse("tournament:audit", args=[evening.slug])).content.decode()

    assert "warning 3 minutes before, sound off" in page
    assert "Round 1: clock started" in page
    assert "Round 1: clock paused" in page and "Feueralarm" in page
    assert "Round 1, table 2: 5 minutes of extra time" in page


def test_the_desk_takes_back_one_tables_nachspielzeit(organiser_client, evening):
    services.start_clock(evening, 1)
    kept = services.extend_table(evening, 1, 4, minutes=6, reason="Spät")
    wrong = services.extend_table(evening, 1, 4, minutes=9, reason="Vertippt")
    page = organiser_client.get(desk(evening)).content.decode()
    assert "+9 min: Vertippt" in page
    assert "Nachspielzeit von Tisch 4 (9 Minuten) zurücknehmen" in page

    answer = organiser_client.post(
        desk(evening, "revoke"), {"extension": str(wrong.pk), "reason": "vertippt"}, follow=True
    )

    text = answer.content.decode()
    assert "Die Nachspielzeit von Tisch 4 (9 Minuten) ist zurückgenommen." in text
    assert "+9 min: Vertippt" not in text and "+6 min: Spät" in text
    assert list(ClockExtension.objects.values_list("pk", flat=True)) == [kept.pk]
    state = organiser_client.get(desk(evening, "state")).json()
    assert [table["extension"] for table in state["tables"]] == [0, 0, 0, 6]
    again = organiser_client.post(
        desk(evening, "revoke"), {"extension": str(wrong.pk)}, follow=True
    )
    assert "schon zurückgenommen" in again.content.decode()
    bad = organiser_client.post(desk(evening, "revoke"), {"extension": "x" * 40}, follow=True)
    assert "Bitte eine Nachspielzeit wählen." in bad.content.decode()


def test_a_helper_sees_the_nachspielzeit_but_cannot_take_it_back(evening, organiser):
    from django.test import Client

    from tournament.clubs.logins import found_club
    from tournament.models import ClubMembership, Tournament

    club = found_club(organiser, name="Doko-Club", slug="doko")
    Tournament.objects.filter(pk=evening.pk).update(club=club)
    evening.refresh_from_db()
    services.start_clock(evening, 1)
    extension = services.extend_table(evening, 1, 2, minutes=5, reason="Spät")
    user = get_user_model().objects.create_user("helfer", password="ein-langes-passwort-1")
    ClubMembership.objects.create(user=user, club=club, role=ClubMembership.Role.HELPER)
    helper = Client()
    helper.force_login(user)

    page = helper.get(desk(evening)).content.decode()
    assert "+5 min: Spät" in page and "zurücknehmen" not in page
    answer = helper.post(desk(evening, "revoke"), {"extension": str(extension.pk)})

    assert answer.status_code == 403 and ClockExtension.objects.filter(pk=extension.pk).exists()
    assert not AuditEntry.objects.filter(summary__contains="zurückgenommen").exists()


def test_a_captain_link_cannot_take_back_a_nachspielzeit(client, evening):
    services.start_clock(evening, 1)
    extension = services.extend_table(evening, 1, 1, minutes=5, reason="Spät")

    answer = client.post(desk(evening, "revoke"), {"extension": str(extension.pk)})

    assert answer.status_code == 302 and answer["Location"].startswith("/konto/")
    assert ClockExtension.objects.filter(pk=extension.pk).exists()

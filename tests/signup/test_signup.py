"""Players sign up themselves: places up to the cap, the waiting list that moves up, the
personal link and short code, the organiser's list, and hostile input."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone, translation

from tournament.actors import actor_text
from tournament.errors import DomainError
from tournament.models import AuditEntry, Signup
from tournament.signup import brake
from tournament.signup.services import cancel, move, save_settings, sign_up

pytestmark = pytest.mark.django_db


def signed(tournament, name, **values):
    return sign_up(tournament, {"name": name, **values})


def form_data(name, **extra):
    return {"name": name, "privacy": "on", "website": "", **extra}


def test_past_the_cap_sign_ups_queue_and_a_cancellation_moves_the_first_up(open_signup):
    tournament = open_signup(cap=2)
    anna, bernd = signed(tournament, "Anna"), signed(tournament, "Bernd")
    carla, dieter = signed(tournament, "Carla"), signed(tournament, "Dieter")
    assert [anna.status, bernd.status] == [Signup.Status.CONFIRMED] * 2
    assert [carla.status, dieter.status] == [Signup.Status.WAITING] * 2

    moved = cancel(bernd)

    assert [s.name for s in moved] == ["Carla"]
    carla.refresh_from_db()
    dieter.refresh_from_db()
    assert carla.status == Signup.Status.CONFIRMED and carla.moved_up_at is not None
    assert dieter.status == Signup.Status.WAITING
    assert tournament.signups.confirmed().count() == 2


def test_the_personal_page_says_moved_up_and_the_waiting_place(client, open_signup):
    tournament = open_signup(cap=1)
    first, second, third = (signed(tournament, n) for n in ("Anna", "Bernd", "Carla"))
    page = client.get(f"/t/{tournament.slug}/anmeldung/{third.token}/").content.decode()
    assert "Warteliste, Platz 2" in page
    cancel(first)
    page = client.get(f"/t/{tournament.slug}/anmeldung/{second.token}/").content.decode()
    assert "Nachgerückt: Sie haben jetzt einen Platz." in page
    page = client.get(f"/t/{tournament.slug}/anmeldung/{third.token}/").content.decode()
    assert "Warteliste, Platz 1" in page


def test_a_player_signs_up_on_the_public_page_and_gets_link_and_short_code(client, open_signup):
    tournament = open_signup(cap=24, ask_club=True)
    assert "Jetzt anmelden" in client.get(f"/t/{tournament.slug}/").content.decode()

    response = client.post(
        f"/t/{tournament.slug}/anmeldung/", form_data("  Anna   Arndt ", club="DF Musterstadt")
    )

    signup = Signup.objects.get()
    assert (signup.name, signup.club, signup.status) == (
        "Anna Arndt",
        "DF Musterstadt",
        "confirmed",
    )
    assert response.status_code == 302
    assert response["Location"] == f"/t/{tournament.slug}/anmeldung/{signup.token}/?neu=1"
    page = client.get(response["Location"]).content.decode()
    assert signup.short_code_display in page and "Zusage: Sie haben einen Platz." in page
    typed = client.post(
        f"/t/{tournament.slug}/anmeldung/code/", {"code": signup.short_code.lower()}
    )
    assert typed["Location"] == f"/t/{tournament.slug}/anmeldung/{signup.token}/"
    entry = AuditEntry.objects.get(action=AuditEntry.Action.SIGNUP_ADDED)
    assert entry.actor == "Spieler (Online-Anmeldung)" and "Anna Arndt (Zusage)" in entry.summary
    with translation.override("en"):
        assert actor_text(entry.actor) == "Player (online sign-up)"
    assert client.get(f"/t/{tournament.slug}/anmeldung/{signup.token}/")["Cache-Control"] == (
        "no-store"
    )


def test_the_form_asks_only_for_the_fields_switched_on(client, open_signup):
    tournament = open_signup(ask_contact=True)
    page = client.get(f"/t/{tournament.slug}/anmeldung/").content.decode()
    assert 'name="contact"' in page and 'name="club"' not in page
    client.post(f"/t/{tournament.slug}/anmeldung/", form_data("Anna", club="sneaked in"))
    assert Signup.objects.get().club == ""


def test_without_consent_nothing_is_stored(client, open_signup):
    tournament = open_signup()
    response = client.post(f"/t/{tournament.slug}/anmeldung/", {"name": "Anna"})
    assert response.status_code == 400
    assert "Bitte dem Datenschutzhinweis zustimmen." in response.content.decode()
    assert not Signup.objects.exists()


def test_sign_up_outside_its_times_is_refused_and_never_switched_on_is_404(
    client, tournament, organiser
):
    assert client.get(f"/t/{tournament.slug}/anmeldung/").status_code == 404
    now = timezone.now()
    save_settings(
        tournament,
        {"enabled": True, "opens_at": now + datetime.timedelta(days=1)},
        user=organiser,
    )
    page = client.get(f"/t/{tournament.slug}/anmeldung/").content.decode()
    assert "Die Anmeldung beginnt am" in page
    assert "Jetzt anmelden" not in client.get(f"/t/{tournament.slug}/").content.decode()
    response = client.post(f"/t/{tournament.slug}/anmeldung/", form_data("Anna"))
    assert response.status_code == 400
    assert "nicht geöffnet" in response.content.decode()
    save_settings(
        tournament,
        {"opens_at": None, "closes_at": now - datetime.timedelta(minutes=1)},
        user=organiser,
    )
    with pytest.raises(DomainError, match="nicht geöffnet"):
        signed(tournament, "Anna")
    assert not Signup.objects.exists()


def test_a_filled_honeypot_is_refused_and_stores_nothing(client, open_signup):
    tournament = open_signup()
    response = client.post(
        f"/t/{tournament.slug}/anmeldung/", form_data("Bot", website="http://spam.example")
    )
    assert response.status_code == 400
    assert "Die Anmeldung wurde nicht angenommen." in response.content.decode()
    assert not Signup.objects.exists()


def test_the_brake_refuses_an_address_after_its_sign_ups(client, open_signup):
    tournament = open_signup(cap=None)
    for i in range(brake.SIGNUPS.limit):
        response = client.post(f"/t/{tournament.slug}/anmeldung/", form_data(f"Spieler {i}"))
        assert response.status_code == 302
    response = client.post(f"/t/{tournament.slug}/anmeldung/", form_data("Noch einer"))
    assert response.status_code == 429
    assert Signup.objects.count() == brake.SIGNUPS.limit
    other = client.post(
        f"/t/{tournament.slug}/anmeldung/", form_data("Nachbar"), REMOTE_ADDR="10.0.0.9"
    )
    assert other.status_code == 302


def test_the_same_name_twice_is_asked_not_doubled(client, open_signup, add_participants):
    tournament = open_signup()
    signed(tournament, "Anna Weiß")
    response = client.post(f"/t/{tournament.slug}/anmeldung/", form_data("anna  WEIẞ"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "„anna WEIẞ“ steht schon auf der Liste." in page and "zur Unterscheidung" in page
    assert Signup.objects.count() == 1
    signed(tournament, "Anna Weiss")  # another person: ß and ss are two names
    (walk_in,) = add_participants(tournament, 1)
    with pytest.raises(DomainError, match="steht schon auf der Liste"):
        signed(tournament, walk_in.name)


def test_a_name_of_5000_characters_is_refused_with_a_message(client, open_signup):
    tournament = open_signup()
    response = client.post(f"/t/{tournament.slug}/anmeldung/", form_data("A" * 5000))
    assert response.status_code == 400
    assert "Der Name ist zu lang: höchstens 100 Zeichen, eingegeben 5000." in (
        response.content.decode()
    )
    assert not Signup.objects.exists()


def test_a_cancelled_link_reused_cancels_nothing_and_moves_nobody(client, open_signup):
    tournament = open_signup(cap=1)
    anna, _bernd, _carla = (signed(tournament, n) for n in ("Anna", "Bernd", "Carla"))
    url = f"/t/{tournament.slug}/anmeldung/{anna.token}/"
    assert client.post(url).status_code == 302
    again = client.post(url)
    assert again.status_code == 400
    assert "Diese Anmeldung ist bereits abgesagt." in again.content.decode()
    statuses = dict(tournament.signups.values_list("name", "status"))
    assert statuses == {"Anna": "cancelled", "Bernd": "confirmed", "Carla": "waiting"}
    assert AuditEntry.objects.filter(action=AuditEntry.Action.SIGNUP_CANCELLED).count() == 1


def test_links_cannot_be_guessed_and_guessing_is_braked(client, open_signup):
    tournament = open_signup()
    tokens = {signed(tournament, f"Spieler {i}").token for i in range(50)}
    assert len(tokens) == 50 and min(len(t) for t in tokens) >= 32
    assert client.get(f"/t/{tournament.slug}/anmeldung/{'x' * 32}/").status_code == 404
    for _ in range(brake.GUESSES.limit):
        client.post(f"/t/{tournament.slug}/anmeldung/code/", {"code": "AAAA-AAAA"})
    token = next(iter(tokens))
    assert client.get(f"/t/{tournament.slug}/anmeldung/{token}/").status_code == 429


def test_a_link_opens_only_under_its_own_tournament(client, open_signup, make_tournament):
    tournament = open_signup()
    anna = signed(tournament, "Anna")
    other = make_tournament("Anderes")
    assert client.get(f"/t/{other.slug}/anmeldung/{anna.token}/").status_code == 404


def test_mail_goes_out_only_where_the_installation_has_mail(
    open_signup, settings, django_capture_on_commit_callbacks
):
    tournament = open_signup(cap=1, ask_contact=True)
    with django_capture_on_commit_callbacks(execute=True):
        anna = signed(tournament, "Anna", contact="anna@example.org")
    assert mail.outbox == []
    settings.EMAIL_HOST = "mail.example.org"
    with django_capture_on_commit_callbacks(execute=True):
        signed(tournament, "Bernd", contact="bernd@example.org")
        signed(tournament, "Carla", contact="0171 2345678")  # no address: no mail
    assert [m.to for m in mail.outbox] == [["bernd@example.org"]]
    assert "Warteliste" in mail.outbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        cancel(anna)
    assert mail.outbox[1].to == ["bernd@example.org"]
    assert "nachgerückt" in mail.outbox[1].body
    bernd = Signup.objects.get(name="Bernd")
    assert bernd.token in mail.outbox[1].body and bernd.short_code_display in mail.outbox[1].body


def test_raising_the_cap_fills_the_new_places_from_the_waiting_list(open_signup, organiser):
    tournament = open_signup(cap=1)
    for name in ("Anna", "Bernd", "Carla", "Dieter"):
        signed(tournament, name)
    save_settings(tournament, {"cap": 3}, user=organiser)
    statuses = dict(tournament.signups.values_list("name", "status"))
    assert statuses == {
        "Anna": "confirmed",
        "Bernd": "confirmed",
        "Carla": "confirmed",
        "Dieter": "waiting",
    }
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.SIGNUP_SETTINGS).first()
    assert entry.details["cap"] == "3" and entry.actor == "leitung"


def test_the_organiser_moves_people_between_and_within_the_lists(open_signup, organiser):
    tournament = open_signup(cap=2)
    anna, bernd, carla, dieter = (
        signed(tournament, n) for n in ("Anna", "Bernd", "Carla", "Dieter")
    )

    def order(status):
        return list(
            tournament.signups.filter(status=status)
            .order_by("position")
            .values_list("name", flat=True)
        )

    move(dieter, "up", user=organiser)
    assert order("waiting") == ["Dieter", "Carla"]
    move(anna, "wait", user=organiser)
    assert order("confirmed") == ["Bernd"] and order("waiting") == ["Anna", "Dieter", "Carla"]
    move(carla, "confirm", user=organiser)
    assert order("confirmed") == ["Bernd", "Carla"]
    move(bernd, "down", user=organiser)
    assert order("confirmed") == ["Carla", "Bernd"]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.SIGNUP_MOVED).count() == 4


def test_the_organiser_adds_someone_also_while_sign_up_is_closed(organiser_client, tournament):
    save_settings(tournament, {"enabled": False, "cap": 1})
    response = organiser_client.post(
        f"/verwaltung/{tournament.slug}/anmeldungen/", {"name": "Anna", "contact": "0171"}
    )
    assert response.status_code == 302
    assert Signup.objects.get().contact == "0171"


def test_the_settings_page_saves_times_and_refuses_a_close_before_the_opening(
    organiser_client, tournament
):
    url = f"/verwaltung/{tournament.slug}/anmeldungen/einstellungen/"
    data = {"enabled": "on", "opens_at": "2026-12-01T18:00", "cap": "24", "ask_club": "on"}
    refused = organiser_client.post(url, {**data, "closes_at": "2026-12-01T17:00"})
    assert refused.status_code == 400
    assert "Der Anmeldeschluss muss nach dem Beginn der Anmeldung liegen." in (
        refused.content.decode()
    )
    assert organiser_client.post(url, {**data, "closes_at": "2026-12-05T12:00"}).status_code == 302
    settings = tournament.signup_settings
    assert (settings.cap, settings.ask_club, settings.opens_at.day) == (24, True, 1)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.SIGNUP_SETTINGS).exists()
    assert organiser_client.post(url, {**data, "cap": "0"}).status_code == 400

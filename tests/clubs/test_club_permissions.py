"""Club roles: the Turnierleitung of a club does everything with its tournaments, a Helfer checks
in, enters and confirms sheets and prints; another club's logins see nothing (404 on every
organiser URL, GET and POST, and nothing changes)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import resolve, reverse

from tests.tournament.test_access import fingerprint, login, urls_for
from tests.tournament.test_access import played as played
from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import ClubMembership, Tournament, TournamentAccess
from tournament.permissions import FULL, HELPER, can_manage, role_of, tournaments_for

pytestmark = pytest.mark.django_db

# What a Helfer may open: check-in, the sheets (enter, confirm, send back), standings, printing.
HELPER_ROUTES = {
    "tournament:detail",
    "tournament:participants",
    "tournament:participant_checkin",
    "tournament:participant_checkin_all",
    "tournament:participant_checkin_all_undo",
    "tournament:participant_paid",  # taking the fee at the desk
    "tournament:signup_desk",  # check-in from the sign-up list (its list and settings are not)
    "tournament:round",
    "tournament:clock",  # the round's clock: the Helfer sees it, changes nothing
    "tournament:clock_state",
    "tournament:audit",
    "scoring:round_sheets",
    "scoring:standings",
    "scoring:board",
    "scoring:board_data",
    "scoring:sheet",
    "scoring:sheet_preview",
    "scoring:sheet_score",
    "scoring:sheet_autosave",
    "scoring:sheet_confirm",
    "scoring:sheet_return",
    "scoring:sheet_time_up",  # "Zeit abgelaufen nach Spiel n"; taking it back is not
    "exports:downloads",
    "exports:seating_pdf",
    "exports:table_cards_pdf",
    "exports:sheets_pdf",
    "exports:slips_pdf",
    "exports:standings_pdf",
    "exports:certificates_pdf",
    "exports:round_printouts",
    "exports:checkin_pdf",
}


def route(url: str) -> str:
    match = resolve(url)
    return f"{match.namespace}:{match.url_name}"


def member_of(club, username: str, role: str):
    user = get_user_model().objects.create_user(username, password="ein-langes-passwort-1")
    ClubMembership.objects.create(user=user, club=club, role=role)
    return user


@pytest.fixture
def club_evening(played):
    """The played evening belongs to a club now; its creator's own access is gone, so every
    right comes from the club."""
    club = create_club("doko", name="Doko-Club")
    Tournament.objects.filter(pk=played.pk).update(club=club)
    TournamentAccess.objects.filter(tournament=played).delete()
    played.refresh_from_db()
    return played


@pytest.fixture
def leader(club_evening):
    return member_of(club_evening.club, "leiterin", ClubMembership.Role.ORGANISER)


@pytest.fixture
def helper(club_evening):
    return member_of(club_evening.club, "helfer", ClubMembership.Role.HELPER)


@pytest.fixture
def other_club_leader(db):
    other = create_club("nachbarn", name="Nachbarverein")
    user = member_of(other, "nachbar", ClubMembership.Role.ORGANISER)
    create_tournament(name="Nachbarabend", date=__import__("datetime").date(2025, 6, 1), club=other)
    return user


def test_roles_are_read_from_the_club(club_evening, leader, helper, other_club_leader):
    assert role_of(leader, club_evening) == FULL
    assert role_of(helper, club_evening) == HELPER
    assert role_of(other_club_leader, club_evening) is None
    assert can_manage(helper, club_evening) and not can_manage(other_club_leader, club_evening)
    assert list(tournaments_for(leader)) == [club_evening]
    assert list(tournaments_for(other_club_leader).values_list("name", flat=True)) == [
        "Nachbarabend"
    ]


@pytest.mark.parametrize("method", ["get", "post"])
def test_another_clubs_leader_gets_404_everywhere_and_changes_nothing(
    club_evening, other_club_leader, method
):
    client = login(other_club_leader)
    before = fingerprint()
    statuses = {url: getattr(client, method)(url).status_code for url in urls_for(club_evening)}
    assert {url: status for url, status in statuses.items() if status != 404} == {}
    assert fingerprint() == before
    assert "Doko-Club" not in client.get(reverse("tournament:list")).content.decode()


def test_the_leader_gets_what_a_superuser_gets_everywhere(club_evening, leader):
    chief = get_user_model().objects.create_superuser("chef", password="ganz-geheim-und-lang-9")
    client, chief_client = login(leader), login(chief)
    urls = urls_for(club_evening)
    assert {url: client.get(url).status_code for url in urls} == {
        url: chief_client.get(url).status_code for url in urls
    }


def test_a_helper_opens_the_evenings_pages_and_is_refused_the_rest(club_evening, leader, helper):
    urls = urls_for(club_evening)
    names = {route(url) for url in urls}
    assert names >= HELPER_ROUTES
    helper_client, leader_client = login(helper), login(leader)
    for url in urls:
        status = helper_client.get(url).status_code
        if route(url) in HELPER_ROUTES:
            assert status == leader_client.get(url).status_code, url
        else:
            assert status == 403, url


def test_a_helpers_refused_posts_change_nothing(club_evening, helper):
    client = login(helper)
    refused = [url for url in urls_for(club_evening) if route(url) not in HELPER_ROUTES]
    before = fingerprint()
    assert {client.post(url).status_code for url in refused} == {403}
    assert fingerprint() == before


def test_a_helper_checks_in_and_confirms(club_evening, helper):
    from scoring.models import Sheet

    client = login(helper)
    participant = club_evening.participants.order_by("pk").first()
    url = reverse("tournament:participant_checkin", args=[club_evening.slug, participant.pk])
    assert client.post(url, {"checked_in": "1"}).status_code == 302
    participant.refresh_from_db()
    assert participant.checked_in
    sheet = Sheet.objects.filter(round__tournament=club_evening, round__number=1).first()
    # reopening a confirmed sheet is the Turnierleitung's
    reopen = reverse("scoring:sheet_reopen", args=[club_evening.slug, 1, sheet.table.number])
    assert client.post(reopen, {"revision": sheet.revision, "reason": "x"}).status_code == 403


def club_routes() -> list[tuple[str, list[str]]]:
    from django.urls import URLResolver, get_resolver

    return [
        (f"{resolver.namespace}:{pattern.name}", sorted(pattern.pattern.converters))
        for resolver in get_resolver().url_patterns
        if isinstance(resolver, URLResolver) and resolver.namespace in ("seasons", "clubs")
        for pattern in resolver.url_patterns
    ]


@pytest.mark.parametrize("method", ["get", "post"])
def test_another_clubs_leader_gets_404_on_every_club_page(club_evening, other_club_leader, method):
    from seasons.services import create_season

    club = club_evening.club
    season = create_season(club, "2025", name="Saison", tournaments=[club_evening])
    member = club.members.create(name="Anna", key="anna")
    values = {"club": club.slug, "season": season.slug, "member": member.public_id}
    client = login(other_club_leader)
    before = fingerprint()
    routes = club_routes()
    assert len(routes) >= 9
    for name, params in routes:
        if "club" not in params:
            continue  # founding a club (clubs:create): no club's page
        url = reverse(name, kwargs={param: values[param] for param in params})
        assert getattr(client, method)(url).status_code == 404, url
    assert fingerprint() == before
    assert club.members.get().name == "Anna"


def test_a_helper_is_not_offered_what_they_may_not_do(club_evening, leader, helper):
    url = reverse("exports:downloads", args=[club_evening.slug])
    helper_page = login(helper).get(url).content.decode()
    leader_page = login(leader).get(url).content.decode()
    for link in ("sicherung.json", ".xlsx", "/einstellungen/"):
        assert link in leader_page
        assert link not in helper_page
    assert ".pdf" in helper_page

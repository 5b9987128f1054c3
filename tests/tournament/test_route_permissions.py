"""Every route of the project as every role, GET and POST: the permission table of the README
("Clubs", "Organiser logins and access") as a test.

The world (``route_world.py``): club "doko-freunde" with the tournament "herbst" (round 1 drawn
and released, sheets open) and the season "2025"; its Turnierleitung (``leader``) and its Helfer
(``helper``); the Turnierleitung of another club (``other_club``); a superuser; and two clients
without a login: ``anonymous`` and a ``player`` (players never log in).

``ROUTES`` says for each route (``namespace:name`` as the URL resolver holds it) who may use it
and what an allowed GET and an empty POST answer. A route that is not in the table fails the
test: whoever adds a route decides here who may use it. Every request runs in a transaction that
is rolled back, so each one meets the same world.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import transaction

from tests.tournament.route_world import ROLES, build_world, routes, url_of

pytestmark = pytest.mark.django_db

# Who may use a route.
PUBLIC = "public"  # everybody, no login: the same answer for every role
LOGIN = "login"  # any active login (its own list)
START = "start"  # any login except one that is only a club's Helfer: new tournament, restore
HELPER = "helper"  # the club's logins, Helfer included (check-in, sheets, printing)
LOOK = "look"  # the club's logins; a Helfer may look (GET), not post (register participants)
FULL = "full"  # the club's Turnierleitung and superusers; Helfer 403
FOUND = "found"  # a login without a club (and superusers): founding a club; members of one 403
ADMIN = "admin"  # superusers only (/admin/); every other client is sent to the login
ADMIN_LOGIN = "admin_login"  # the admin's login: to the organisers' login, 403 when logged in

# route -> (who, status of an allowed GET, status of an allowed empty POST)
ROUTES: dict[str, tuple[str, int, int]] = {
    # public pages (their switches: tests/scoring/test_public_switches.py)
    "public:home": (PUBLIC, 200, 405),
    "public:tournament": (PUBLIC, 200, 405),
    "public:lookup": (PUBLIC, 200, 405),
    "public:seating": (PUBLIC, 200, 405),
    "public:standings": (PUBLIC, 200, 405),
    "public:rules": (PUBLIC, 200, 405),
    "public:player": (PUBLIC, 200, 405),
    "public:projector": (PUBLIC, 200, 405),
    "public:season": (PUBLIC, 200, 405),
    "public:season_projector": (PUBLIC, 200, 405),
    "public:season_member": (PUBLIC, 200, 405),
    # the club's own website frames these (frame-ancestors: tests/privacy/test_embed*.py)
    "public:embed": (PUBLIC, 200, 405),
    # a member's page across evenings: public where the club allows (the world's club does not:
    # 404), and through the member's personal link
    "public:player_card": (PUBLIC, 404, 405),
    "public:personal": (PUBLIC, 200, 405),
    "public:embed_season": (PUBLIC, 200, 405),
    "login": (PUBLIC, 200, 200),  # an empty form is shown again
    "logout": (PUBLIC, 405, 302),
    "set_language": (PUBLIC, 302, 302),
    "api:standings": (PUBLIC, 200, 405),
    "api:tables": (PUBLIC, 200, 405),
    "api:season": (PUBLIC, 200, 405),
    "api:clock": (PUBLIC, 200, 405),  # the projector's clock: time left only
    # the captains' links: whoever holds the link (a player), login or not
    "captain:code": (PUBLIC, 200, 405),
    "captain:service_worker": (PUBLIC, 200, 405),
    "captain:sheet": (PUBLIC, 200, 400),
    "captain:preview": (PUBLIC, 405, 200),
    "captain:score": (PUBLIC, 405, 400),
    "captain:autosave": (PUBLIC, 405, 400),
    "captain:clock": (PUBLIC, 200, 405),  # the time left of the link's own table
    "captain:time_up": (PUBLIC, 405, 302),  # "Zeit abgelaufen nach Spiel n": back to the page
    "captain:manifest": (PUBLIC, 200, 405),
    # the online sign-up: the form and the short code for everybody (an empty form: 400), the
    # personal page for whoever holds the link (its POST cancels)
    "signup:form": (PUBLIC, 200, 400),
    "signup:code": (PUBLIC, 200, 400),
    "signup:personal": (PUBLIC, 200, 302),
    # a club's seasons: the Helfer looks and prints
    "seasons:list": (HELPER, 200, 405),
    "seasons:create": (FULL, 200, 200),
    "seasons:detail": (HELPER, 200, 405),
    "seasons:settings": (FULL, 200, 200),
    "seasons:member": (HELPER, 200, 405),
    "seasons:pdf": (HELPER, 200, 405),
    "seasons:xlsx": (FULL, 200, 405),  # a spreadsheet
    # a club's member registry and logo
    "clubs:members": (FULL, 200, 302),
    "clubs:member": (FULL, 200, 302),
    "clubs:logo": (FULL, 200, 200),
    # privacy: what is published, retention, embedding; a person's say, export, anonymising
    "clubs:privacy": (FULL, 200, 200),  # an empty form: the field says what is missing
    "clubs:member_privacy": (FULL, 405, 302),
    "tournament:participant_privacy": (FULL, 405, 302),
    "exports:member_data_json": (FULL, 200, 405),
    "exports:member_data_pdf": (FULL, 200, 405),
    "exports:participant_data_json": (FULL, 200, 405),
    "exports:participant_data_pdf": (FULL, 200, 405),
    # a club runs itself: founding, logins and invitations, older tournaments into the club
    "clubs:create": (FOUND, 200, 200),
    "clubs:logins": (FULL, 200, 200),
    "clubs:login": (FULL, 405, 302),
    "clubs:invitation_withdraw": (FULL, 405, 302),
    "clubs:tournaments": (FULL, 200, 302),
    # the invitation link: anybody who holds it (the world's token is no invitation: 404, and
    # a posted form gets the page again with its message)
    "invitation": (PUBLIC, 404, 200),
    # tournaments
    "tournament:list": (LOGIN, 200, 405),
    "tournament:create": (START, 200, 200),
    "tournament:detail": (HELPER, 200, 405),
    "tournament:settings": (FULL, 200, 200),
    # a club's rule preset: saved by its Turnierleitung (an empty name: back with a message)
    "tournament:rule_preset_save": (FULL, 405, 302),
    "tournament:audit": (HELPER, 200, 405),
    # participants: the Helfer checks in; registering, importing, editing, withdrawing are not
    "tournament:participants": (LOOK, 200, 400),
    "tournament:participant_import": (FULL, 200, 400),
    "tournament:participant_members": (FULL, 200, 302),
    "tournament:participant_make_member": (FULL, 405, 302),
    "tournament:participant_edit": (FULL, 200, 200),
    "tournament:participant_checkin": (HELPER, 405, 302),
    "tournament:participant_checkin_all": (HELPER, 405, 302),
    "tournament:participant_checkin_all_undo": (HELPER, 405, 302),
    "tournament:participant_withdraw": (FULL, 405, 302),
    # the sign-up list: its settings, list, moves and removals are the Turnierleitung's (contact
    # details); the desk's check-in from the list is the Helfer's too
    "tournament:signups": (FULL, 200, 400),
    "tournament:signup_settings": (FULL, 200, 302),
    "tournament:signup_desk": (HELPER, 200, 302),
    "tournament:signup_move": (FULL, 405, 302),
    "tournament:signup_cancel": (FULL, 405, 302),
    # money: the Helfer at the desk marks who has paid; fees, prize table, prize list, ledger
    # are the Turnierleitung's (the public sees none of it)
    "tournament:participant_paid": (HELPER, 405, 302),
    "tournament:prize_settings": (FULL, 200, 400),  # an empty form: each field says what
    "prizes:list": (FULL, 200, 405),
    "prizes:list_pdf": (FULL, 200, 405),
    "prizes:list_xlsx": (FULL, 200, 405),
    "prizes:ledger_pdf": (FULL, 200, 405),
    "prizes:ledger_xlsx": (FULL, 200, 405),
    # rounds: the Helfer looks; drawing and changing the seating are the Turnierleitung's
    "tournament:round": (HELPER, 200, 405),
    "tournament:draw": (FULL, 405, 302),
    "tournament:slips": (FULL, 200, 400),
    "tournament:swap": (FULL, 405, 302),
    "tournament:captain": (FULL, 405, 302),
    "tournament:late": (FULL, 405, 302),
    "tournament:replace": (FULL, 405, 400),  # an empty form comes back refused, as typed
    "tournament:release": (FULL, 405, 302),
    "tournament:discard": (FULL, 405, 302),
    "tournament:close": (FULL, 405, 302),
    "tournament:unrelease": (FULL, 405, 302),
    "tournament:reopen": (FULL, 405, 302),
    # the round's clock: the Helfer sees it; starting, pausing, Nachspielzeit, settings are not
    "tournament:clock": (LOOK, 200, 405),
    "tournament:clock_state": (LOOK, 200, 405),
    "tournament:clock_start": (FULL, 405, 302),
    "tournament:clock_pause": (FULL, 405, 302),
    "tournament:clock_resume": (FULL, 405, 302),
    "tournament:clock_extend": (FULL, 405, 302),
    "tournament:clock_revoke": (FULL, 405, 302),
    "tournament:clock_reset": (FULL, 405, 302),
    "tournament:clock_settings": (FULL, 405, 302),
    # sheets: the Helfer enters, confirms and sends back; links, reopening, stopping are not
    "scoring:round_sheets": (HELPER, 200, 405),
    "scoring:link_revoke": (FULL, 405, 302),
    "scoring:link_allow": (FULL, 405, 302),
    "scoring:link_renew": (FULL, 405, 302),
    "scoring:standings": (HELPER, 200, 405),
    # the director's live board: the Helfer with a tablet watches it too
    "scoring:board": (HELPER, 200, 405),
    "scoring:board_data": (HELPER, 200, 405),
    "scoring:sheet": (HELPER, 200, 400),
    "scoring:sheet_preview": (HELPER, 405, 200),
    "scoring:sheet_score": (HELPER, 405, 400),
    "scoring:sheet_autosave": (HELPER, 405, 400),
    "scoring:sheet_confirm": (HELPER, 405, 302),
    "scoring:sheet_return": (HELPER, 405, 302),
    "scoring:sheet_reopen": (FULL, 405, 302),
    "scoring:sheet_close": (FULL, 405, 302),
    "scoring:sheet_time_up": (HELPER, 405, 302),
    "scoring:sheet_time_up_clear": (FULL, 405, 302),
    # the projector's show: the Turnierleitung types the announcements (no such one: 404)
    "scoring:announcements": (FULL, 200, 400),
    "scoring:announcement": (FULL, 405, 404),
    # printouts (the Helfer prints; no confirmed sheet yet: standings and certificates are 400)
    "exports:downloads": (HELPER, 200, 405),
    "exports:seating_pdf": (HELPER, 200, 405),
    "exports:table_cards_pdf": (HELPER, 200, 405),
    "exports:sheets_pdf": (HELPER, 200, 405),
    "exports:round_printouts": (HELPER, 200, 405),
    "exports:slips_pdf": (HELPER, 200, 405),
    "exports:checkin_pdf": (HELPER, 200, 405),
    "exports:standings_pdf": (HELPER, 400, 405),
    "exports:certificates_pdf": (HELPER, 400, 405),
    # spreadsheets, results as data and backups: the Turnierleitung's
    "exports:participants_xlsx": (FULL, 200, 405),
    "exports:seating_xlsx": (FULL, 200, 405),
    "exports:standings_xlsx": (FULL, 400, 405),
    "exports:games_xlsx": (FULL, 200, 405),
    "exports:results_csv_zip": (FULL, 200, 405),
    "exports:ranking_list_xlsx": (FULL, 400, 405),  # per player and round (DDV): none played yet
    "exports:ranking_list_csv": (FULL, 400, 405),
    "exports:backup": (FULL, 200, 405),
    "exports:restore": (START, 200, 200),
    # the admin (superusers only; ids that do not exist: the admin sends back to its lists)
    "admin:index": (ADMIN, 200, 200),
    "admin:login": (ADMIN_LOGIN, 302, 302),
    "admin:logout": (ADMIN, 405, 302),
    "admin:password_change": (ADMIN, 200, 200),
    "admin:password_change_done": (ADMIN, 200, 405),
    "admin:autocomplete": (ADMIN, 403, 405),
    "admin:jsi18n": (ADMIN, 200, 405),
    "admin:view_on_site": (ADMIN, 404, 404),
    "admin:app_list": (ADMIN, 200, 200),
    "admin:(?P<url>.*)": (ADMIN, 404, 404),
    "admin:<path:object_id>/": (ADMIN, 302, 302),
    "admin:auth_user_password_change": (ADMIN, 404, 404),
}
for _model in (
    "auth_group",
    "auth_user",
    "tournament_tournamentaccess",
    "tournament_club",
    "tournament_clubmembership",
    "tournament_member",
):
    ROUTES |= {
        f"admin:{_model}_changelist": (ADMIN, 200, 200),
        f"admin:{_model}_add": (ADMIN, 200, 200),
        f"admin:{_model}_history": (ADMIN, 302, 302),
        f"admin:{_model}_delete": (ADMIN, 302, 302),
        f"admin:{_model}_change": (ADMIN, 302, 302),
    }

LOGIN_URL = "/konto/anmelden/"


def expected_status(who: str, role: str, method: str, allowed: int) -> int:
    if who == PUBLIC:
        return allowed
    if who == ADMIN_LOGIN:
        return allowed if role in ("anonymous", "player") else 403
    if who == ADMIN:
        return allowed if role == "superuser" else 302
    if role in ("anonymous", "player"):
        return 302  # to the login
    if who == FOUND:
        return allowed if role == "superuser" else 403  # every other login has a club
    if who in (LOGIN, START):
        return 403 if who == START and role == "helper" else allowed
    if role == "other_club":
        return 404  # another club's tournament does not exist for it
    if role == "helper" and (who == FULL or (who == LOOK and method == "POST")):
        return 403
    return allowed


def request(world, role: str, method: str, url: str):
    """One request in a transaction that is rolled back, with fresh caches (brakes, pages)."""
    with transaction.atomic():
        client = world.client(role)
        response = client.get(url) if method == "GET" else client.post(url)
        transaction.set_rollback(True)
    for alias in ("default", "local"):
        caches[alias].clear()
    return response


@pytest.mark.parametrize("role", ROLES)
def test_every_route_answers_each_role_as_the_permission_table_says(role):
    world = build_world()
    values = world.params()
    found = routes()
    missing = sorted({route.key for route in found} - set(ROUTES))
    assert not missing, f"Routes without an entry in ROUTES (decide who may use them): {missing}"
    stale = sorted(set(ROUTES) - {route.key for route in found})
    assert not stale, f"Entries in ROUTES for routes that no longer exist: {stale}"
    wrong = []
    for route in found:
        who, get_status, post_status = ROUTES[route.key]
        url = url_of(route, values)
        for method, allowed in (("GET", get_status), ("POST", post_status)):
            expected = expected_status(who, role, method, allowed)
            response = request(world, role, method, url)
            status = response.status_code
            if status != expected:
                wrong.append(f"{method} {url} ({route.key}): {status}, not {expected}")
            elif role in ("anonymous", "player") and who not in (PUBLIC, ADMIN, ADMIN_LOGIN):
                assert response["Location"].startswith(LOGIN_URL), (method, url)
    assert not wrong, f"As {role}:\n" + "\n".join(wrong)

"""Security: login brake, password rules, production settings, CSP, and the audit trail."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from config import login
from scoring.evening.rounds import draw_round, release_round
from scoring.sheets.links import renew_link, set_link_revoked
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import (
    close_sheet_early,
    confirm_sheet,
    reopen_sheet,
    return_sheet,
    submit_sheet,
)
from tests.conftest import example_records
from tournament.events.services import create_tournament, update_tournament
from tournament.models import AuditEntry, Round, Table
from tournament.participants.services import add_participant, set_checked_in, update_participant
from tournament.seating.services import make_captain, set_withdrawn, swap_players

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_failed_logins_are_rate_limited(organiser):
    client = Client(REMOTE_ADDR="10.1.2.3")
    url = reverse("login")
    for _ in range(login.MAX_FAILURES):
        assert client.post(url, {"username": "leitung", "password": "falsch"}).status_code == 200
    blocked = client.post(url, {"username": "leitung", "password": "geheim-und-lang-42"})
    assert blocked.status_code == 429
    assert "Zu viele fehlgeschlagene Anmeldungen" in blocked.content.decode()
    other = Client(REMOTE_ADDR="10.9.9.9")
    assert (
        other.post(url, {"username": "leitung", "password": "geheim-und-lang-42"}).status_code
        == 302
    )


@pytest.mark.django_db
def test_a_successful_login_resets_the_count(organiser):
    client = Client(REMOTE_ADDR="10.1.2.4")
    url = reverse("login")
    for _ in range(login.MAX_FAILURES - 1):
        client.post(url, {"username": "leitung", "password": "falsch"})
    assert (
        client.post(url, {"username": "leitung", "password": "geheim-und-lang-42"}).status_code
        == 302
    )
    client.logout()
    for _ in range(login.MAX_FAILURES - 1):
        assert client.post(url, {"username": "leitung", "password": "falsch"}).status_code == 200


@pytest.mark.parametrize("password", ["12345678", "passwort", "leitung1", "kurz"])
@pytest.mark.django_db
def test_weak_passwords_are_refused(organiser, password):
    with pytest.raises(ValidationError):
        validate_password(password, user=organiser)


def production_env(**extra) -> dict[str, str]:
    unwanted = {"DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
    env = {key: value for key, value in os.environ.items() if key not in unwanted}
    env.update(
        DOKO_PRODUCTION="1",
        SECRET_KEY="x" * 20 + "-production-secret-for-the-check-0123456789abcdef",
        ALLOWED_HOSTS="doko.example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    env.update(extra)
    return env


def run_in_production(code: str) -> subprocess.CompletedProcess:
    """Python ``code`` in a fresh interpreter with production settings."""
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_deploy_passes_without_warnings_in_production():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_are_strict():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, "
        "s.SECURE_HSTS_SECONDS >= 31536000, s.SECURE_HSTS_INCLUDE_SUBDOMAINS)"
    )
    result = run_in_production(code)
    assert result.stdout.split() == ["False", "True", "True", "True", "True", "True"], result.stderr


def test_production_hashes_passwords_with_a_strong_hasher():
    """The tests hash with MD5 for speed (tests/conftest.py); production must keep a strong one."""
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "from django.contrib.auth.hashers import get_hasher; "
        "from django.utils.module_loading import import_string; "
        "print(get_hasher('default').algorithm, "
        "*(import_string(path).algorithm for path in settings.PASSWORD_HASHERS))"
    )
    result = run_in_production(code)
    assert result.returncode == 0, result.stderr
    default, *accepted = result.stdout.split()
    assert default in {"pbkdf2_sha256", "argon2"}, result.stdout + result.stderr
    assert not {"md5", "unsalted_md5", "unsalted_sha1", "sha1", "crypt"} & set(accepted)


@pytest.mark.django_db
def test_the_tests_hash_passwords_fast(organiser):
    assert organiser.password.startswith("md5$")


def test_production_refuses_to_start_without_a_secret_key():
    env = production_env()
    env.pop("SECRET_KEY")
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


@pytest.mark.django_db
def test_every_page_sends_a_strict_content_security_policy(client, evening):
    for url in ("/", f"/t/{evening.slug}/", reverse("login"), f"/t/{evening.slug}/beamer/"):
        response = client.get(url)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"


def test_templates_have_no_inline_scripts_styles_or_handlers():
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text):
            offenders.append(f"{path}: inline <script>")
        if re.search(r"\sstyle=\"", text) or "<style" in text:
            offenders.append(f"{path}: inline style")
        if re.search(r"\son[a-z]+=\"", text):
            offenders.append(f"{path}: inline event handler")
    assert not offenders, offenders


@pytest.mark.django_db
def test_every_state_change_is_in_the_audit_log_with_user_and_time(evening, organiser):
    round_ = Round.objects.get(tournament=evening, number=1)
    people = list(evening.participants.order_by("pk"))
    actions_before = set(AuditEntry.objects.values_list("action", flat=True))
    assert {
        "tournament.created",
        "participants.imported",
        "round.slips_saved",
        "round.released",
    } <= actions_before

    late = add_participant(evening, name="Neu Ling", user=organiser)
    update_participant(late, name="Neu Ling-Spät", user=organiser)
    set_checked_in(late, True, user=organiser)
    set_withdrawn(late, True, user=organiser)
    update_tournament(evening, venue="Saal 2", user=organiser)
    sheet = sheet_for(round_, 1)
    submit_sheet(sheet, example_records(4)[:3], expected_revision=0, user=organiser)
    submit_sheet(sheet, example_records(4), expected_revision=1, final=True, user=organiser)
    return_sheet(sheet, comment="Bitte prüfen", user=organiser)
    sheet.refresh_from_db()
    submit_sheet(
        sheet, example_records(4), expected_revision=sheet.revision, final=True, user=organiser
    )
    confirm_sheet(sheet, user=organiser)
    reopen_sheet(sheet, reason="Tippfehler", user=organiser)
    other = sheet_for(round_, 2)
    close_sheet_early(other, after_game=12, note="Zeit", user=organiser)
    table = Table.objects.get(round=round_, number=3)
    set_link_revoked(table, True, user=organiser)
    renew_link(table, user=organiser)

    second = create_tournament(name="Zweiter Abend", date=evening.date, user=organiser)
    for index in range(8):
        add_participant(second, name=f"Spieler {index}", user=organiser)
    draw_round(second, 1, seed=5, user=organiser)
    a, b = list(second.participants.order_by("pk"))[:2]
    swap_players(second, 1, a, b, user=organiser)
    make_captain(second, 1, a, user=organiser)
    release_round(second, 1, user=organiser)

    expected = {
        "participant.added",
        "participant.changed",
        "participant.checked_in",
        "participant.withdrawn",
        "tournament.changed",
        "sheet.saved",
        "sheet.submitted",
        "sheet.returned",
        "sheet.confirmed",
        "sheet.reopened",
        "sheet.closed_early",
        "token.revoked",
        "token.renewed",
        "round.drawn",
        "round.changed",
        "round.released",
    }
    recorded = set(AuditEntry.objects.values_list("action", flat=True))
    assert expected <= recorded, expected - recorded
    for entry in AuditEntry.objects.exclude(action__in=["tournament.imported"]):
        assert entry.created_at is not None
        assert entry.user == organiser, entry.action
    assert AuditEntry.objects.get(action="sheet.reopened").reason == "Tippfehler"
    assert len(people) == 18


@pytest.mark.django_db
def test_captain_changes_are_logged_with_the_table(evening):
    table = Table.objects.get(round__tournament=evening, number=2)
    data = {"revision": "0", "save": "1", "g1-winners": "14", "g1-value": "2", "g1-kind": "normal"}
    Client().post(reverse("captain:sheet", args=[table.entry_token]), data)
    entry = AuditEntry.objects.get(action="sheet.saved")
    assert entry.user is None and entry.actor == "Listenführer Tisch 2"

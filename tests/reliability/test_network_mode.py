"""The club evening on the local network (``make serve``, ``DOKO_MODE=network``): DEBUG off,
a secret key made once, the laptop's own host names, ``check --deploy`` clean, no published
password valid, the first organiser login asked for in the terminal. One test starts the real
server (``python -m config.serve``, as ``make serve``) on loopback."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from config import network, serve
from config.management.commands import ensure_organiser
from demo.login import DEMO_PASSWORD, DEMO_USER

ROOT = Path(__file__).resolve().parents[2]
HTTPS_ONLY_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]


def network_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    unwanted = {
        "DEBUG",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "DATABASE_URL",
        "DOKO_PRODUCTION",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "CACHE_DIR",
        "TEST_DB_NAME",
        "DJANGO_SETTINGS_MODULE",
    }
    env = {key: value for key, value in os.environ.items() if key not in unwanted}
    env.update(
        DOKO_MODE="network",
        DATA_DIR=str(tmp_path / "data"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    env.update(extra)
    return env


def run(args: list[str], env: dict[str, str], timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def manage(env: dict[str, str], *args: str, timeout: int = 180) -> subprocess.CompletedProcess:
    result = run([sys.executable, "manage.py", *args], env, timeout)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


SETTINGS_REPORT = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "mode": s.MODE, "debug": s.DEBUG, "hosts": s.ALLOWED_HOSTS, "key": s.SECRET_KEY,
    "session_secure": getattr(s, "SESSION_COOKIE_SECURE", False),
    "csrf_secure": getattr(s, "CSRF_COOKIE_SECURE", False),
    "ssl_redirect": getattr(s, "SECURE_SSL_REDIRECT", False),
    "hsts": getattr(s, "SECURE_HSTS_SECONDS", 0), "silenced": s.SILENCED_SYSTEM_CHECKS,
    "database": str(s.DATABASES["default"]["NAME"]),
    "journal": s.DATABASES["default"]["OPTIONS"]["init_command"],
    "whitenoise": "whitenoise.middleware.WhiteNoiseMiddleware" in s.MIDDLEWARE,
    "storage": s.STORAGES["staticfiles"]["BACKEND"],
    "cache": s.CACHES["default"]["BACKEND"],
}))
"""


def network_settings(env: dict[str, str]) -> tuple[dict, str]:
    result = run([sys.executable, "-c", SETTINGS_REPORT], env, 60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), result.stderr


# ---------------------------------------------------------------------------- settings


def test_network_settings_are_for_plain_http_on_the_lan_with_debug_off(tmp_path):
    report, stderr = network_settings(network_env(tmp_path, DEBUG="1"))
    assert report["mode"] == "network"
    assert report["debug"] is False
    assert "DEBUG=1 is ignored in network mode" in stderr
    assert "*" not in report["hosts"]
    assert {"localhost", "127.0.0.1", "[::1]"} <= set(report["hosts"])
    assert socket.gethostname().lower() in report["hosts"]
    # plain HTTP on the club's network: no HTTPS redirect, no Secure-only cookies, no HSTS
    assert not report["session_secure"] and not report["csrf_secure"]
    assert not report["ssl_redirect"] and not report["hsts"]
    assert report["silenced"] == HTTPS_ONLY_CHECKS
    assert report["database"] == str(tmp_path / "db.sqlite3")
    assert "journal_mode=WAL" in report["journal"]
    assert report["whitenoise"] and "Manifest" in report["storage"]
    assert report["cache"] == "tournament.cache.backends.DataOnlyDatabaseCache"


def test_network_mode_keeps_its_database_in_the_data_folder(tmp_path):
    env = network_env(tmp_path)
    env.pop("DATABASE_URL")
    report, _stderr = network_settings(env)
    assert report["database"] == str(tmp_path / "data" / "db.sqlite3")


def test_more_host_names_can_be_added(tmp_path):
    report, _stderr = network_settings(network_env(tmp_path, ALLOWED_HOSTS="doko.fritz.box"))
    assert "doko.fritz.box" in report["hosts"] and "127.0.0.1" in report["hosts"]


def test_check_deploy_is_clean_in_network_mode(tmp_path):
    result = run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        network_env(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues (4 silenced)" in result.stdout


def test_the_secret_key_is_made_once_and_kept_private(tmp_path):
    first, _stderr = network_settings(network_env(tmp_path))
    key_file = tmp_path / "data" / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert key_file.read_text().strip() == first["key"]
    assert len(first["key"]) >= 50
    again, _stderr = network_settings(network_env(tmp_path))
    assert again["key"] == first["key"]
    other, _stderr = network_settings(network_env(tmp_path / "elsewhere"))
    assert other["key"] != first["key"]


def test_a_readable_secret_key_file_is_made_private_again(tmp_path):
    path = tmp_path / "secret_key"
    key = network.secret_key_from(path)
    path.chmod(0o644)
    assert network.secret_key_from(path) == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary file left


def test_host_entries_and_interface_addresses(tmp_path):
    assert network.host_entry("192.168.1.20") == "192.168.1.20"
    assert network.host_entry("fe80::1%wlan0") == "[fe80::1]"
    assert network.host_entry("0.0.0.0") is None
    assert network.host_entry("laptop") is None
    fib_trie = tmp_path / "fib_trie"
    fib_trie.write_text(
        "Local:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 10.42.0.1\n        /32 host LOCAL\n"
        "     |-- 10.42.0.255\n        /32 link BROADCAST\n"
        "     |-- 192.168.1.20\n        /32 host LOCAL\n"
    )
    assert network.linux_interface_addresses(fib_trie) == ["10.42.0.1", "192.168.1.20"]
    assert network.linux_interface_addresses(tmp_path / "missing") == []
    hosts = network.lan_hosts(extra=["doko.fritz.box"])
    assert hosts[:3] == network.LOOPBACK_HOSTS and hosts[-1] == "doko.fritz.box"
    assert "*" not in hosts


def test_make_run_refuses_to_serve_the_demo_on_the_network():
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    result = run(
        ["make", "--no-print-directory", "-o", ".venv/.runtime", "run", "HOST=0.0.0.0"],
        dict(os.environ),
        timeout=60,
    )
    assert result.returncode != 0
    assert "make serve" in result.stderr and "HOST=0.0.0.0 refused" in result.stderr
    assert "runserver" not in result.stdout


# ---------------------------------------------------------------------------- the demo login


@pytest.fixture
def demo_user(db):
    return get_user_model().objects.create_user(DEMO_USER, password=DEMO_PASSWORD)


def log_in(username: str, password: str):
    return Client().post(reverse("login"), {"username": username, "password": password})


@pytest.mark.parametrize("mode", ["network", "production"])
def test_the_published_demo_password_is_refused_outside_the_local_demo(settings, demo_user, mode):
    settings.MODE, settings.DEPLOYED = mode, True
    response = log_in(DEMO_USER, DEMO_PASSWORD)
    assert response.status_code == 200
    assert "Demo-Passwort gilt nur im Demo-Betrieb" in response.content.decode()
    assert "_auth_user_id" not in response.wsgi_request.session
    assert authenticate(username=DEMO_USER, password=DEMO_PASSWORD) is None
    # any user whose password is the published one
    get_user_model().objects.create_user("kassenwart", password=DEMO_PASSWORD)
    assert authenticate(username="kassenwart", password=DEMO_PASSWORD) is None


def test_real_logins_still_work_in_network_mode(settings, organiser):
    settings.MODE, settings.DEPLOYED = "network", True
    response = log_in("leitung", "geheim-und-lang-42")
    assert response.status_code == 302


def test_the_demo_login_works_in_the_local_demo(settings, demo_user):
    settings.MODE, settings.DEPLOYED = "local", False
    assert log_in(DEMO_USER, DEMO_PASSWORD).status_code == 302


# ---------------------------------------------------------------------------- first organiser


class NoTerminal:
    def isatty(self) -> bool:
        return False


def test_without_a_terminal_no_login_is_asked_for(settings, db, monkeypatch, capsys):
    settings.DEPLOYED = True
    monkeypatch.setattr(sys, "stdin", NoTerminal())
    call_command("ensure_organiser")
    assert "No organiser login yet" in capsys.readouterr().err
    assert not get_user_model().objects.exists()


def test_an_existing_login_is_reported_and_nothing_asked(settings, organiser, capsys):
    settings.DEPLOYED = True
    call_command("ensure_organiser")
    assert "leitung" in capsys.readouterr().out


def test_the_first_login_is_asked_for_even_if_the_demo_user_exists(
    settings, demo_user, monkeypatch, capsys
):
    """A database reused from `make run`: the demo login does not count as an organiser."""
    settings.DEPLOYED = True
    answers = iter(
        [
            DEMO_PASSWORD,  # refused: published
            DEMO_PASSWORD,
            "kurz",  # refused: too short
            "kurz",
            "Sommer-Turnier-2025!",
            "Sommer-Turnier-2025?",  # refused: different
            "Sommer-Turnier-2025!",
            "Sommer-Turnier-2025!",
        ]
    )
    monkeypatch.setattr("builtins.input", lambda prompt="": "")
    monkeypatch.setattr(ensure_organiser.getpass, "getpass", lambda prompt="": next(answers))
    call_command("ensure_organiser", interactive=True)
    captured = capsys.readouterr()
    assert "published" in captured.err and "differ" in captured.err
    user = get_user_model().objects.get(username=ensure_organiser.DEFAULT_USERNAME)
    assert user.check_password("Sommer-Turnier-2025!")
    assert user.is_superuser  # manages every tournament and, in /admin/, the other logins
    assert "angelegt" in captured.out


# ---------------------------------------------------------------------------- the real server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Browser:
    """Just enough of a browser for the test: one host, cookies, no redirects followed."""

    def __init__(self, port: int, host: str | None = None) -> None:
        self.port = port
        self.host = host
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if self.host:
            headers["Host"] = self.host
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", errors="replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            for key, morsel in SimpleCookie(header).items():
                self.cookies[key] = morsel.value
        connection.close()
        return response, text

    def form_token(self, path: str) -> str:
        _response, html = self.request("GET", path)
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def wait_for(server: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server could not start: {log.read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"the server did not answer within 60 s: {log.read_text()[-2000:]}")


def test_the_real_network_server(tmp_path):
    """The server of ``make serve`` (``config.serve``) in network mode on loopback, DEBUG=1 in
    its environment, on a database that a `make run` filled (demo login, demo tournament): our
    404, 414 and 500 pages, no debug output, the demo login refused, deeply nested JSON answered
    400, static files from WhiteNoise."""
    env = network_env(tmp_path)
    manage(env, "migrate", "--noinput")
    # The cache table, by migrate: in its own database file, not in the main one.
    with sqlite3.connect(tmp_path / "data" / "cache.sqlite3") as database:
        assert database.execute("SELECT COUNT(*) FROM doko_cache").fetchone() == (0,)
    with sqlite3.connect(tmp_path / "db.sqlite3") as database:
        tables = {name for (name,) in database.execute("SELECT name FROM sqlite_master")}
        assert "doko_cache" not in tables and "auth_user" in tables
    manage({**env, "DOKO_MODE": "local"}, "load_demo")  # the database of a `make run`
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    token = manage(
        env,
        "shell",
        "-c",
        "from tournament.models import Table; "
        "print(Table.objects.filter(round__status='released').order_by('pk')[0].entry_token)",
    ).stdout.split()[-1]  # after Django's "N objects imported automatically"

    port = free_port()
    log = tmp_path / "server.log"
    server_env = {
        **env,
        "DEBUG": "1",  # ignored by network mode
        "DJANGO_SETTINGS_MODULE": "tests.reliability.server_settings",
        "PYTHONPATH": str(ROOT),
    }
    with log.open("w") as output:
        server = subprocess.Popen(
            serve.command("127.0.0.1", port, workers=2),  # make serve's server, 2 processes
            cwd=ROOT,
            env=server_env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(server, port, log)
        browser = Browser(port)

        response, html = browser.request("GET", "/")
        assert response.status == 200, html[:500]
        stylesheet = re.search(r'href="(/static/css/app\.[0-9a-f]+\.css)"', html).group(1)
        assert browser.request("GET", stylesheet)[0].status == 200  # WhiteNoise, hashed name

        response, html = browser.request("GET", "/gibt-es-nicht/")
        assert response.status == 404 and "Nicht gefunden" in html
        response, html = browser.request("GET", "/test-only/crash/")
        assert response.status == 500 and "Serverfehler" in html
        response, html = browser.request("GET", "/test-only/locked/")
        assert response.status == 503 and response.getheader("Retry-After") == "5"
        response, html = Browser(port, host="evil.example").request("GET", "/")
        assert response.status == 400 and "Ungültige Anfrage" in html
        # a long address reaches Django and gets our page, not the server's bare English one
        response, html = browser.request("GET", "/t/" + "x" * 20_000 + "/")
        assert response.status == 414 and "Adresse zu lang" in html, html[:300]
        # a body announced as 10 GB is refused by its length, unread (config/asgi_limits.py)
        uploader = Browser(port)
        uploader.form_token("/konto/anmelden/")  # the CSRF cookie: the form's token is looked for
        huge = {
            "Content-Length": str(10 * 2**30),
            "Content-Type": "multipart/form-data; boundary=x",
        }
        response, html = uploader.request("POST", "/konto/anmelden/", headers=huge)
        assert response.status == 400 and "Anfrage zu groß" in html, html[:300]
        for path in ("/gibt-es-nicht/", "/test-only/crash/", "/api/test-only/crash/"):
            _response, body = browser.request("GET", path)
            for leak in ("URLconf", "Traceback", "SECRET_KEY", "geheimnis-im-traceback"):
                assert leak not in body, (path, leak)

        login = Browser(port)
        form = login.form_token("/konto/anmelden/")
        response, html = login.request(
            "POST",
            "/konto/anmelden/",
            f"csrfmiddlewaretoken={form}&username={DEMO_USER}&password={DEMO_PASSWORD}".encode(),
            {"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert response.status == 200 and "Demo-Passwort" in html
        assert "sessionid" not in login.cookies
        with sqlite3.connect(tmp_path / "data" / "cache.sqlite3") as database:  # counted
            counted = "SELECT COUNT(*) FROM doko_cache WHERE cache_key LIKE '%throttle:login:%'"
            assert database.execute(counted).fetchone() == (1,)

        captain = Browser(port)
        captain.request("GET", f"/e/{token}/")
        for depth in (50, 100_000):
            response, body = captain.request(
                "POST",
                f"/e/{token}/bewerten/",
                ("[" * depth).encode(),
                {"Content-Type": "application/json", "X-CSRFToken": captain.cookies["csrftoken"]},
            )
            assert response.status == 400, body[:300]
            assert response.getheader("Content-Type") == "application/json"
            assert "error" in json.loads(body)
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert "DEBUG=1 is ignored" in log.read_text()


def test_the_banner_names_only_the_address_the_server_listens_on(settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "192.168.1.20", "doko.fritz.box"]
    out = StringIO()
    call_command("lan_addresses", host="127.0.0.1", port=8123, stdout=out)
    assert re.findall(r"http://\S+", out.getvalue()) == ["http://127.0.0.1:8123/"]
    assert "nur auf diesem Rechner" in out.getvalue()
    out = StringIO()
    call_command("lan_addresses", host="192.168.1.20", port=8123, stdout=out)
    assert re.findall(r"http://\S+", out.getvalue()) == ["http://192.168.1.20:8123/"]

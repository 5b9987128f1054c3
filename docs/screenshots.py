"""Take the screenshots of docs/anleitung.md from the real pages.

Usage (from the project folder, Chromium at /usr/bin/chromium):

    .venv/bin/python docs/screenshots.py

It builds a fresh SQLite database under /tmp with the demo tournament and a second tournament
("Herbstturnier", 22 players, round 1 drawn but not released), serves it with runserver on a
free port, and writes PNG files to docs/img/.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
DB = Path(tempfile.gettempdir()) / "doko-docs.sqlite3"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare(env: dict[str, str]) -> str:
    """Fresh database; returns the entry token of the demo's table 4 (nothing entered yet)."""
    DB.unlink(missing_ok=True)
    python = str(ROOT / ".venv" / "bin" / "python")
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "load_demo"], cwd=ROOT, env=env, check=True)
    script = """
import datetime
from django.contrib.auth import get_user_model
from tournament.participants.services import add_participant, set_checked_in
from tournament.events.services import create_tournament
from scoring.evening.rounds import draw_round
user = get_user_model().objects.get(username="demo")
t = create_tournament(name="Herbstturnier", date=datetime.date(2025, 10, 3),
                               slug="herbst", venue="Vereinsheim", user=user)
names = ["Anna Abel", "Bernd Berg", "Carla Cordes", "Dieter Dahl", "Elke Ernst", "Frank Fink",
         "Gisela Graf", "Heinz Horn", "Ines Imhof", "Jürgen Jahn", "Karin Kühn", "Lothar Lang",
         "Monika Mohr", "Norbert Nagel", "Olga Ott", "Peter Pohl", "Renate Roth", "Stefan Sauer",
         "Tanja Thiel", "Uwe Ulrich", "Vera Vogt", "Walter Wolf"]
for index, name in enumerate(names):
    p = add_participant(t, name=name, club="DK Herz-Dame" if index % 3 else "", user=user)
    if index < 21:
        set_checked_in(p, True, user=user)
draw_round(t, 1, seed=4711, user=user)
from tournament.models import Table
print("TOKEN", Table.objects.get(round__tournament__slug="demo", number=4).entry_token)
"""
    result = subprocess.run(
        [python, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout.split("TOKEN", 1)[1].split()[0]


def main() -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{DB}",
        "DEBUG": "1",
        "PUBLIC_BASE_URL": "http://192.168.1.20:8000",
    }
    token = prepare(env)
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "python"),
            "manage.py",
            "runserver",
            "--noreload",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            shoot(browser, base, token)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"Screenshots written to {OUT}")


def shoot(browser, base: str, token: str) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 860})
    page = desk.new_page()
    page.goto(base + "/konto/anmelden/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "doko-demo")
    page.click("main button[type=submit]")
    page.wait_for_load_state()

    def snap(name: str, path: str, *, full: bool = False, before=None) -> None:
        page.goto(base + path)
        if before:
            before(page)
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"{name}.png"), full_page=full)

    snap("01-turnier-anlegen", "/verwaltung/neu/")
    snap("02-teilnehmer", "/verwaltung/herbst/teilnehmer/")

    def upload(p):
        p.set_input_files("input[type=file]", str(ROOT / "fixtures" / "teilnehmer.csv"))
        p.click("button:has-text('Vorschau')")
        p.wait_for_selector("#preview")

    snap("03-import-vorschau", "/verwaltung/demo/teilnehmer/import/", before=upload)
    snap("04-auslosung", "/verwaltung/herbst/durchgang/1/")
    snap("05-losnummern", "/verwaltung/herbst/durchgang/1/losnummern/")
    snap("06-uebersicht", "/verwaltung/demo/")
    snap("07-listen-und-links", "/verwaltung/demo/durchgang/1/listen/")

    def type_games(p):
        p.click("input[name=g1-winners]")
        for winners, value in (("14", "3"), ("23", "2"), ("2", "5")):
            p.keyboard.type(winners)
            p.keyboard.press("Tab")
            p.keyboard.type(value)
            p.keyboard.press("Enter")
        p.select_option("select[name=g3-kind]", "solo_damen")
        p.wait_for_selector("tr.row-info[data-game='3']:not(.hidden-info)")
        p.wait_for_timeout(400)

    snap("08-spielliste-tastatur", "/verwaltung/demo/durchgang/1/tisch/2/", before=type_games)

    def calculator(p):
        p.click("tr.game-row[data-game='4'] .calc-open")
        dialog = p.locator("dialog#calculator")
        dialog.locator(".calc-seat[data-seat='1'] input").check()
        dialog.locator(".calc-seat[data-seat='4'] input").check()
        dialog.locator(".calc-augen").fill("187")
        dialog.locator(".calc-party[data-party='re'] .calc-call").check()
        dialog.locator(
            ".calc-party[data-party='re'] .stepper:has([data-special='doppelkopf']) "
            ".step[data-step='1']"
        ).click()
        p.wait_for_selector(".calc-result:has-text('Doppelkopf')")

    snap("09-rechner", "/verwaltung/demo/durchgang/1/tisch/2/", before=calculator)
    snap("10-liste-bestaetigt", "/verwaltung/demo/durchgang/1/tisch/1/")
    snap("11-tabelle", "/verwaltung/demo/tabelle/")
    snap("12-drucken", "/verwaltung/demo/druck/", full=True)
    desk.close()

    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=1,
    )
    page = phone.new_page()

    def captain_types(p):
        p.tap("input[name=g1-winners]")
        for winners, value in (("23", "3"), ("34", "2"), ("14", "1")):
            p.keyboard.type(winners)
            p.keyboard.press("Tab")
            p.keyboard.type(value)
            p.keyboard.press("Enter")
        p.wait_for_selector("#sheet-status:has-text('3 von ')")
        p.wait_for_selector("#sync-status:has-text('alles gespeichert')")

    snap("13-handy-listenfuehrer", f"/e/{token}/", before=captain_types)
    snap("14-handy-wo-sitze-ich", "/t/demo/wo-sitze-ich/?q=heinz")
    snap("15-handy-tabelle", "/t/demo/tabelle/")
    phone.close()

    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = projector.new_page()
    snap("16-beamer", "/t/demo/beamer/?show=standings")
    projector.close()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()

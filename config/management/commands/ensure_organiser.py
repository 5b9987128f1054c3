"""manage.py ensure_organiser: the first organiser login, asked for in the terminal.

``make serve`` runs it before the server starts. When a login for the organisers exists it says
so and does nothing. Otherwise it asks for a user name and a password (twice, checked by the
password rules) and creates the login. Without a terminal (stdin not a TTY) it asks nothing and
says how to create the login later; the server starts anyway (players need no login).

The login it creates is a superuser: it manages every tournament and, in the admin at /admin/,
the other logins and which tournaments they may manage (``tournament/permissions.py``).

Outside the local demo a login counts only if its password is not the published demo password
(``config/auth.py`` refuses that one), so a database reused from ``make run`` gets a real login.
"""

from __future__ import annotations

import getpass
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from config.auth import has_published_password, is_published, published_passwords_refused

DEFAULT_USERNAME = "leitung"
LATER = (
    "Anlegen später in einem Terminal / create it later in a terminal:\n"
    "  DOKO_MODE=network .venv/bin/python manage.py ensure_organiser"
)


def organisers() -> list:
    """The active logins that can log in here (no published password outside the demo)."""
    users = get_user_model().objects.filter(is_active=True).order_by("pk")
    usable = [user for user in users if user.has_usable_password()]
    if published_passwords_refused():
        usable = [user for user in usable if not has_published_password(user)]
    return usable


class Command(BaseCommand):
    help = "Create the first organiser login in the terminal unless one exists."

    def add_arguments(self, parser):
        parser.add_argument(
            "--interactive",
            action="store_true",
            help="ask even if stdin does not look like a terminal",
        )

    def handle(self, *args, **options):
        existing = organisers()
        if existing:
            names = ", ".join(user.get_username() for user in existing)
            self.stdout.write(f"Zugang der Turnierleitung / organiser login: {names}")
            return
        if not (options["interactive"] or sys.stdin.isatty()):
            self.stderr.write(
                self.style.WARNING(
                    "Noch kein Zugang für die Turnierleitung, und hier ist kein Terminal zum "
                    "Fragen.\nNo organiser login yet, and no terminal to ask in.\n" + LATER
                )
            )
            return
        self.stdout.write(
            "Noch kein Zugang für die Turnierleitung: bitte jetzt anlegen (Strg+C bricht ab).\n"
            "No organiser login yet: please create one now (Ctrl+C cancels)."
        )
        try:
            user = self.ask()
        except (KeyboardInterrupt, EOFError) as stop:
            self.stdout.write("")
            raise CommandError("Abgebrochen, kein Zugang angelegt. / Cancelled.") from stop
        self.stdout.write(
            self.style.SUCCESS(f"Zugang „{user.get_username()}“ angelegt. / Login created.")
        )

    def ask(self):
        users = get_user_model()
        while True:
            username = input(f"Benutzername / user name [{DEFAULT_USERNAME}]: ").strip()
            username = username or DEFAULT_USERNAME
            if users.objects.filter(username=username).exists():
                self.stderr.write(
                    "Diesen Namen gibt es schon (ohne gültiges Passwort); bitte einen anderen.\n"
                    "This name exists (without a usable password); please choose another."
                )
                continue
            break
        while True:
            password = getpass.getpass("Passwort / password: ")
            if password != getpass.getpass("Passwort wiederholen / again: "):
                self.stderr.write("Die Passwörter sind verschieden. / The passwords differ.")
                continue
            if is_published(password):
                self.stderr.write(
                    "Das Demo-Passwort ist veröffentlicht. / The demo password is published."
                )
                continue
            try:
                validate_password(password, users(username=username))
            except ValidationError as error:
                self.stderr.write("\n".join(error.messages))
                continue
            return users.objects.create_superuser(username, password=password)

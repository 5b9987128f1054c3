"""manage.py grant_access USERNAME SLUG [--revoke]: who may manage a tournament, in the terminal.

The same as adding or deleting a Turnierzugang in the admin (/admin/): the login may then see and
change the tournament on the organiser's pages (``tournament/permissions.py``); the tournament's
audit log records it. ``--list`` shows who has access to SLUG.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournament.management.organiser import login_named
from tournament.models import Tournament
from tournament.permissions import grant_access, revoke_access


class Command(BaseCommand):
    help = "Give a login access to a tournament (Turnierleitung), or take it away with --revoke."

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?", help="the login (omit with --list)")
        parser.add_argument("slug", help="the tournament's short name")
        parser.add_argument("--revoke", action="store_true", help="take the access away")
        parser.add_argument("--list", action="store_true", help="show who has access")

    def handle(self, *args, username: str | None, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no tournament '{slug}'.")
        if options["list"]:
            for access in tournament.accesses.select_related("user").order_by("user__username"):
                self.stdout.write(f"{access.user.get_username()} ({access.role})")
            return
        if not username:
            raise CommandError("Name the login: grant_access USERNAME SLUG.")
        user = login_named(username)
        if options["revoke"]:
            if not revoke_access(tournament, user):
                raise CommandError(f"'{username}' has no access to '{slug}'.")
            self.stdout.write(f"'{username}' no longer has access to '{slug}'.")
            return
        grant_access(tournament, user)
        note = " (a superuser sees every tournament anyway)" if user.is_superuser else ""
        self.stdout.write(f"'{username}' now has access to '{slug}'.{note}")

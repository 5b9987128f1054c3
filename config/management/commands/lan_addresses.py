"""manage.py lan_addresses --host 0.0.0.0 --port 8000: where phones reach this laptop (printed
by make serve); only the address the server listens on when it listens on one."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.core.management.base import BaseCommand

from config import network


class Command(BaseCommand):
    help = "Print the addresses this server answers to on the local network."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="the address the server listens on")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, **options):
        port = options["port"]
        entry = network.host_entry(options["host"])
        if entry is None:  # every address (0.0.0.0, ::) or a host name
            self.every_address(port)
        elif ipaddress.ip_address(entry.strip("[]")).is_loopback:
            self.stdout.write(
                self.style.SUCCESS(f"Doko-Turnier nur auf diesem Rechner: http://{entry}:{port}/")
            )
            self.stdout.write(
                "Telefone erreichen ihn nicht; fürs Vereinsnetz ohne HOST starten.\n"
                "Phones cannot reach it; start without HOST for the club's network."
            )
        else:
            self.stdout.write(
                self.style.SUCCESS(f"Doko-Turnier im Vereinsnetz: http://{entry}:{port}/")
            )

    def every_address(self, port: int) -> None:
        primary = network.primary_address()
        others = [
            host
            for host in settings.ALLOWED_HOSTS
            if network.host_entry(host)
            and host not in network.LOOPBACK_HOSTS
            and host != primary
            and not host.startswith("[")
        ]
        if primary:
            self.stdout.write(
                self.style.SUCCESS(f"Doko-Turnier im Vereinsnetz: http://{primary}:{port}/")
            )
        else:
            self.stdout.write(self.style.WARNING("Kein Netzwerk gefunden / no network found."))
        for host in others:
            self.stdout.write(f"  auch / also: http://{host}:{port}/")
        self.stdout.write(
            "Diese Adresse auch auf dem Laptop öffnen (nicht 127.0.0.1), dann zeigen die "
            "QR-Codes dorthin.\nOpen this address on the laptop too (not 127.0.0.1), so that "
            "the QR codes point there."
        )

"""A restored tournament never produces a 500: every page, printout, spreadsheet and JSON API.

The routes are read from the URL configuration (every named route, its parameters filled with
the restored tournament's slug, rounds, tables, participants and entry tokens), so a page added
later is visited too. Each is requested by the organiser and by an anonymous visitor.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from output.backup.document import dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from tests.exports.backup_documents import valid_document
from tournament.models import Table, Tournament
from tournament.permissions import grant_access
from tournament.signup.services import save_settings, sign_up

pytestmark = pytest.mark.django_db


def named_routes() -> Iterator[tuple[str, list[str]]]:
    """(namespaced name, parameter names) of every named route (but the admin's: no pages of a
    tournament, superusers only; tests/tournament/test_admin.py)."""

    def walk(patterns, namespace: str):
        for pattern in patterns:
            if isinstance(pattern, URLResolver) and pattern.namespace == "admin":
                continue
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield namespace + pattern.name, sorted(pattern.pattern.converters)

    yield from walk(get_resolver().url_patterns, "")


def urls_of(tournament: Tournament) -> list[str]:
    tables = Table.objects.filter(round__tournament=tournament)
    values = {
        "slug": [tournament.slug],
        "number": sorted(set(tournament.rounds.values_list("number", flat=True))),
        "table": sorted(set(tables.values_list("number", flat=True))),
        "pk": list(tournament.participants.values_list("pk", flat=True)),
        "public_id": list(tournament.participants.values_list("public_id", flat=True)),
        "token": list(tables.values_list("entry_token", flat=True)),
        "signup_token": list(tournament.signups.values_list("token", flat=True)),
        "signup_pk": list(tournament.signups.values_list("pk", flat=True)),
    }
    urls = []
    for name, params in named_routes():
        if "club" in params or "personal" in params:
            continue  # a club's pages (members, seasons, a member's own page): not in a backup
        if any(param not in values for param in params):
            raise AssertionError(f"no values for the parameters of {name}: {params}")
        for combination in itertools.product(*(values[param] for param in params)):
            urls.append(reverse(name, kwargs=dict(zip(params, combination, strict=True))))
    slug = tournament.slug
    return [
        *urls,
        f"/t/{slug}/wo-sitze-ich/?q=a",
        f"/t/{slug}/tabelle/?after_round=1",
        f"/verwaltung/{slug}/tabelle/?after_round=1",
        f"/api/t/{slug}/standings?after_round=1",
    ]


def visit_everything(tournament: Tournament, organiser_client: Client) -> dict[str, int]:
    statuses = {}
    anonymous = Client()
    for url in urls_of(tournament):
        for who, client in (("organiser", organiser_client), ("anonymous", anonymous)):
            response = client.get(url)
            assert response.status_code < 500, (who, url, response.status_code)
            statuses[f"{who} {url}"] = response.status_code
    return statuses


def test_a_restored_copy_of_a_played_tournament_serves_every_page(
    complete_tournament, organiser, organiser_client
):
    save_settings(complete_tournament, {"enabled": True, "cap": 1}, user=organiser)
    for name in ("Olga Online", "Walter Warteliste"):
        sign_up(complete_tournament, {"name": name}, user=organiser)
    restored = import_tournament(loads(dumps(export_tournament(complete_tournament))), slug="kopie")
    grant_access(restored, organiser)  # a backup carries no logins

    statuses = visit_everything(restored, organiser_client)

    ok = [url for url, status in statuses.items() if status == 200]
    assert len(ok) > 60
    for page in ("druck/tabelle.pdf", "export/spiele.xlsx", "druck/durchgang/2/spiellisten.pdf"):
        assert statuses[f"organiser /verwaltung/kopie/{page}"] == 200
    assert statuses["anonymous /api/t/kopie/standings"] == 200
    assert statuses["anonymous /t/kopie/beamer/"] == 200
    for token in restored.signups.values_list("token", flat=True):
        assert statuses[f"anonymous /t/kopie/anmeldung/{token}/"] == 200


def test_a_restored_hand_made_backup_serves_every_page(organiser, organiser_client):
    """Edge cases of a valid document: a draft round with lots, a sheet stopped early, an
    unconfirmed earlier version, names at their longest and with non-Latin letters."""
    data = valid_document()
    data["tournament"]["name"] = "Ü" * 120
    data["tournament"]["venue"] = "Saal <b>&amp;</b> " + "x" * 180
    data["participants"][0]["name"] = "Ǆemal Łukasiewicz-Øre " + "ẞ" * 78
    data["participants"][1]["name"] = "山田 太郎"
    data["participants"][2]["club"] = "'\"<script>" + "c" * 90
    data["rounds"][0]["tables"][1]["sheet"]["close_note"] = "n" * 300

    restored = import_tournament(data)
    grant_access(restored, organiser)

    statuses = visit_everything(restored, organiser_client)
    assert statuses["organiser /verwaltung/handgemacht/durchgang/2/"] == 200
    assert statuses["organiser /verwaltung/handgemacht/druck/urkunden.pdf"] == 200
    assert statuses["anonymous /t/handgemacht/tabelle/"] == 200

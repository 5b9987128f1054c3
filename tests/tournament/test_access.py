"""Tournament access: each login sees and changes only the tournaments it may manage.

``tournament/permissions.py`` decides; ``OrganiserMixin`` loads every organiser page's tournament
through it. The walk below requests every route of the organiser's namespaces (pages, score
sheets and their JSON calculator, captain links, standings, printouts, spreadsheets, backup) as a
second organiser without access: each answers 404, for GET and POST, and the database stays
exactly as it was.
"""

from __future__ import annotations

import datetime
import hashlib
import importlib
import io
import itertools

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from output.backup.document import dumps
from output.backup.export import export_tournament
from scoring.evening.rounds import draw_round
from tests.reliability.test_bad_input_catalogue import snapshot
from tournament.events.services import create_tournament
from tournament.models import AuditEntry, Tournament, TournamentAccess
from tournament.permissions import can_manage, grant_access, revoke_access, tournaments_for

pytestmark = pytest.mark.django_db

ORGANISER_NAMESPACES = ("tournament", "scoring", "exports")


def organiser_routes() -> list[tuple[str, list[str]]]:
    """(namespaced name, parameter names) of every route of the organiser's namespaces."""
    routes = []
    for resolver in get_resolver().url_patterns:
        if isinstance(resolver, URLResolver) and resolver.namespace in ORGANISER_NAMESPACES:
            for pattern in resolver.url_patterns:
                assert isinstance(pattern, URLPattern), pattern
                converters = sorted(pattern.pattern.converters)
                routes.append((f"{resolver.namespace}:{pattern.name}", converters))
    return routes


def fingerprint() -> str:
    """The bad-input catalogue's snapshot, plus the tournaments' settings and the accesses."""
    tournaments = list(Tournament.objects.order_by("pk").values())
    accesses = list(TournamentAccess.objects.order_by("pk").values_list("user", "tournament"))
    extra = hashlib.sha256(repr([tournaments, accesses]).encode()).hexdigest()
    return snapshot() + extra


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def stranger(db):
    """A second organiser with a tournament of their own and no access to the organiser's."""
    user = get_user_model().objects.create_user("zweite", password="noch-ein-langes-pw-7")
    create_tournament(name="Anderer Abend", date=datetime.date(2025, 5, 1), user=user)
    return user


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser("chef", password="ganz-geheim-und-lang-9")


@pytest.fixture
def plain(db):
    return get_user_model().objects.create_user("gast", password="auch-ein-langes-pw-3")


@pytest.fixture
def played(evening, organiser, confirm_round):
    """Round 1 confirmed, round 2 drawn (a draft): every kind of action has something to do."""
    confirm_round(evening, 1, organiser)
    draw_round(evening, 2, seed=4711, user=organiser)
    return evening


def urls_for(tournament: Tournament) -> list[str]:
    values = {
        "slug": [tournament.slug],
        "number": [1, 2],
        "table": [1],
        "pk": [tournament.participants.order_by("pk").values_list("pk", flat=True).first()],
        "signup_pk": [1],  # another organiser's tournament: 404 before any sign-up is looked up
    }
    urls = []
    for name, params in organiser_routes():
        if "slug" not in params:
            continue  # the list and "new tournament": tested below
        assert set(params) <= set(values), (name, params)
        for combination in itertools.product(*(values[param] for param in params)):
            urls.append(reverse(name, kwargs=dict(zip(params, combination, strict=True))))
    return urls


def test_the_walk_covers_every_kind_of_organiser_page(played):
    urls = urls_for(played)
    assert len(urls) > 40
    pieces = ("/vorschau/", "/bewerten/", "/link-erneuern/", "/sicherung.json", ".pdf", ".xlsx")
    for piece in pieces:
        assert any(piece in url for url in urls), piece


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_second_organiser_gets_404_everywhere_and_changes_nothing(played, stranger, method):
    client = login(stranger)
    before = fingerprint()
    statuses = {url: getattr(client, method)(url).status_code for url in urls_for(played)}
    assert {url: status for url, status in statuses.items() if status != 404} == {}
    assert fingerprint() == before


def test_the_same_posts_change_things_for_the_owner(played, organiser_client):
    """The walk's posts would do something: the owner's discard removes the draft round 2."""
    before = fingerprint()
    response = organiser_client.post(reverse("tournament:discard", args=[played.slug, 2]))
    assert response.status_code == 302
    assert fingerprint() != before


def test_a_stranger_cannot_change_settings_with_a_complete_form(tournament, stranger):
    data = {"name": "Übernommen", "date": "2025-04-03", "rounds_count": 2, "cycles": 4}
    data["deck"] = 40
    response = login(stranger).post(reverse("tournament:settings", args=[tournament.slug]), data)
    assert response.status_code == 404
    tournament.refresh_from_db()
    assert tournament.name == "Herbstturnier"


def test_404_looks_like_an_unknown_tournament(tournament, stranger):
    client = login(stranger)
    refused = client.get(reverse("tournament:detail", args=[tournament.slug]))
    unknown = client.get(reverse("tournament:detail", args=["gibt-es-nicht"]))
    assert refused.status_code == unknown.status_code == 404
    assert tournament.name not in refused.content.decode()


# ---------------------------------------------------------------------------- who sees what


def listed(client: Client) -> str:
    response = client.get(reverse("tournament:list"))
    assert response.status_code == 200
    return response.content.decode()


def test_a_superuser_sees_and_opens_every_tournament(tournament, stranger, superuser):
    client = login(superuser)
    page = listed(client)
    assert "Herbstturnier" in page and "Anderer Abend" in page
    assert set(tournaments_for(superuser)) == set(Tournament.objects.all())
    for each in Tournament.objects.all():
        assert client.get(reverse("tournament:detail", args=[each.slug])).status_code == 200
        assert can_manage(superuser, each)


def test_an_organiser_sees_and_changes_only_their_own(tournament, organiser_client, stranger):
    page = listed(organiser_client)
    assert "Herbstturnier" in page
    assert "Anderer Abend" not in page
    other = Tournament.objects.get(name="Anderer Abend")
    assert organiser_client.get(reverse("tournament:detail", args=[other.slug])).status_code == 404
    data = {"name": "Herbstturnier", "date": "2025-04-03", "venue": "Saal 2"}
    data.update({"rounds_count": 2, "cycles": 4, "deck": 40})
    response = organiser_client.post(reverse("tournament:settings", args=[tournament.slug]), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.venue == "Saal 2"


def test_a_plain_login_sees_nothing_and_is_told_whom_to_ask(tournament, stranger, plain):
    client = login(plain)
    page = listed(client)
    assert 'id="no-access"' in page
    assert "Bitten Sie die Turnierleitung" in page
    assert "Herbstturnier" not in page and "Anderer Abend" not in page
    assert not tournaments_for(plain).exists()
    for each in Tournament.objects.all():
        assert client.get(reverse("tournament:detail", args=[each.slug])).status_code == 404
        assert client.get(reverse("exports:backup", args=[each.slug])).status_code == 404


def test_the_no_access_sentence_in_english(plain):
    client = login(plain)
    client.cookies["django_language"] = "en"
    assert "Ask the tournament organiser" in listed(client)


def test_a_superuser_without_tournaments_is_invited_to_create_one(superuser):
    page = listed(login(superuser))
    assert "Noch kein Turnier angelegt." in page
    assert 'id="no-access"' not in page


def test_an_inactive_login_manages_nothing(tournament, organiser):
    organiser.is_active = False
    organiser.save()
    assert not tournaments_for(organiser).exists()
    assert not can_manage(organiser, tournament)


# ---------------------------------------------------------------------------- granting


def test_the_creator_gets_access(plain):
    client = login(plain)
    data = {"name": "Mein Turnier", "date": "2025-06-01", "rounds_count": 2, "cycles": 4}
    data["deck"] = 40
    response = client.post(reverse("tournament:create"), data)
    assert response.status_code == 302
    created = Tournament.objects.get(name="Mein Turnier")
    access = TournamentAccess.objects.get(tournament=created)
    assert access.user == plain
    assert access.role == TournamentAccess.Role.ORGANISER
    assert client.get(reverse("tournament:detail", args=[created.slug])).status_code == 200
    # The creation entry names the creator; no second entry for the access.
    assert list(created.audit_entries.values_list("action", "user")) == [
        (AuditEntry.Action.TOURNAMENT_CREATED, plain.pk)
    ]


def test_granting_and_revoking_are_audited_and_take_effect(tournament, stranger, organiser):
    client = login(stranger)
    url = reverse("tournament:participants", args=[tournament.slug])
    assert client.get(url).status_code == 404

    grant_access(tournament, stranger, by=organiser)
    grant_access(tournament, stranger, by=organiser)  # again: nothing more
    assert client.get(url).status_code == 200
    revoke_access(tournament, stranger, by=organiser)
    assert not revoke_access(tournament, stranger, by=organiser)
    assert client.get(url).status_code == 404

    entries = tournament.audit_entries.filter(action__startswith="access.").order_by("pk")
    assert [(e.action, e.actor, e.details["user"]) for e in entries] == [
        (AuditEntry.Action.ACCESS_GRANTED, "leitung", "zweite"),
        (AuditEntry.Action.ACCESS_REVOKED, "leitung", "zweite"),
    ]
    audit_page = login(organiser).get(reverse("tournament:audit", args=[tournament.slug]))
    assert "Zugang erteilt" in audit_page.content.decode()


# ---------------------------------------------------------------------------- the commands


def test_create_tournament_command_without_organiser_is_for_superusers_only(organiser, superuser):
    out = io.StringIO()
    call_command("create_tournament", name="Vom Terminal", date="2025-07-01", stdout=out)
    made = Tournament.objects.get(slug=out.getvalue().strip())
    assert not made.accesses.exists()
    assert not can_manage(organiser, made)
    assert can_manage(superuser, made)


def test_create_tournament_command_with_organiser(organiser):
    out = io.StringIO()
    call_command(
        "create_tournament", name="Vom Terminal", date="2025-07-01", organiser="leitung", stdout=out
    )
    made = Tournament.objects.get(slug=out.getvalue().strip())
    assert can_manage(organiser, made)
    assert made.audit_entries.filter(action=AuditEntry.Action.ACCESS_GRANTED).count() == 1


def test_commands_refuse_an_unknown_organiser_before_making_anything(db):
    with pytest.raises(CommandError, match="no login 'niemand'"):
        call_command("create_tournament", name="X", date="2025-07-01", organiser="niemand")
    with pytest.raises(CommandError, match="no login 'niemand'"):
        call_command("generate_demo", players=8, rounds=1, organiser="niemand")
    assert not Tournament.objects.exists()


def test_import_tournament_command_with_organiser(tournament, stranger, tmp_path):
    path = tmp_path / "sicherung.json"
    path.write_text(dumps(export_tournament(tournament)), encoding="utf-8")
    call_command("import_tournament", str(path), slug="kopie", stdout=io.StringIO())
    call_command(
        "import_tournament", str(path), slug="kopie-2", organiser="zweite", stdout=io.StringIO()
    )
    assert not Tournament.objects.get(slug="kopie").accesses.exists()  # a backup has no logins
    assert can_manage(stranger, Tournament.objects.get(slug="kopie-2"))


def test_grant_access_command(tournament, stranger):
    out = io.StringIO()
    call_command("grant_access", "zweite", tournament.slug, stdout=out)
    assert "now has access" in out.getvalue()
    assert can_manage(stranger, tournament)
    out = io.StringIO()
    call_command("grant_access", tournament.slug, list=True, stdout=out)
    assert out.getvalue().split("\n")[:2] == ["leitung (organiser)", "zweite (organiser)"]
    call_command("grant_access", "zweite", tournament.slug, revoke=True, stdout=io.StringIO())
    assert not can_manage(stranger, tournament)
    with pytest.raises(CommandError, match="has no access"):
        call_command("grant_access", "zweite", tournament.slug, revoke=True)
    with pytest.raises(CommandError, match="no tournament"):
        call_command("grant_access", "zweite", "gibt-es-nicht")


def test_the_demo_login_sees_the_demo_tournament_only(stranger):
    call_command("load_demo", stdout=io.StringIO())
    demo = get_user_model().objects.get(username="demo")
    assert list(tournaments_for(demo).values_list("slug", flat=True)) == ["demo"]
    TournamentAccess.objects.filter(user=demo).delete()  # a demo database from before
    call_command("load_demo", stdout=io.StringIO())
    assert can_manage(demo, Tournament.objects.get(slug="demo"))


# ---------------------------------------------------------------------------- existing data


def test_the_migration_keeps_existing_tournaments_open_to_existing_logins(
    tournament, stranger, plain, superuser
):
    TournamentAccess.objects.all().delete()  # as before the migration
    get_user_model().objects.create_user("ehemals", is_active=False)
    migration = importlib.import_module(
        "tournament.migrations.0004_access_for_existing_tournaments"
    )
    migration.grant_existing(apps, None)
    pairs = set(TournamentAccess.objects.values_list("user__username", "tournament__name"))
    assert pairs == {
        (user, name)
        for user in ("leitung", "zweite", "gast")
        for name in ("Herbstturnier", "Anderer Abend")
    }

"""create_club, create_tournament --club, import_participants, create_season and
season_standings on the command line; bad input exits 1 and changes nothing."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from scoring.models import Season
from seasons.ranking import compute_season
from tests.reliability.test_bad_input_catalogue import snapshot
from tests.seasons.conftest import names_csv
from tournament.models import Club, Member, Participant, Tournament

pytestmark = pytest.mark.django_db

FOUR = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]


def run(*argv: str) -> tuple[int, str, str]:
    """The command as from a shell: (exit status, stdout, stderr). ``manage.py`` exits with a
    ``CommandError``'s ``returncode`` (1) after printing it to stderr."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*argv, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, out.getvalue(), err.getvalue() + str(error)
    return 0, out.getvalue(), err.getvalue()


def test_create_club_then_a_tournament_of_the_club(tmp_path):
    assert run("create_club", "doko-mitte", "--name", "Doko Mitte e. V.")[0] == 0
    club = Club.objects.get(slug="doko-mitte")
    assert club.name == "Doko Mitte e. V."
    code, out, _err = run(
        "create_tournament", "--name", "Januar", "--date", "2025-01-10", "--club", "doko-mitte"
    )
    assert code == 0
    assert Tournament.objects.get(slug=out.strip()).club == club


def test_import_participants_links_lines_to_members_or_creates_them(tmp_path):
    run("create_club", "doko-mitte", "--name", "Doko Mitte")
    club = Club.objects.get()
    Member.objects.create(club=club, name="Anna Arndt", key="anna arndt")
    slug = run("create_tournament", "--name", "Jan", "--date", "2025-01-10", "--club", "doko-mitte")
    path = tmp_path / "liste.csv"
    path.write_bytes(names_csv(["  ANNA   arndt", "Bernd Bauer"]))
    assert run("import_participants", slug[1].strip(), str(path))[0] == 0
    members = {p.name: p.member for p in Participant.objects.all()}
    assert members["ANNA arndt"].name == "Anna Arndt"
    assert members["Bernd Bauer"].name == "Bernd Bauer"
    assert club.members.count() == 2


def test_import_into_a_tournament_without_club_makes_no_members(tmp_path):
    slug = run("create_tournament", "--name", "Jan", "--date", "2025-01-10")[1].strip()
    path = tmp_path / "liste.csv"
    path.write_bytes(names_csv(FOUR))
    assert run("import_participants", slug, str(path))[0] == 0
    assert not Member.objects.exists()
    assert not Participant.objects.filter(member__isnull=False).exists()


@pytest.fixture
def two_evenings(club, play_evening):
    one = play_evening(
        club, "jan", [*FOUR, "Emil Engel", "Frieda Fuchs", "Gerd Graf", "Hanna Hahn"]
    )
    two = play_evening(club, "feb", FOUR, day=2, seed=11)
    return one, two


@pytest.mark.parametrize(
    ("rule", "extra"),
    [("sum", []), ("best", ["--best", "1"]), ("average", ["--min-rounds", "2"])],
)
def test_create_season_and_print_it_as_json(two_evenings, club, rule, extra):
    code, out, err = run(
        "create_season", club.slug, "2025", "--name", "Saison 2025", "--rule", rule, *extra,
        "jan", "feb",
    )  # fmt: skip
    assert (code, err) == (0, "")
    season = Season.objects.get(club=club, slug="2025")
    assert season.rule == rule and season.tournaments.count() == 2
    code, out, err = run("season_standings", club.slug, "2025", "--json")
    assert code == 0
    rows = json.loads(out)
    assert rows == [row.as_json() for row in compute_season(season).rows]
    for row in rows:
        assert list(row) == ["rank", "name", "evenings", "rounds", "points", "average", "metric"]
        assert row["rank"] is None or isinstance(row["rank"], int)
        assert isinstance(row["average"], float) or row["average"] is None
    ranked = [row for row in rows if row["rank"] is not None]
    unranked = [row for row in rows if row["rank"] is None]
    assert rows == ranked + unranked
    assert [row["rank"] for row in ranked] == sorted(row["rank"] for row in ranked)
    assert [row["name"] for row in unranked] == sorted(row["name"] for row in unranked)
    if rule == "average":
        assert {row["name"] for row in unranked} == {
            "Emil Engel", "Frieda Fuchs", "Gerd Graf", "Hanna Hahn"
        }  # fmt: skip
        assert all(row["rounds"] == 2 for row in ranked)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["gibt-es-nicht", "2025", "--name", "S", "--rule", "sum", "jan"], "no club"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "sum", "jan", "nope"], "Unknown"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "sum", "jan", "fremd"], "Not a"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "best", "--best", "0"], "at least 1"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "sum", "--min-rounds", "-1"], "negat"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "best"], "fehlt die Zahl"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "sum", "--best", "2"], "nur für"),
        (["skat-und-doko", "2025", "--name", "S", "--rule", "median"], "invalid choice"),
        (["skat-und-doko", "Saison 25", "--name", "S", "--rule", "sum"], "Kurzname"),
    ],
)
def test_bad_input_exits_1_with_a_message_and_changes_nothing(
    two_evenings, club, play_evening, argv, message
):
    from tournament.clubs.services import create_club

    play_evening(create_club("nachbarn", name="Nachbarn"), "fremd", FOUR)
    before = snapshot(), list(Season.objects.values_list("pk"))
    code, _out, err = run("create_season", *argv)
    assert code == 1
    assert message in err
    assert (snapshot(), list(Season.objects.values_list("pk"))) == before


def test_bad_input_of_the_other_commands_exits_1(club):
    assert run("create_club", "skat-und-doko", "--name", "Noch mal")[0] == 1
    assert run("create_club", "Mit Leerzeichen", "--name", "X")[0] == 1
    code, _out, err = run(
        "create_tournament", "--name", "X", "--date", "2025-01-01", "--club", "nix"
    )
    assert code == 1 and "no club 'nix'" in err
    assert not Tournament.objects.exists()
    code, _out, err = run("season_standings", "skat-und-doko", "2099", "--json")
    assert code == 1 and "no season '2099'" in err
    code, _out, err = run("season_standings", "gibt-es-nicht", "2025", "--json")
    assert code == 1 and "no club 'gibt-es-nicht'" in err


def test_generate_demo_makes_a_club_with_a_season_of_several_evenings():
    code, _out, err = run(
        "generate_demo", "--club", "demo-club", "--evenings", "3", "--players", "8",
        "--rounds", "1", "--cycles", "1", "--rule", "best", "--best", "2",
    )  # fmt: skip
    assert code == 0, err
    season = Season.objects.get(club__slug="demo-club", slug="2025")
    assert season.tournaments.count() == 3 and season.rule == "best"
    rows = compute_season(season).rows
    assert 8 <= len(rows) <= 10  # a pool of 10 members, 8 each evening
    assert max(row.evenings for row in rows) == 3
    assert run("generate_demo", "--club", "demo-club", "--evenings", "3")[0] == 1  # exists
    code, _out, err = run(
        "generate_demo", "--club", "demo-club", "--evenings", "2", "--players", "8",
        "--rounds", "1", "--cycles", "1", "--replace",
    )  # fmt: skip
    assert code == 0, err
    assert Season.objects.get(club__slug="demo-club").tournaments.count() == 2


def test_load_demo_shows_a_demo_season():
    from django.contrib.auth import get_user_model

    from tournament.permissions import clubs_for

    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())  # again: nothing more
    season = Season.objects.get(club__slug="doko-freunde", slug="2025")
    assert season.tournaments.count() == 3
    assert compute_season(season).ranked
    login = get_user_model().objects.get(username="verein")
    assert list(clubs_for(login, full=True)) == [season.club]


def test_a_backup_restored_into_a_club_is_linked_to_its_members(club, play_evening, tmp_path):
    from output.backup.document import dumps
    from output.backup.export import export_tournament

    one = play_evening(club, "jan", FOUR)
    path = tmp_path / "sicherung.json"
    path.write_text(dumps(export_tournament(one)), encoding="utf-8")
    assert run("import_tournament", str(path), "--slug", "kopie", "--club", "nix")[0] == 1
    assert not Tournament.objects.filter(slug="kopie").exists()
    code, _out, err = run("import_tournament", str(path), "--slug", "kopie", "--club", club.slug)
    assert code == 0, err
    copy = Tournament.objects.get(slug="kopie")
    assert copy.club == club
    assert {p.member.name for p in copy.participants.all()} == set(FOUR)
    assert club.members.count() == 4  # the same members as the original evening

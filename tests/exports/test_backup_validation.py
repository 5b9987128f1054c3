"""Hostile backups: every mutation of a valid document is refused with its place, nothing written.

The same cases run on SQLite and PostgreSQL (``make test``, ``make test-postgres``), so both
databases refuse exactly these files with exactly these messages: the checks happen before the
database is asked. Points are recomputed by the rules engine, never taken from the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from output.backup import document
from output.backup.document import BackupError, dumps, loads
from output.backup.restore import import_tournament
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from scoring.standings.ranking import compute_standings
from tests.examples import examples
from tests.exports.backup_documents import valid_document
from tournament.models import AuditEntry, Participant, Round, Seat, Table, Tournament

pytestmark = pytest.mark.django_db

MODELS = (Tournament, Participant, Round, Table, Seat, Sheet, SheetVersion, Game, ScoreLine)
R0 = ("rounds", 0)
T0 = (*R0, "tables", 0)
T1 = (*R0, "tables", 1)
SHEET = (*T0, "sheet")
V1 = (*SHEET, "versions", 1)
GAME = (*V1, "games", 2)


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (*MODELS, AuditEntry)}


def at(data: dict, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def put(path: tuple, value: Any) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        at(data, path[:-1])[path[-1]] = value

    return change


def drop(path: tuple) -> Callable[[dict], None]:
    return lambda data: at(data, path[:-1]).pop(path[-1])


def nested(depth: int) -> dict:
    value: dict = {}
    for _ in range(depth):
        value = {"x": value}
    return value


def both(*changes: Callable[[dict], None]) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        for one in changes:
            one(data)

    return change


def seventh_seat(data: dict) -> None:
    seats = at(data, (*T1, "seats"))
    seats.append({"number": 6, "participant": 101})


CASES: list[tuple[str, Callable[[dict], None], str]] = [
    # --- JSON types
    ("name a number", put(("tournament", "name"), 42), "„tournament.name“ muss ein Text sein"),
    ("rounds_count text", put(("tournament", "rounds_count"), "2"), "muss eine ganze Zahl"),
    ("boolean as 1", put(("tournament", "public_rules"), 1), "public_rules“ muss true oder"),
    ("boolean as 0", put(("participants", 3, "checked_in"), 0), "participants[3].checked_in“"),
    ("tables an object", put((*R0, "tables"), {}), "„rounds[0].tables“ muss eine Liste sein"),
    ("participant a text", put(("participants", 2), "Anna"), "„participants[2]“ muss ein Objekt"),
    ("seed a fraction", put(("rounds", 1, "seed"), 1.5), "„rounds[1].seed“ muss eine ganze Zahl"),
    ("seat number null", put((*T0, "seats", 1, "number"), None), "darf nicht leer (null)"),
    ("record a list", put((*GAME, "record"), [1, 2]), "games[2].record“ muss ein Objekt"),
    # --- numbers that fit no column, or not the app's ranges
    ("seed over 64 bit", put(("rounds", 1, "seed"), 2**63), "„rounds[1].seed“ ist eine zu große"),
    ("seed under 64 bit", put(("rounds", 1, "seed"), -(2**63) - 1), "zu große Zahl"),
    ("11 rounds", put(("tournament", "rounds_count"), 11), "zwischen 1 und 10"),
    ("0 cycles", put(("tournament", "cycles"), 0), "„tournament.cycles“ muss zwischen 1 und 10"),
    ("52 cards", put(("tournament", "deck"), 52), "„tournament.deck“ ist keiner der erlaubten"),
    (
        "unknown name order",
        put(("tournament", "name_order"), "rueckwaerts"),
        "„tournament.name_order“ ist keiner der erlaubten",
    ),
    (
        "seat 40000",
        put((*T0, "seats", 2, "number"), 40000),
        "seats[2].number“ muss zwischen 1 und 4",
    ),
    ("seat 0", put((*T1, "seats", 0, "number"), 0), "„rounds[0].tables[1].seats[0].number“"),
    ("table 0", put((*T0, "number"), 0), "„rounds[0].tables[0].number“ muss zwischen 1 und"),
    ("table 3 after 1", put((*T1, "number"), 3), "tables[1].number“ muss 2 sein (fortlaufend"),
    ("round 3 of 2", put(("rounds", 1, "number"), 3), "„rounds[1].number“ muss zwischen 1 und 2"),
    ("revision -1", put((*SHEET, "revision"), -1), "„rounds[0].tables[0].sheet.revision“"),
    ("version 0", put((*V1, "number"), 0), "versions[1].number“ muss zwischen 1 und"),
    ("closed after 21", put((*T1, "sheet", "closed_after_game"), 21), "zwischen 1 und 20"),
    ("slip 10000", put((*R0, "slips", "101"), 10000), "„rounds[0].slips.101“ muss zwischen 0"),
    ("game numbers", put((*GAME, "number"), 7), "games[2].number“ muss 3 sein"),
    ("score line seat 9", put((*SHEET, "score_lines", 0, "seat"), 9), "score_lines[0].seat“"),
    # --- texts longer than the column (SQLite would store them, PostgreSQL refuses)
    ("name 121", put(("tournament", "name"), "T" * 121), "höchstens 120 Zeichen"),
    ("venue 201", put(("tournament", "venue"), "v" * 201), "„tournament.venue“ ist zu lang"),
    ("player 101", put(("participants", 0, "name"), "A" * 101), "participants[0].name“ ist zu"),
    ("club 101", put(("participants", 0, "club"), "c" * 101), "höchstens 100 Zeichen"),
    ("close note 301", put((*T1, "sheet", "close_note"), "n" * 301), "close_note“ ist zu lang"),
    ("comment 501", put((*SHEET, "return_comment"), "r" * 501), "höchstens 500 Zeichen"),
    ("token 65", put((*T0, "entry_token"), "t" * 65), "entry_token“ ist zu lang"),
    ("actor 121", put(("audit", 0, "actor"), "a" * 121), "„audit[0].actor“ ist zu lang"),
    ("summary 301", put(("audit", 1, "summary"), "s" * 301), "„audit[1].summary“ ist zu lang"),
    ("slug 61", put(("tournament", "slug"), "s" * 61), "„tournament.slug“ ist zu lang"),
    ("username 151", put((*V1, "created_by"), "u" * 151), "created_by“ ist zu lang"),
    # --- characters
    ("NUL in a name", put(("participants", 1, "name"), "Ber\x00nd"), "participants[1].name“ ent"),
    ("lone surrogate", put(("tournament", "venue"), "Saal \ud800"), "Steuerzeichen oder ungült"),
    ("escape in a note", put((*SHEET, "close_note"), "\x1b[31m"), "close_note“ enthält Steuer"),
    ("NUL in a record", put((*GAME, "record", "kind"), "nor\x00mal"), "record.kind“ enthält"),
    ("padded name", put(("participants", 4, "name"), " Eva  Engel"), "überzählige Leerzeichen"),
    ("token with slash", put((*T0, "entry_token"), "../admin"), "darf nur Buchstaben, Ziffern"),
    ("empty name", put(("participants", 0, "name"), "  "), "„participants[0].name“ darf nicht"),
    ("slug with spaces", put(("tournament", "slug"), "Neuer Name"), "darf nur Kleinbuchstaben"),
    ("NaN", put(("audit", 1, "details", "problems"), float("nan")), "keine endliche Zahl"),
    ("a set", put(("audit", 1, "details", "x"), {1}), "„audit[1].details.x“ ist kein JSON-Wert"),
    # --- choices
    ("round status", put((*R0, "status"), "paused"), "„rounds[0].status“ ist keiner der"),
    ("round method", put((*R0, "method"), "coin"), "„rounds[0].method“ ist keiner der"),
    ("sheet status", put((*SHEET, "status"), "done"), "sheet.status“ ist keiner der erlaubten"),
    ("version source", put((*V1, "source"), "fax"), "versions[1].source“ ist keiner"),
    ("audit action", put(("audit", 0, "action"), "gibt.es.nicht"), "„audit[0].action“ ist"),
    # --- references
    ("unknown seat", put((*T0, "seats", 2, "participant"), 999), "seats[2].participant“ nennt"),
    ("unknown in a lot", put(("rounds", 1, "lots", 0, "order", 0), 999), "lots[0].order[0]“"),
    ("unknown slip", put((*R0, "slips", "999"), 9), "„rounds[0].slips.999“ nennt einen"),
    ("slip of text", put((*R0, "slips", "abc"), 9), "„rounds[0].slips.abc“ nennt einen"),
    ("unknown line", put((*SHEET, "score_lines", 3, "participant"), 7), "score_lines[3]"),
    ("lot tables short", put(("rounds", 1, "lots", 0, "tables"), [1]), "so lang sein wie „order“"),
    ("participant id 0", put(("participants", 0, "id"), 0), "„participants[0].id“ muss zwischen"),
    # --- tables, seats, versions
    ("table of 3", drop((*T0, "seats", 3)), "„rounds[0].tables[0].seats“ muss 4 oder 5 Plätze"),
    ("table of 6", seventh_seat, "tables[1].seats“ muss 4 oder 5 Plätze haben, nicht 6"),
    ("seat twice", put((*T0, "seats", 1, "number"), 1), "seats[1].number“ kommt doppelt vor"),
    ("seated twice", put((*T1, "seats", 0, "participant"), 101), "sitzt in diesem Durchgang"),
    ("id twice", put(("participants", 1, "id"), 101), "„participants[1].id“ kommt doppelt vor"),
    ("name twice", put(("participants", 1, "name"), "ANNA ABEL"), "participants[1].name“ kommt"),
    ("token twice", put((*T1, "entry_token"), at(valid_document(), (*T0, "entry_token"))), "wie"),
    ("two confirmed", put((*SHEET, "versions", 0, "confirmed"), True), "ist schon bei"),
    ("confirmed without version", put((*V1, "confirmed"), False), "passt nicht zu den Versionen"),
    ("confirmed incomplete", drop((*V1, "games", 15)), "versions[1].games“ hat 15 statt 16"),
    ("sheet in a draft", put(("rounds", 1, "tables", 0, "sheet"), {}), "muss in einem Entwurf"),
    ("no sheet when released", put((*T0, "sheet"), None), "„rounds[0].tables[0].sheet“ fehlt"),
    (
        "draft before a round",
        both(put((*R0, "status"), "draft"), put((*T0, "sheet"), None), put((*T1, "sheet"), None)),
        "„rounds[0].status“ darf nur beim letzten Durchgang",
    ),
    (
        "closed round, open sheet",
        both(put((*R0, "status"), "closed"), put((*SHEET, "status"), "submitted")),
        "„rounds[0].tables[0].sheet.status“ muss in einem abgeschlossenen Durchgang",
    ),
    ("released without tables", put((*R0, "tables"), []), "„rounds[0].tables“ darf in einem"),
    ("version twice", put((*V1, "number"), 1), "versions[1].number“ kommt doppelt vor"),
    # --- dates and times
    ("30 February", put(("tournament", "date"), "2025-02-30"), "„tournament.date“ muss ein Datum"),
    ("year 1", put(("tournament", "date"), "0001-01-01"), "Jahr 1900 bis 2999"),
    ("time as words", put(("participants", 0, "created_at"), "gestern"), "muss ein Zeitpunkt"),
    ("year 9999", put(("audit", 0, "created_at"), "9999-12-31T23:59:59+00:00"), "„audit[0].cre"),
    ("hour 25", put((*R0, "released_at"), "2025-04-03T25:00:00"), "released_at“ muss ein Zeit"),
    # --- nesting
    ("record 10,000 deep", put((*GAME, "record"), nested(10_000)), "zu tief verschachtelt"),
    ("details 30 deep", put(("audit", 0, "details"), nested(30)), "„audit[0].details.x.x.x"),
    # --- records the rules engine refuses
    ("Augen 241", put((*V1, "games", 0, "record", "augen_re"), 241), "games[0].record“ wird von"),
    ("unknown kind", put((*GAME, "record", "kind"), "ramsch"), "wird von der Wertung abgelehnt"),
    (
        "wrong dealer out",
        put((*T1, "sheet", "versions", 0, "games", 0, "record", "sitting_out"), 2),
        "versions[0].games[0].record“ wird von der Wertung",
    ),
    (
        "4 seats in a 5-table",
        put((*T1, "sheet", "versions", 0, "games", 4, "record", "table_size"), 4),
        "games[4].record“",
    ),
    # --- the format itself
    ("format", put(("format",), "etwas-anderes"), "keine Turniersicherung von Doko-Turnier"),
    ("format version", put(("format_version",), 2), "Formatversion 2"),
    ("participants missing", drop(("participants",)), "„participants“ fehlt"),
]


def test_the_valid_document_restores_as_it_is(organiser):
    restored = import_tournament(valid_document())

    assert restored.slug == "handgemacht"
    entry = restored.audit_entries.get(action=AuditEntry.Action.TOURNAMENT_IMPORTED)
    assert entry.details["recomputed"] == 0
    assert ScoreLine.objects.count() == 16 * 4 + 15 * 4
    rows = compute_standings(restored, 1).rows
    assert len(rows) == 9 and sum(row.games_played for row in rows) == 16 * 4 + 15 * 4


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[case[0] for case in CASES])
def test_a_mutated_document_is_refused_by_place_and_nothing_is_written(name, change, message):
    data = valid_document()
    change(data)
    before = counts()
    with pytest.raises(BackupError) as refused:
        import_tournament(data)
    assert message in refused.value.message, name
    assert counts() == before


def test_the_catalogue_of_mutations_is_large():
    assert len(CASES) >= 80


# ---------------------------------------------------------------------------- points


def test_stored_points_that_disagree_are_replaced_by_the_engines():
    data = valid_document()
    game = at(data, GAME)
    engine_points = dict(game["points"])
    game["points"] = {seat: 30 for seat in game["points"]}
    at(data, (*SHEET, "score_lines", 0))["points"] = 99

    restored = import_tournament(data)

    stored = Game.objects.get(
        version__sheet__table__round__tournament=restored,
        version__sheet__table__number=1,
        version__number=2,
        number=3,
    )
    assert stored.points == engine_points
    assert not ScoreLine.objects.filter(points__in=[30, 99]).exists()
    entry = restored.audit_entries.get(action=AuditEntry.Action.TOURNAMENT_IMPORTED)
    assert entry.details["recomputed"] == 2
    assert entry.details["recomputed_at"] == [
        "rounds[0].tables[0].sheet.versions[1].games[2]",
        "rounds[0].tables[0].sheet.score_lines",
    ]
    assert "Punkte an 2 Stellen von der Wertung neu berechnet" in entry.summary


def test_the_record_decides_the_points_not_the_file():
    data = valid_document()
    game = at(data, (*V1, "games", 2))  # quick entry: winners 1 and 4, value 2
    assert game["record"]["value"] == 2
    game["record"]["value"] = 5

    restored = import_tournament(data)

    lines = ScoreLine.objects.filter(
        round__tournament=restored, game_number=3, sheet__table__number=1
    )
    assert sorted(lines.values_list("seat", "points")) == [(1, 5), (2, -5), (3, -5), (4, 5)]


# ---------------------------------------------------------------------------- reading the file


def test_json_nested_too_deeply_is_refused_with_a_message():
    with pytest.raises(BackupError, match="zu tief verschachtelt"):
        loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(BackupError, match="zu tief verschachtelt"):
        loads('{"a": ' * 50_000 + "1" + "}" * 50_000)


def test_a_file_too_large_is_refused_before_parsing(monkeypatch, tmp_path):
    text = dumps(valid_document())
    monkeypatch.setattr(document, "MAX_BYTES", len(text) - 1)
    with pytest.raises(BackupError, match="Die Datei ist zu groß"):
        loads(text)
    path = tmp_path / "gross.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match="zu groß"):
        call_command("import_tournament", str(path))
    assert not Tournament.objects.exists()


def test_the_command_says_when_points_were_recomputed(tmp_path, capsys):
    data = valid_document()
    at(data, GAME)["points"] = {seat: 30 for seat in at(data, GAME)["points"]}
    path = tmp_path / "sicherung.json"
    path.write_text(dumps(data), encoding="utf-8")

    call_command("import_tournament", str(path))

    assert "Points recomputed by the rules engine at 1 place" in capsys.readouterr().out


# ---------------------------------------------------------------------------- fuzzing


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return []
    found = []
    for key, child in items:
        found.append((*prefix, key))
        found.extend(_paths(child, (*prefix, key)))
    return found


PATHS = _paths(valid_document())
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([0, -1, 3, 6, 2**31, 2**63, -(2**63) - 1, 10**30]),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(["", "x" * 700, "\x00", "2025-02-30", "draft", "confirmed", "999"]),
    st.lists(st.integers(-5, 200), max_size=6),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


class _RolledBack(Exception):
    pass


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(path=st.sampled_from(PATHS), value=HOSTILE)
def test_any_value_anywhere_is_restored_or_refused_never_an_error(organiser, path, value):
    data = valid_document()
    put(path, value)(data)
    before = counts()
    try:
        with transaction.atomic():
            import_tournament(data, slug="fuzz")
            raise _RolledBack
    except BackupError as refused:
        assert refused.message.startswith(("Die Sicherung", "Die Datei")), refused.message
        assert counts() == before
    except _RolledBack:
        pass

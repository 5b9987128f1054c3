"""A catalogue of malformed inputs: each gets a clear answer (4xx or a form error), never a 500,
and the database is exactly as before.

Every case is one function ``(ctx) -> response``; ``ctx`` offers an organiser client, an
anonymous client, the tournament (the 18-player evening, round 1 released) and its tokens.
Backups are restored with the ``import_tournament`` command (there is no upload form):
``ctx.restore`` writes the file, runs the command and answers like a view would, 400 with the
command's error or 200.
"""

from __future__ import annotations

import hashlib
import io
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook

from output.backup.document import MAX_BYTES
from output.backup.export import export_tournament
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from tests import handmade_xlsx as handmade
from tests.conftest import example_records
from tests.exports.backup_documents import valid_document
from tournament.models import AuditEntry, Participant, Round, Seat, Table, Tournament

pytestmark = pytest.mark.django_db


@dataclass
class Answer:
    """What the restore command said, in the shape of a response."""

    status_code: int
    content: bytes


@dataclass
class Ctx:
    organiser: Client
    anonymous: Client
    tournament: Tournament

    @property
    def slug(self) -> str:
        return self.tournament.slug

    def token(self, table: int) -> str:
        return Table.objects.get(round__tournament=self.tournament, number=table).entry_token

    def sheet_url(self, table: int = 1, suffix: str = "") -> str:
        return reverse("scoring:sheet", args=[self.slug, 1, table]) + suffix

    def upload(self, data: bytes, name: str = "liste.csv"):
        handle = io.BytesIO(data)
        handle.name = name
        url = reverse("tournament:participant_import", args=[self.slug])
        return self.organiser.post(url, {"file": handle})

    def sheet_post(self, fields: dict, table: int = 1):
        data = {"revision": "0", "save": "1", **fields}
        return self.organiser.post(self.sheet_url(table), data)

    def restore(self, document: dict[str, Any] | str, size: int | None = None) -> Answer:
        """Restore a backup file with ``manage.py import_tournament`` (``size``: a sparse file
        of that many bytes instead)."""
        text = document if isinstance(document, str) else json.dumps(document)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "sicherung.json"
            path.write_text(text, encoding="utf-8")
            if size is not None:
                with path.open("r+b") as handle:
                    handle.truncate(size)
            try:
                call_command("import_tournament", str(path), stdout=io.StringIO())
            except CommandError as error:
                return Answer(400, str(error).encode())
        return Answer(200, b"")


def backup(change: Callable[[dict[str, Any]], Any]) -> Callable[[Ctx], Answer]:
    """A case: the hand-made backup of tests/exports/backup_documents.py, changed, restored."""

    def send(ctx: Ctx) -> Answer:
        data = valid_document()
        change(data)
        return ctx.restore(data)

    return send


TABLE = ("rounds", 0, "tables", 0)
GAME = (*TABLE, "sheet", "versions", 1, "games", 0)


def put(path: tuple, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def snapshot() -> str:
    """Everything a refused input must leave untouched, as one fingerprint."""
    parts = [
        list(
            Participant.objects.order_by("pk").values_list(
                "pk", "name", "club", "withdrawn", "checked_in"
            )
        ),
        list(Round.objects.order_by("pk").values_list("pk", "status", "seed")),
        list(Seat.objects.order_by("pk").values_list("pk", "participant_id", "table_id", "number")),
        list(Table.objects.order_by("pk").values_list("pk", "entry_token", "token_revoked")),
        list(
            Sheet.objects.order_by("pk").values_list(
                "pk", "status", "revision", "closed_after_game"
            )
        ),
        SheetVersion.objects.count(),
        Game.objects.count(),
        ScoreLine.objects.count(),
        AuditEntry.objects.count(),
        Tournament.objects.count(),
    ]
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def xlsx(rows) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


FORM = "application/x-www-form-urlencoded"


def named(data: bytes, name: str) -> io.BytesIO:
    handle = io.BytesIO(data)
    handle.name = name
    return handle


def nested_record(depth: int) -> str:
    """A calculator record with a value nested ``depth`` levels deep (the record is one)."""
    inner = depth - 1
    return '{"kind": "normal", "re": [1, 2], "x": ' + "[" * inner + "]" * inner + "}"


def quick(rows: dict[int, tuple[str, str]]) -> dict:
    data = {}
    for number, (winners, value) in rows.items():
        data.update(
            {f"g{number}-winners": winners, f"g{number}-value": value, f"g{number}-kind": "normal"}
        )
    return data


CASES: list[tuple[str, Callable[[Ctx], object], set[int], str]] = [
    # --- participant import files ------------------------------------------------------------
    ("import: empty file", lambda c: c.upload(b""), {400}, ""),
    (
        "import: binary file",
        lambda c: c.upload(
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "bild.png"
        ),
        {400},
        "keine Textdatei",
    ),
    (
        "import: UTF-16 instead of UTF-8",
        lambda c: c.upload("Name\nÄnne\n".encode("utf-16")),
        {400},
        "UTF-16",
    ),
    (
        "import: no Name column",
        lambda c: c.upload(b"Vorname;Verein\nAnna;Abel\n"),
        {400},
        "Spalte „Name“",
    ),
    ("import: Name column twice", lambda c: c.upload(b"Name;name\nA;B\n"), {400}, "mehrfach"),
    (
        "import: huge file",
        lambda c: c.upload(b"Name\n" + b"x" * (3 * 1024 * 1024)),
        {400},
        "zu groß",
    ),
    (
        "import: too many lines",
        lambda c: c.upload(("Name\n" + "".join(f"P{i}\n" for i in range(2500))).encode()),
        {400},
        "höchstens 2000",
    ),
    (
        "import: duplicate names (skipped in the preview, which writes nothing)",
        lambda c: c.upload(b"Name\nAnna\nBernd\nANNA\n"),
        {200},
        "steht schon in Zeile 2",
    ),
    (
        "import: name already registered",
        lambda c: c.upload("Name\nJürgen Müller\n".encode()),
        {400},
        "bereits angemeldet",
    ),
    (
        "import: empty name with club",
        lambda c: c.upload(b"Name;Verein\n;DK\n"),
        {400},
        "Zeile 2: Der Name fehlt",
    ),
    ("import: name too long", lambda c: c.upload(b"Name\n" + b"A" * 300 + b"\n"), {400}, "zu lang"),
    (
        "import: damaged xlsx",
        lambda c: c.upload(b"PK\x03\x04" + b"\x00" * 200, "liste.xlsx"),
        {400},
        "Excel-Datei",
    ),
    (
        "import: xlsx without Name column",
        lambda c: c.upload(xlsx([["Spieler"], ["Anna"]]), "liste.xlsx"),
        {400},
        "Spalte „Name“",
    ),
    ("import: header only", lambda c: c.upload(b"Name;Verein\n"), {400}, "keine Teilnehmer"),
    (
        "import: no file in the form",
        lambda c: c.organiser.post(reverse("tournament:participant_import", args=[c.slug]), {}),
        {400},
        "",
    ),
    (
        "import: xlsx of 4 kB declaring and using 100,000,000 rows",
        lambda c: c.upload(handmade.hundred_million_rows(), "liste.xlsx"),
        {400},
        "reicht über Zeile 2001 hinaus",
    ),
    (
        "import: xlsx zip bomb (64 MB unpacked)",
        lambda c: c.upload(handmade.zip_bomb(64), "liste.xlsx"),
        {400},
        "entpackt zu groß (64 MB",
    ),
    (
        "import: xlsx part lying about its unpacked size",
        lambda c: c.upload(
            handmade.with_declared_size(
                handmade.xlsx_file(handmade.worksheet(handmade.participants(100, start=1))),
                handmade.SHEET_PART,
                300,
            ),
            "liste.xlsx",
        ),
        {400},
        "lässt sich nicht lesen",
    ),
    (
        "import: xlsx row of 1,000,000 cells",
        lambda c: c.upload(handmade.one_wide_row(), "liste.xlsx"),
        {400},
        "1000-fache",
    ),
    (
        "import: xlsx of 2,000,000 empty rows",
        lambda c: c.upload(handmade.many_empty_rows(), "liste.xlsx"),
        {400},
        "-fache",
    ),
    (
        "import: xlsx with a DTD",
        lambda c: c.upload(
            handmade.xlsx_file('<?xml version="1.0"?><!DOCTYPE x []>' + handmade.worksheet("")),
            "liste.xlsx",
        ),
        {400},
        "enthält eine DTD",
    ),
    (
        "import: 51 columns",
        lambda c: c.upload(xlsx([["Name"], ["Anna", *["x"] * 50]]), "liste.xlsx"),
        {400},
        "Zeile 2: Die Zeile hat mehr als 50 Spalten",
    ),
    (
        "import: cell of 1,001 characters",
        lambda c: c.upload(("Name;Verein;Notiz\nAnna;DK;" + "x" * 1001 + "\n").encode()),
        {400},
        "Zeile 2: Der Eintrag in Spalte C ist zu lang (1001 Zeichen, höchstens 1000)",
    ),
    (
        "import: quote never closed",
        lambda c: c.upload(b'Name;Verein\nAnna;DK\n"Bernd;DK\nCarla;DK\n'),
        {400},
        "Zeile 3: Ein Anführungszeichen",
    ),
    (
        "import: quote closed two lines later",
        lambda c: c.upload(b'Name;Verein\n"Anna;DK\nBernd;DK\nCarla;"DK"\n'),
        {400},
        "wird erst in Zeile 4 geschlossen",
    ),
    (
        "import: invalid UTF-8 in a UTF-8 file",
        lambda c: c.upload("Name\nJürgen\n".encode() + b"Gro\xdf\n"),
        {400},
        "Zeile 3: Die Datei ist als UTF-8 gespeichert",
    ),
    (
        "import: byte undefined in Windows-1252",
        lambda c: c.upload(b"Name\nJ\xfcrgen\n\x81\n"),
        {400},
        "Zeile 3: Die Datei ist weder UTF-8 noch Windows-1252",
    ),
    (
        "import: upload of 5 MB",
        lambda c: c.upload(b"Name\n" + b"Anna\n" * (2**20)),
        {400},
        "Die Anfrage ist zu groß (höchstens 4 MB)",
    ),
    (
        "import: six files at once",
        lambda c: c.organiser.post(
            reverse("tournament:participant_import", args=[c.slug]),
            {"file": [named(b"Name\nAnna\n", f"liste{n}.csv") for n in range(6)]},
        ),
        {400},
        "zu viele Dateien (höchstens 5)",
    ),
    (
        "import: forged confirmation token",
        lambda c: c.organiser.post(
            reverse("tournament:participant_import", args=[c.slug]), {"confirm": "1", "token": "x"}
        ),
        {302},
        "",
    ),
    # --- sheet entry form fields -------------------------------------------------------------
    (
        "sheet: letters as winners",
        lambda c: c.sheet_post(quick({1: ("eins", "3")})),
        {400},
        "Platznummern",
    ),
    (
        "sheet: letters as value",
        lambda c: c.sheet_post(quick({1: ("14", "drei")})),
        {400},
        "keine ganze Zahl",
    ),
    (
        "sheet: seat 9 among winners",
        lambda c: c.sheet_post(quick({1: ("19", "3")})),
        {400},
        "Spiel 1",
    ),
    ("sheet: negative value", lambda c: c.sheet_post(quick({1: ("14", "-3")})), {400}, "Spiel 1"),
    ("sheet: value 31", lambda c: c.sheet_post(quick({1: ("14", "31")})), {400}, "Spiel 1"),
    (
        "sheet: value without winners",
        lambda c: c.sheet_post({"g1-value": "2", "g1-kind": "normal"}),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: three winners in a normal game",
        lambda c: c.sheet_post(quick({1: ("123", "2")})),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: Augen 241 from the calculator",
        lambda c: c.sheet_post(
            {"g1-record": json.dumps({"kind": "normal", "re": [1, 2], "augen_re": 241})}
        ),
        {400},
        "zwischen 0 und 240",
    ),
    (
        "sheet: Augen as text from the calculator",
        lambda c: c.sheet_post(
            {"g1-record": json.dumps({"kind": "normal", "re": [1, 2], "augen_re": "130"})}
        ),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: damaged calculator data",
        lambda c: c.sheet_post({"g1-record": "{kaputt"}),
        {400},
        "beschädigt",
    ),
    (
        "sheet: calculator data is a list",
        lambda c: c.sheet_post({"g1-record": "[1, 2]"}),
        {400},
        "beschädigt",
    ),
    (
        "sheet: direct points not summing to zero",
        lambda c: c.sheet_post({"g1-p1": "3", "g1-p2": "3", "g1-p3": "-3", "g1-p4": "-2"}),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: direct points with letters",
        lambda c: c.sheet_post({"g1-p1": "x", "g1-p2": "3", "g1-p3": "-3", "g1-p4": "-3"}),
        {400},
        "keine ganze Zahl",
    ),
    (
        "sheet: revoke by seat 7",
        lambda c: c.sheet_post({"g1-offender": "7", "g1-kind": "normal"}),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: unknown kind",
        lambda c: c.sheet_post(quick({1: ("14", "3")}) | {"g1-kind": "ramsch"}),
        {400},
        "Unbekannte Spielart",
    ),
    (
        "sheet: gap before a later game",
        lambda c: c.sheet_post(quick({1: ("14", "3"), 3: ("23", "1")})),
        {400},
        "leer",
    ),
    (
        "sheet: 4-digit number overflow",
        lambda c: c.sheet_post(quick({1: ("14", "99999")})),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: missing revision",
        lambda c: c.organiser.post(c.sheet_url(), quick({1: ("14", "3")}) | {"save": "1"}),
        {400},
        "neu laden",
    ),
    (
        "sheet: stale revision",
        lambda c: c.organiser.post(
            c.sheet_url(), quick({1: ("14", "3")}) | {"save": "1", "revision": "7"}
        ),
        {409},
        "inzwischen geändert",
    ),
    (
        "sheet: sitting-out dealer among winners (5-table)",
        lambda c: c.sheet_post(quick({1: ("15", "2")}), table=3),
        {400},
        "Spiel 1",
    ),
    (
        "sheet: captain submits an incomplete sheet",
        lambda c: c.anonymous.post(
            reverse("captain:sheet", args=[c.token(1)]),
            quick({1: ("14", "3")}) | {"submit": "1", "revision": "0"},
        ),
        {400},
        "1 von 16 Spielen",
    ),
    (
        "sheet: calculator endpoint gets nested garbage",
        lambda c: c.organiser.post(
            c.sheet_url(suffix="bewerten/"), "[" * 5000, content_type="application/json"
        ),
        {400},
        "",
    ),
    (
        "sheet: calculator field nested 25 deep",
        lambda c: c.sheet_post({"g1-record": nested_record(25)}),
        {400},
        "zu tief verschachtelt (höchstens 20 Ebenen)",
    ),
    (
        "sheet: preview with a calculator field nested 25 deep",
        lambda c: c.organiser.post(
            c.sheet_url(suffix="vorschau/"),
            {"g1-winners": "14", "g1-value": "3"} | {"g2-record": nested_record(25)},
        ),
        {400},
        "Spiel 2: Die Rechner-Angaben sind zu tief verschachtelt",
    ),
    (
        "sheet: captain preview with 1,999 nested [",
        lambda c: c.anonymous.post(
            reverse("captain:preview", args=[c.token(1)]), {"g1-record": "[" * 1999}
        ),
        {400},
        "zu tief verschachtelt",
    ),
    (
        "sheet: calculator endpoint gets JSON nested 21 deep",
        lambda c: c.organiser.post(
            c.sheet_url(suffix="bewerten/"), nested_record(21), content_type="application/json"
        ),
        {400},
        "zu tief verschachtelt (höchstens 20 Ebenen)",
    ),
    (
        "sheet: close early after game 0",
        lambda c: c.organiser.post(
            c.sheet_url(suffix="beenden/"), {"after_game": "0", "note": "x"}
        ),
        {302},
        "",
    ),
    (
        "sheet: close early with letters",
        lambda c: c.organiser.post(
            c.sheet_url(suffix="beenden/"), {"after_game": "zwölf", "note": "x"}
        ),
        {302},
        "",
    ),
    (
        "sheet: reopen an unconfirmed sheet",
        lambda c: c.organiser.post(c.sheet_url(suffix="oeffnen/"), {"reason": "x"}),
        {302},
        "",
    ),
    (
        "sheet: confirm an empty sheet",
        lambda c: c.organiser.post(c.sheet_url(suffix="bestaetigen/")),
        {302},
        "",
    ),
    # --- request size -------------------------------------------------------------------------
    (
        "size: sheet POST of more than 1 MB",
        lambda c: c.organiser.post(
            c.sheet_url(), "revision=0&save=1&x=" + "x" * 2**20, content_type=FORM
        ),
        {400},
        "Die Anfrage ist zu groß (höchstens 1 MB)",
    ),
    (
        "size: calculator body of more than 1 MB",
        lambda c: c.anonymous.post(
            reverse("captain:score", args=[c.token(1)]),
            '{"kind": "normal", "x": "' + "x" * 2**20 + '"}',
            content_type="application/json",
        ),
        {400},
        "Die Anfrage ist zu groß (höchstens 1 MB)",
    ),
    (
        "size: 2,501 form fields",
        lambda c: c.organiser.post(
            c.sheet_url(), "&".join(f"f{n}=1" for n in range(2501)), content_type=FORM
        ),
        {400},
        "zu viele Felder (höchstens 2500)",
    ),
    # --- URL parameters ----------------------------------------------------------------------
    (
        "url: unknown tournament (public)",
        lambda c: c.anonymous.get("/t/gibt-es-nicht/tabelle/"),
        {404},
        "",
    ),
    (
        "url: unknown tournament (organiser)",
        lambda c: c.organiser.get("/verwaltung/gibt-es-nicht/teilnehmer/"),
        {404},
        "",
    ),
    ("url: round 9", lambda c: c.organiser.get(f"/verwaltung/{c.slug}/durchgang/9/"), {404}, ""),
    (
        "url: table 0",
        lambda c: c.organiser.get(f"/verwaltung/{c.slug}/durchgang/1/tisch/0/"),
        {404},
        "",
    ),
    (
        "url: non-numeric round",
        lambda c: c.organiser.get(f"/verwaltung/{c.slug}/durchgang/eins/"),
        {404},
        "",
    ),
    (
        "url: non-numeric participant id",
        lambda c: c.organiser.get(f"/verwaltung/{c.slug}/teilnehmer/abc/"),
        {404},
        "",
    ),
    (
        "url: participant of another tournament",
        lambda c: c.organiser.get(f"/verwaltung/{c.slug}/teilnehmer/999999/"),
        {404},
        "",
    ),
    (
        "url: after_round=abc",
        lambda c: c.anonymous.get(f"/t/{c.slug}/tabelle/?after_round=abc"),
        {400},
        "after_round",
    ),
    (
        "url: after_round huge",
        lambda c: c.anonymous.get(f"/api/t/{c.slug}/standings?after_round=" + "9" * 5000),
        {400},
        "after_round",
    ),
    ("url: API round 9", lambda c: c.anonymous.get(f"/api/t/{c.slug}/rounds/9/tables"), {404}, ""),
    ("url: unknown player", lambda c: c.anonymous.get(f"/t/{c.slug}/spieler/424242/"), {404}, ""),
    ("url: unknown captain token", lambda c: c.anonymous.get("/e/" + "A" * 32 + "/"), {404}, ""),
    ("url: token with odd characters", lambda c: c.anonymous.get("/e/%3Cscript%3E/"), {404}, ""),
    # --- organiser forms -----------------------------------------------------------------------
    (
        "form: empty participant name",
        lambda c: c.organiser.post(
            reverse("tournament:participants", args=[c.slug]), {"name": "   ", "club": ""}
        ),
        {400},
        "",
    ),
    (
        "form: duplicate participant",
        lambda c: c.organiser.post(
            reverse("tournament:participants", args=[c.slug]), {"name": "heinz groß", "club": ""}
        ),
        {400},
        "bereits angemeldet",
    ),
    (
        "form: tournament with 0 rounds",
        lambda c: c.organiser.post(
            reverse("tournament:settings", args=[c.slug]),
            {"name": "X", "date": "2025-04-03", "rounds_count": "0", "cycles": "4", "deck": "40"},
        ),
        {200},
        "zwischen 1 und 10",
    ),
    (
        "form: tournament with a 52-card deck",
        lambda c: c.organiser.post(
            reverse("tournament:settings", args=[c.slug]),
            {"name": "X", "date": "2025-04-03", "rounds_count": "2", "cycles": "4", "deck": "52"},
        ),
        {200},
        "",
    ),
    (
        "form: tournament with an impossible date",
        lambda c: c.organiser.post(
            reverse("tournament:settings", args=[c.slug]),
            {"name": "X", "date": "2025-02-30", "rounds_count": "2", "cycles": "4", "deck": "40"},
        ),
        {200},
        "",
    ),
    (
        "form: swap with a stranger's id",
        lambda c: c.organiser.post(
            reverse("tournament:swap", args=[c.slug, 1]), {"a": "1", "b": "999999"}
        ),
        {302},
        "",
    ),
    (
        "form: draw with a seed of letters",
        lambda c: c.organiser.post(reverse("tournament:draw", args=[c.slug, 2]), {"seed": "abc"}),
        {302},
        "",
    ),
    (
        "form: late arrival at table 'x'",
        lambda c: c.organiser.post(
            reverse("tournament:late", args=[c.slug, 1]), {"participant": "1", "table": "x"}
        ),
        {302},
        "",
    ),
    # --- backup restore (manage.py import_tournament) -----------------------------------------
    ("backup: not JSON", lambda c: c.restore("{"), {400}, "keine gültige JSON-Datei"),
    (
        "backup: JSON nested 100,000 deep",
        lambda c: c.restore("[" * 100_000 + "]" * 100_000),
        {400},
        "zu tief verschachtelt",
    ),
    (
        "backup: file over the size limit",
        lambda c: c.restore("{}", size=MAX_BYTES + 1),
        {400},
        "Die Datei ist zu groß",
    ),
    (
        "backup: the evening's own slug is in use",
        lambda c: c.restore(export_tournament(c.tournament)),
        {400},
        "schon ein Turnier mit dem Kurznamen",
    ),
    (
        "backup: record nested 30 deep",
        backup(put((*GAME, "record", "statements"), json.loads('{"x": ' * 30 + "1" + "}" * 30))),
        {400},
        "record.statements.x.x",
    ),
    (
        "backup: table of 3",
        backup(lambda d: d["rounds"][0]["tables"][0]["seats"].pop()),
        {400},
        "„rounds[0].tables[0].seats“ muss 4 oder 5 Plätze haben, nicht 3",
    ),
    (
        "backup: table of 6",
        backup(
            lambda d: d["rounds"][0]["tables"][1]["seats"].append({"number": 6, "participant": 101})
        ),
        {400},
        "muss 4 oder 5 Plätze haben, nicht 6",
    ),
    (
        "backup: dangling participant",
        backup(put((*TABLE, "seats", 2, "participant"), 424242)),
        {400},
        "„rounds[0].tables[0].seats[2].participant“ nennt einen unbekannten Teilnehmer",
    ),
    (
        "backup: seated twice in a round",
        backup(put(("rounds", 0, "tables", 1, "seats", 0, "participant"), 101)),
        {400},
        "sitzt in diesem Durchgang schon auf",
    ),
    (
        "backup: seat 40000",
        backup(put((*TABLE, "seats", 0, "number"), 40000)),
        {400},
        "„rounds[0].tables[0].seats[0].number“ muss zwischen 1 und 4 liegen",
    ),
    (
        "backup: name of 101 characters",
        backup(put(("participants", 0, "name"), "A" * 101)),
        {400},
        "„participants[0].name“ ist zu lang (höchstens 100 Zeichen)",
    ),
    (
        "backup: NUL in a name",
        backup(put(("participants", 1, "name"), "Ber\x00nd")),
        {400},
        "„participants[1].name“ enthält Steuerzeichen",
    ),
    (
        "backup: 0 as a boolean",
        backup(put(("tournament", "public_standings"), 0)),
        {400},
        "„tournament.public_standings“ muss true oder false sein",
    ),
    (
        "backup: seed beyond 64 bits",
        backup(put(("rounds", 1, "seed"), 2**64)),
        {400},
        "„rounds[1].seed“ ist eine zu große Zahl",
    ),
    (
        "backup: 30 February",
        backup(put(("tournament", "date"), "2025-02-30")),
        {400},
        "„tournament.date“ muss ein Datum",
    ),
    (
        "backup: two confirmed versions",
        backup(put((*TABLE, "sheet", "versions", 0, "confirmed"), True)),
        {400},
        "versions[1].confirmed“ ist schon bei",
    ),
    (
        "backup: Augen 241 in a record",
        backup(put((*GAME, "record", "augen_re"), 241)),
        {400},
        "games[0].record“ wird von der Wertung abgelehnt",
    ),
    (
        "backup: unknown round status",
        backup(put(("rounds", 0, "status"), "paused")),
        {400},
        "„rounds[0].status“ ist keiner der erlaubten Werte",
    ),
    # --- forged POSTs --------------------------------------------------------------------------
    (
        "forged: sheet POST without CSRF token",
        lambda c: csrf_client(c).post(
            c.sheet_url(), {"revision": "0", "save": "1", **quick({1: ("14", "3")})}
        ),
        {403},
        "",
    ),
    (
        "forged: captain POST without CSRF token",
        lambda c: Client(enforce_csrf_checks=True).post(
            reverse("captain:sheet", args=[c.token(1)]),
            {"revision": "0", "save": "1", **quick({1: ("14", "3")})},
        ),
        {403},
        "",
    ),
    (
        "forged: captain session posts to table 4's organiser page",
        lambda c: captain_then_post(c),
        {302},
        "",
    ),
    (
        "forged: anonymous POST to confirm",
        lambda c: c.anonymous.post(c.sheet_url(suffix="bestaetigen/")),
        {302},
        "",
    ),
]


def csrf_client(ctx: Ctx) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ctx.tournament.audit_entries.exclude(user=None).first().user)
    return client


def captain_then_post(ctx: Ctx):
    ctx.anonymous.get(reverse("captain:sheet", args=[ctx.token(3)]))
    return ctx.anonymous.post(
        ctx.sheet_url(4), {"revision": "0", "save": "1", **quick({1: ("25", "3")})}
    )


def readable(response) -> str:
    """The answer's text; JSON with its escapes (``\\u00fc``) decoded."""
    if getattr(response, "headers", {}).get("Content-Type", "").startswith("application/json"):
        return json.dumps(json.loads(response.content), ensure_ascii=False)
    return response.content.decode()


def test_the_catalogue_has_at_least_a_hundred_inputs():
    assert len(CASES) >= 100
    assert len({name for name, *_rest in CASES}) == len(CASES)
    assert sum(name.startswith("backup:") for name, *_rest in CASES) >= 18
    assert sum(name.startswith("import:") for name, *_rest in CASES) >= 30
    assert sum(name.startswith("size:") for name, *_rest in CASES) >= 3


@pytest.mark.parametrize(
    ("name", "send", "statuses", "message"), CASES, ids=[case[0] for case in CASES]
)
def test_malformed_input_is_refused_clearly_and_changes_nothing(
    name, send, statuses, message, organiser_client, evening
):
    ctx = Ctx(organiser=organiser_client, anonymous=Client(), tournament=evening)
    before = snapshot()
    response = send(ctx)
    assert response.status_code != 500
    assert response.status_code in statuses, (name, response.status_code)
    if message:
        assert message in readable(response), name
    if response.status_code == 302 and "/konto/anmelden/" not in response["Location"]:
        follow = ctx.organiser.get(response["Location"])  # the message is shown after the redirect
        assert follow.status_code == 200
    assert snapshot() == before, name


def test_a_good_save_after_refusals_still_works(organiser_client, evening):
    response = organiser_client.post(
        reverse("scoring:sheet", args=[evening.slug, 1, 1]),
        {"revision": "0", "save": "1", **quick({1: ("14", "3")})},
    )
    assert response.status_code == 302
    assert SheetVersion.objects.count() == 1
    assert len(example_records(4)) == 16

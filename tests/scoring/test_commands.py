"""score_game and import_sheet on the command line."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Sheet, SheetVersion
from tests.conftest import EXAMPLES, example_records


def run_score_game(monkeypatch, capsys, payload, *flags):
    monkeypatch.setattr("sys.stdin", io.StringIO(payload))
    code = 0
    try:
        call_command("score_game", "-", *flags)
    except SystemExit as exit_:
        code = exit_.code
    return json.loads(capsys.readouterr().out), code


def test_score_game_one_record(monkeypatch, capsys):
    record = {
        "kind": "solo_buben",
        "re": [1],
        "augen_re": 100,
        "statements": [{"party": "re", "call": "re", "before_lead": True}],
    }
    out, code = run_score_game(monkeypatch, capsys, json.dumps(record))
    assert code == 0
    assert out["points"] == {"1": -15, "2": 5, "3": 5, "4": 5}
    assert out["breakdown"] == [["120", 1], ["Re", 1], ["Solo", 2], ["verloren", 1]]


def test_score_game_list_with_a_refusal_exits_1(monkeypatch, capsys):
    out, code = run_score_game(
        monkeypatch,
        capsys,
        json.dumps(
            [
                {"kind": "normal", "re": [1, 2], "augen_re": "130"},
                {"points": {"1": 1, "2": 1, "3": -1, "4": -1}},
            ]
        ),
    )
    assert code == 1
    assert out[0]["error"]["field"] == "augen_re"
    assert out[1]["plus"] == [1, 2]


def test_score_game_options_as_flags(monkeypatch, capsys):
    record = {
        "kind": "normal",
        "re": [1, 2],
        "augen_re": 150,
        "statements": [{"party": "re", "call": "re", "before_lead": True}],
    }
    out, _code = run_score_game(monkeypatch, capsys, json.dumps(record))
    assert out["value"] == 1 and out["warnings"]
    out, _code = run_score_game(monkeypatch, capsys, json.dumps(record), "--pre-lead-counts")
    assert out["value"] == 2 and not out["warnings"]


@pytest.mark.django_db
def test_import_sheet_stores_and_confirms(evening, tmp_path, capsys):
    path = tmp_path / "tisch3.json"
    path.write_text(json.dumps(example_records(5)), encoding="utf-8")
    call_command("import_sheet", evening.slug, "1", "3", str(path))
    sheet = Sheet.objects.get(round__tournament=evening, table__number=3)
    assert sheet.status == Sheet.Status.CONFIRMED
    assert sheet.versions.get().source == "import"
    assert "20 games stored and confirmed" in capsys.readouterr().out


@pytest.mark.django_db
def test_import_sheet_accepts_the_example_file_format(evening):
    call_command(
        "import_sheet", evening.slug, "1", "1", str(EXAMPLES / "sheets" / "sheet-4-players.json")
    )
    assert Sheet.objects.get(round__tournament=evening, table__number=1).status == "confirmed"


@pytest.mark.django_db
def test_import_sheet_refuses_the_whole_file_with_row_numbers(evening, tmp_path, capsys):
    records = example_records(4)
    records[4]["augen_re"] = 300
    records[11] = {"kind": "normal", "winners": [1], "value": 2}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_sheet", evening.slug, "1", "1", str(path))
    err = capsys.readouterr().err
    assert "Spiel 5, augen_re" in err and "Spiel 12" in err
    assert not SheetVersion.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"a": 1}', "expected a JSON list"),
        ("\xff", "not"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 20 levels deep"),
        ("[" + '{"a": ' * 25 + "1" + "}" * 25 + "]", "nested more than 20 levels deep"),
    ],
)
def test_import_sheet_refuses_unreadable_files(evening, tmp_path, content, message):
    path = tmp_path / "x.json"
    path.write_bytes(content.encode("latin-1") if content == "\xff" else content.encode())
    with pytest.raises(CommandError, match=message):
        call_command("import_sheet", evening.slug, "1", "1", str(path))
    assert not SheetVersion.objects.exists()


@pytest.mark.django_db
def test_import_sheet_unknown_round_or_table(evening, tmp_path):
    path = tmp_path / "x.json"
    path.write_text("[]")
    with pytest.raises(CommandError, match="Round 2"):
        call_command("import_sheet", evening.slug, "2", "1", str(path))
    with pytest.raises(CommandError, match="Tisch 7"):
        call_command("import_sheet", evening.slug, "1", "7", str(path))

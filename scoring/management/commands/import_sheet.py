"""manage.py import_sheet SLUG ROUND TABLE FILE: store and confirm a whole sheet from JSON.

FILE holds what the tournament's ruleset reads as a whole sheet
(:meth:`rules.base.Ruleset.rows_from_document`): for the house rules a JSON list of game records
(SCORING.md §8) in game order, seats as on the sheet; for the DDV a §9.7 sheet (DDV.md); for
the count-down games ``{"parties": [[deal records…], …], "stopped": false}`` (COUNTDOWN.md;
``"stopped": true`` records that the organiser stopped the round after its last deal, the
sheet's time called, so that its running Partie is cut, §8.3).
Any bad record refuses the whole file with the game numbers and fields; nothing is written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rules.base import RowRefused
from scoring.models import SheetVersion
from scoring.sheets.entry import MAX_JSON_DEPTH, JsonTooDeep, loads_json
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, submit_sheet
from scoring.sheets.time_up import record_time_up
from scoring.sheets.validation import SheetRefused
from tournament.errors import DomainError
from tournament.models import Round, Tournament


class Command(BaseCommand):
    help = "Import a table's score sheet from a JSON list of game records and confirm it."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("table", type=int)
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument(
            "--no-confirm", action="store_true", help="store the sheet as handed in, unconfirmed"
        )

    def handle(self, *args, slug, round, table, file, no_confirm, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Unknown tournament '{slug}'.")
        round_ = Round.objects.filter(tournament=tournament, number=round).first()
        if round_ is None:
            raise CommandError(f"Round {round} of '{slug}' has not been drawn.")
        data = self.read(file)
        try:
            sheet = sheet_for(round_, table)
            size = sheet.table.seats.count()
            try:
                records = tournament.rules.rows_from_document(
                    data, size, tournament.cycles, tournament.scoring_options, "en"
                )
            except RowRefused as error:
                where = f"{error.field}: " if getattr(error, "field", None) else ""
                raise CommandError(f"{file}: {where}{error.message('en')}") from error
            rules = tournament.rules
            stopped = rules.document_time_up(data) if rules.records_time_up else None
            with transaction.atomic():
                if stopped is not None:
                    # The document says the round was stopped (count-down: "stopped": true)
                    # after its last row: recorded as the sheet's time called, with the rows.
                    record_time_up(
                        sheet,
                        after_game=stopped,
                        source=SheetVersion.Source.IMPORT,
                        imported=records,
                    )
                submit_sheet(
                    sheet,
                    records,
                    expected_revision=None,
                    source=SheetVersion.Source.IMPORT,
                    final=True,
                )
                if not no_confirm:
                    sheet.refresh_from_db()
                    if sheet.status != sheet.Status.CONFIRMED:
                        confirm_sheet(sheet)
        except SheetRefused as error:
            for problem in error.rows:
                self.stderr.write(f"{file}: {problem}")
            raise CommandError(error.message) from error
        except DomainError as error:
            raise CommandError(str(error)) from error
        state = "stored" if no_confirm else "stored and confirmed"
        self.stdout.write(f"Round {round}, table {table}: {len(records)} games {state}.")

    def read(self, file: str) -> object:
        try:
            text = self.stdin_text() if file == "-" else Path(file).read_text(encoding="utf-8-sig")
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from error
        except UnicodeDecodeError as error:
            raise CommandError(f"{file}: not UTF-8 text (byte {error.start + 1})") from error
        try:
            data = loads_json(text)
        except JsonTooDeep as error:
            raise CommandError(
                f"{file}: JSON nested more than {MAX_JSON_DEPTH} levels deep, not game records"
            ) from error
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{file}: not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
            ) from error
        return data

    def stdin_text(self) -> str:
        return sys.stdin.read()

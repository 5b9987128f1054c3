"""Points of a restored tournament come from the rules engine, never from the file.

Every game of every version is scored again from its stored record, as the sheet services score
a save: the records get the table's size and, at a five-player table, the dealer sitting out
(``normalise_records``), and the whole version is scored as a sheet with the tournament's
options and cycles (``score_sheet``). The restored game rows take the engine's result
(``game_row``, the same function the services use), and the score lines of a confirmed version
are derived from those games and the table's seats by ``scoring.sheets.lines``, as confirming a
sheet writes them.
A record the engine refuses refuses the file, naming the game and giving the engine's message.

Where the file's stored results or score lines differ from the engine's, the file is still
restored with the engine's values: the records are the sheet as played, the stored points only a
copy. An honest backup written by an older version of the rules engine therefore restores with
today's reading of the same records, and a doctored file cannot smuggle in points. The places
that differed are listed in the audit entry of the restore (``Plan.differences``), so the
organiser sees that the standings may differ from the file's.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import rules as rulesets
from output.backup.document import ENGINE_FIELDS, problem_at
from output.backup.plan import Plan, TablePlan, VersionPlan
from rules.base import Ruleset
from scoring.sheets.lines import LINE_FIELDS, score_lines
from scoring.sheets.services import game_row
from scoring.sheets.validation import normalise_records

# The tournament's ruleset and its options value.
Rules = tuple[Ruleset, Any]


def recompute(plan: Plan) -> None:
    """Score every game of the plan; fill in game rows, score lines and the differences."""
    settings = plan.tournament
    ruleset = rulesets.get(settings["ruleset"])
    options = ruleset.options(settings["ruleset_options"])
    for table in plan.tables():
        if table.sheet is not None:
            _sheet(table, (ruleset, options), settings["cycles"], plan.differences)


def _sheet(table: TablePlan, rules: Rules, cycles: int, differences: list[str]) -> None:
    sheet = table.sheet
    assert sheet is not None
    size = len(table.seats)
    for version in sheet.versions:
        _version(version, size, cycles, rules, differences, sheet.fields.get("time_up_after"))
    confirmed = next((v for v in sheet.versions if v.fields["confirmed"]), None)
    sheet.lines = (
        score_lines([game.row for game in confirmed.games], table.occupant)
        if confirmed is not None
        else []
    )
    derived = {tuple(line[key] for key in LINE_FIELDS) for line in sheet.lines}
    if derived != sheet.stored_lines:
        differences.append(f"{sheet.path}.score_lines")


def _version(
    version: VersionPlan,
    size: int,
    cycles: int,
    rules: Rules,
    differences: list[str],
    time_up_after: int | None = None,
) -> None:
    ruleset, options = rules
    records = normalise_records([game.record for game in version.games], size, ruleset, options)
    language = get_language() or "de"
    scored = ruleset.score_sheet(
        records, size, cycles, options, language, time_up_after=time_up_after
    )
    if scored.issues and time_up_after is not None:
        # A version saved before the time was called was checked without it.
        scored = ruleset.score_sheet(records, size, cycles, options, language)
    if scored.issues:
        issue = scored.issues[0]
        game = version.games[issue.row - 1]
        raise problem_at(
            f"{game.path}.record",
            _("wird von der Wertung abgelehnt: %(message)s") % {"message": issue.message},
        )
    for game, raw, row in zip(version.games, records, scored.rows, strict=True):
        game.row = game_row(None, game.number, raw, row)
        if any(getattr(game.row, name) != game.stored[name] for name in ENGINE_FIELDS):
            differences.append(game.path)

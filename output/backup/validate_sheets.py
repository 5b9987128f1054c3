"""A backup's score sheets checked: a sheet's status against its round and its versions, each
version's numbered games, and the score lines. A part of ``output.backup.validate``'s reader."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

import rules as rulesets
from output.backup.document import (
    ENGINE_FIELDS,
    INT32,
    POINTS,
    SMALL,
    USERNAME_LENGTH,
    checked,
    checked_items,
    checked_value,
    duplicate,
    expect_number,
    length,
    problem_at,
)
from output.backup.plan import GamePlan, SheetPlan, VersionPlan
from scoring.models import Sheet, SheetVersion
from tournament.models import Round


class SheetChecks:
    """The sheet checks of the backup reader; it provides the tournament's ``settings`` (read
    before any round) and ``participant`` (a reference checked against the document)."""

    settings: dict[str, Any]

    def participant(self, value: Any, path: str) -> int:
        raise NotImplementedError

    def sheet(self, path: str, item: dict[str, Any], size: int, round_status: str) -> SheetPlan:
        status = checked(item, "status", "str", path, choices=Sheet.Status.values)
        if round_status == Round.Status.CLOSED and status != Sheet.Status.CONFIRMED:
            raise problem_at(
                f"{path}.status", _("muss in einem abgeschlossenen Durchgang „confirmed“ sein")
            )
        ruleset = rulesets.get(self.settings["ruleset"])
        options = ruleset.options(self.settings["ruleset_options"])
        full = ruleset.sheet_length(size, self.settings["cycles"], options)
        fields = {
            "status": status,
            "revision": checked(item, "revision", "int", path, span=INT32),
            "closed_after_game": checked(
                item, "closed_after_game", "int", path, null=True, span=(1, full)
            ),
            "close_note": checked(
                item, "close_note", "str", path, max_length=length(Sheet, "close_note")
            ),
            "return_comment": checked(
                item, "return_comment", "str", path, max_length=length(Sheet, "return_comment")
            ),
            # Optional: a backup from before the time call was stored has none.
            "time_up_after": checked_value(
                item.get("time_up_after"), "int", f"{path}.time_up_after", null=True, span=(0, full)
            ),
        }
        if fields["time_up_after"] is not None and not ruleset.records_time_up:
            raise problem_at(
                f"{path}.time_up_after", _("gibt es bei den Spielregeln dieses Turniers nicht")
            )
        numbers: dict[int, str] = {}
        versions = []
        for version_path, version_item in checked_items(item, "versions", path):
            version = self.version(version_path, version_item)
            number = version.fields["number"]
            if number in numbers:
                raise duplicate(f"{version_path}.number", numbers[number])
            numbers[number] = f"{version_path}.number"
            versions.append(version)
        confirmed = [version for version in versions if version.fields["confirmed"]]
        if len(confirmed) > 1:
            raise problem_at(
                f"{confirmed[1].path}.confirmed",
                _("ist schon bei „%(other)s“ gesetzt (eine bestätigte Version je Liste)")
                % {"other": confirmed[0].path},
            )
        # A confirmed sheet has its confirmed version; a reopened one (handed in or returned)
        # may keep its last confirmed version, which counts until it is confirmed again.
        if status == Sheet.Status.CONFIRMED and not confirmed:
            raise problem_at(
                f"{path}.status",
                _("passt nicht zu den Versionen (nur eine bestätigte Liste hat eine bestätigte)"),
            )
        if confirmed and status == Sheet.Status.CONFIRMED:
            expected = fields["closed_after_game"] or full
            # Rows that are no game of the sheet's length (penalty lines) come on top.
            records = [game.record for game in confirmed[0].games]
            played = ruleset.played_rows(records, options)
            if played != expected and not self.ended_early(ruleset, records, size, played, fields):
                raise problem_at(
                    f"{confirmed[0].path}.games",
                    _("hat %(count)d statt %(expected)d Spiele")
                    % {"count": played, "expected": expected},
                )
        lines = {self.score_line(p, line) for p, line in checked_items(item, "score_lines", path)}
        updated_at = checked(item, "updated_at", "datetime", path, null=True)
        return SheetPlan(path, fields, updated_at, versions, lines)

    def ended_early(
        self,
        ruleset: rulesets.Ruleset,
        records: list[Any],
        size: int,
        played: int,
        fields: dict[str, Any],
    ) -> bool:
        """Whether the rules ended the sheet before its length (count-down: a Partie ended with
        fewer deals left than seats, COUNTDOWN.md §8.2); never for a sheet closed early."""
        options = ruleset.options(self.settings["ruleset_options"])
        if fields["closed_after_game"] or played >= ruleset.sheet_length(
            size, self.settings["cycles"], options
        ):
            return False
        return ruleset.score_sheet(
            records, size, self.settings["cycles"], options, time_up_after=fields["time_up_after"]
        ).complete

    def version(self, path: str, item: dict[str, Any]) -> VersionPlan:
        fields = {
            "number": checked(item, "number", "int", path, span=(1, INT32[1])),
            "source": checked(item, "source", "str", path, choices=SheetVersion.Source.values),
            "created_by": checked(
                item, "created_by", "str", path, null=True, max_length=USERNAME_LENGTH
            ),
            "submitted": checked(item, "submitted", "bool", path),
            "confirmed": checked(item, "confirmed", "bool", path),
            "confirmed_at": checked(item, "confirmed_at", "datetime", path, null=True),
            "confirmed_by": checked(
                item, "confirmed_by", "str", path, null=True, max_length=USERNAME_LENGTH
            ),
        }
        games = []
        for index, (game_path, game) in enumerate(checked_items(item, "games", path)):
            number = checked(game, "number", "int", game_path, span=SMALL)
            expect_number(number, index + 1, f"{game_path}.number")
            record = checked(game, "record", "dict", game_path)
            games.append(GamePlan(game_path, number, record, self.stored_result(game, game_path)))
        created_at = checked(item, "created_at", "datetime", path, null=True)
        return VersionPlan(path, fields, created_at, games)

    @staticmethod
    def stored_result(game: dict[str, Any], path: str) -> dict[str, Any]:
        """The engine's fields as written in the file: checked for their types only."""
        kinds = {"value": "int", "soloist": "int", "plus": "list", "points": "dict"}
        kinds |= {"breakdown": "list", "warnings": "list"}
        return {
            name: checked(game, name, kinds.get(name, "str"), path, null=kinds.get(name) == "int")
            for name in ENGINE_FIELDS
        }

    def score_line(self, path: str, line: dict[str, Any]) -> tuple:
        return (
            checked(line, "game", "int", path, span=SMALL),
            checked(line, "seat", "int", path, span=(1, 5)),
            self.participant(checked(line, "participant", "int", path), f"{path}.participant"),
            checked(line, "points", "int", path, span=POINTS),
            checked(line, "won", "bool", path),
            checked(line, "soloist", "bool", path),
        )

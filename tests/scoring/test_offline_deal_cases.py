"""The cases the page's offline dealers are tested against (``tests/js/deal.test.mjs``): made-up
DDV rounds (``rules.ddv.sample``) at four and five seats, typed as the page holds them (a quick
entry, a solo's mode typed or left to the ruleset, the penalty line), with the dealer of every
row as the server derives it. The file is the server's word: this test fails when it is not."""

from __future__ import annotations

import json
from pathlib import Path

import rules
from rules.ddv.sample import sample_rows
from rules.rows import PENALTY

CASES = Path(__file__).parents[1] / "js" / "ddv_deal_cases.json"


def page_values(row: dict, keep_mode: bool) -> dict:
    """A stored row as the page's inputs hold it (quick entry; the penalty line as a line)."""
    ddv = rules.get("ddv")
    values = {"kind": row.get("kind", ""), "winners": "", "soloist": "", "solo_mode": ""}
    if ddv.row_kind(row) == PENALTY:
        return {**values, "line": True}
    re = row.get("re") or []
    if row.get("kind", "").startswith("solo_") and len(re) == 1:
        values["soloist"] = str(re[0])
    if keep_mode and row.get("solo_mode"):
        values["solo_mode"] = row["solo_mode"]
    return {**values, "line": False}


def cases() -> list[dict]:
    ddv = rules.get("ddv")
    found = []
    for size, seeds in ((4, range(1, 5)), (5, range(1, 4))):
        games = 24 if size == 4 else 30
        for seed in seeds:
            rows = sample_rows(size, games, seed)
            for keep_mode in (True, False):
                modes = "typed" if keep_mode else "left out"
                found.append(
                    {
                        "name": f"{size} seats, seed {seed}, modes {modes}",
                        "table_size": size,
                        "rule": dict(ddv.deal_rule(size)),
                        "rows": [page_values(row, keep_mode) for row in rows],
                        "dealers": [
                            ddv.dealer(number, size, rows[: number - 1])
                            for number in range(1, len(rows) + 1)
                        ],
                    }
                )
    return found


def test_the_offline_deal_cases_are_the_servers_dealers():
    expected = json.dumps(cases(), ensure_ascii=False, indent=1) + "\n"
    if not CASES.exists() or CASES.read_text(encoding="utf-8") != expected:
        CASES.write_text(expected, encoding="utf-8")
        raise AssertionError(f"{CASES.name} was out of date and is written anew: commit it")

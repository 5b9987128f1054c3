"""The sheet page as JSON: the live preview the captain's phone and the desk repaint from."""

from __future__ import annotations

from typing import Any

from scoring.sheets.page import SheetPageData


def page_json(page: SheetPageData) -> dict[str, Any]:
    """The live preview of the sheet page: what each row scores and what is wrong where."""
    return {
        "rows": [
            {
                "number": row.number,
                "kind": row.kind,
                "label": row.label,
                "game": row.game,
                "dealer": row.dealer,
                "sitting_out": row.sitting_out,
                "filled": row.filled,
                "counted": row.counted,
                "points": {str(k): v for k, v in row.points.items()},
                "totals": {str(k): v for k, v in row.totals.items()},
                "plus": row.plus_label,
                "value": row.value,
                "breakdown": row.breakdown,
                "warnings": row.warnings,
                "problems": row.problems,
                "mode": row.mode,
                "note": row.note,
            }
            for row in page.rows
        ],
        "totals": {str(k): v for k, v in page.totals.items()},
        "filled": page.filled_count,
        "expected": page.expected,
        "status": list(page.status),
        # The deal after which the organiser stopped the table's round (count-down), or null:
        # an open page hears of the stop with every answer of the server.
        "stop_after": page.sheet.closed_after_game or page.sheet.time_up_after,
    }

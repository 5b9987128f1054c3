"""Legal DDV rounds made up from a seed, for printouts, demos and benchmarks.

:func:`sample_rows` plays a whole round (DDV.md §9) through the deal: normal games and
Hochzeiten with announcements, Augen and Sonderpunkte, Pflichtsoli of some seats, a Lustsolo
after a Pflichtsolo, a minor penalty line signed by a referee, and the Vorführungen the deal
makes due at the end. Every row is a calculator record with ``kind`` and ``dealer``, so the
round passes ``score_round`` as a finished sheet.
"""

from __future__ import annotations

import random
from typing import Any

from rules.ddv.deal import DealState
from rules.ddv.vocabulary import SoloMode

_SOLOS = ("solo_damen", "solo_buben", "solo_kreuz", "solo_herz", "solo_fleischlos", "solo_trumpf")
_REFEREES = ("Karl Meier", "Ute Brandt", "Hans-Peter Krüger")


def _active(state: DealState) -> list[int]:
    seats = list(range(1, state.table_size + 1))
    if state.sitter is not None:
        seats.remove(state.sitter)
    return seats


def _team_game(rng: random.Random, active: list[int], dealer: int) -> dict[str, Any]:
    re = sorted(rng.sample(active, 2))
    augen = rng.choice((70, 95, 118, 121, 135, 150, 170, 185))
    row: dict[str, Any] = {
        "kind": rng.choice(("normal",) * 5 + ("hochzeit",)),
        "re": re,
        "augen_re": augen,
        "dealer": dealer,
    }
    statements = []
    if rng.random() < 0.4:
        statements.append({"party": "re", "call": "re"})
        if augen > 160 and rng.random() < 0.5:
            statements.append({"party": "re", "call": "keine_90"})
    if rng.random() < 0.2:
        statements.append({"party": "kontra", "call": "kontra"})
    if statements:
        row["statements"] = statements
    if rng.random() < 0.3:
        party = "re" if augen >= 121 else "kontra"
        row["specials"] = [{"party": party, "kind": "fuchs_gefangen"}]
    return row


def _solo(rng: random.Random, soloist: int, mode: str, dealer: int) -> dict[str, Any]:
    return {
        "kind": rng.choice(_SOLOS),
        "re": [soloist],
        "augen_re": rng.choice((60, 100, 130, 151, 180)),
        "solo_mode": mode,
        "dealer": dealer,
    }


def sample_rows(table_size: int, games: int, seed: int = 0) -> list[dict[str, Any]]:
    """A finished round of ``games`` games at a table of ``table_size`` (see the module)."""
    rng = random.Random(seed)
    state = DealState(table_size, games)
    rows: list[dict[str, Any]] = []
    penalty_after = min(games - 1, 6 + seed % 5)
    while state.games < games:
        dealer, active = state.dealer, _active(state)
        designated = state.designated
        owing = [seat for seat in state.owing if seat in active]
        if designated is not None:
            row, mode, soloist = _solo(rng, designated, "vorfuehrung", dealer), "v", designated
        elif owing and rng.random() < 0.12:
            soloist = rng.choice(owing)
            row, mode = _solo(rng, soloist, "pflicht", dealer), "p"
        elif rng.random() < 0.05 and any(state.pflicht[seat] for seat in active):
            soloist = next(seat for seat in active if state.pflicht[seat])
            row, mode = _solo(rng, soloist, "lust", dealer), "l"
        else:
            row, mode, soloist = _team_game(rng, active, dealer), "", None
        if table_size == 5:
            row["sitting_out"] = state.sitter
        rows.append(row)
        solo_mode = {"p": SoloMode.PFLICHT, "v": SoloMode.VORFUEHRUNG, "l": SoloMode.LUST}
        state.play(solo_mode.get(mode), soloist)
        if state.games == penalty_after:
            line: dict[str, Any] = {
                "kind": "normal",
                "dealer": state.dealer,
                "penalty": {
                    "offender": rng.choice(_active(state)),
                    "severity": "geringfuegig",
                    "referee": rng.choice(_REFEREES),
                },
            }
            if table_size == 5:
                line["sitting_out"] = state.sitter
            rows.append(line)
    return rows

"""Whole valid count-down rounds for desk and evening tests, deal by deal from the round's
state (any of the three games, 3–5 seats, default options): the caller's colour turns with the
deal (Herz in Zwanzig's Herz phase), the tricks come from a few patterns turned by the deal's
number and a ``salt``, and in 20 ab a seat without a trick drops out where it may, so that
Parties end and tables differ."""

from __future__ import annotations

from typing import Any

import rules
from rules.countdown.games import GAMES
from rules.countdown.round import RoundPlay

PATTERNS = ((3, 2, 1, 0, 0), (2, 2, 1, 1, 0), (4, 1, 1, 0, 0), (5, 1, 0, 0, 0), (1, 1, 1, 3, 0))


def record(game: str, play: RoundPlay, number: int, salt: int) -> dict[str, Any]:
    """The next deal of ``play`` (the round's deal ``number``, 0-based), number ``deal`` in
    its Partie."""
    facts = GAMES[game]
    size = play.size
    dealer = number % size + 1
    current = play.current
    deal = 1 if current is None or current.finished else current.deals + 1
    sitter = facts.sitter(dealer, size)
    active = [seat for seat in range(1, size + 1) if seat != sitter]
    pattern = list(PATTERNS[(number + salt) % len(PATTERNS)][: len(active)])
    pattern[0] += facts.tricks - sum(pattern)
    shift = (number * 3 + salt) % len(active)
    pattern = pattern[shift:] + pattern[:shift]
    if facts.herz_phase(deal, size):
        trump = "herz"
    else:
        trump = facts.colours[(number + salt) % len(facts.colours)]
    tricks = dict(zip(active, pattern, strict=True))
    out: list[int] = []
    if game == "20ab" and deal > 1:
        # 20 ab: who would take no trick drops out where the options allow it (not the caller,
        # above 5 points, at most 5 times a Partie), so that Parties end.
        caller = facts.caller(dealer, size)
        scores, used = current.scores, current.drop_outs  # type: ignore[union-attr]
        out = [
            seat
            for seat, count in tricks.items()
            if count == 0 and seat != caller and scores[seat] > 5 and used.get(seat, 0) < 5
        ]
        for seat in out:
            del tricks[seat]
    row: dict[str, Any] = {"deal": deal, "dealer": dealer, "trump": trump}
    if out:
        row["out"] = out
    row["tricks"] = {str(seat): count for seat, count in tricks.items()}
    return row


def parties_of(game: str, size: int, cycles: int = 6, salt: int = 0) -> list[list[dict]]:
    """A whole round of ``game`` at ``size`` seats, grouped by Partie."""
    play = RoundPlay(game, rules.get(game).options(), size, cycles)
    parties: list[list[dict[str, Any]]] = []
    while not play.over:
        current = play.current
        if current is None or current.finished:
            current = play.open_partie()
            parties.append([])
        row = record(game, play, play.deals, salt)
        play.add(current, row)
        parties[-1].append(row)
    return parties


def rows_of(game: str, size: int, cycles: int = 6, salt: int = 0) -> list[dict[str, Any]]:
    """The round's deals as one flat sheet."""
    return [row for partie in parties_of(game, size, cycles, salt) for row in partie]


def stop_point(parties: list[list[dict]], size: int) -> int:
    """A deal to stop the round after with a Partie running that has at least n deals (so it
    is cut and counted, §8.3)."""
    start = 0
    for partie in parties:
        if len(partie) > size:
            return start + size
        start += len(partie)
    raise AssertionError("no Partie long enough to be cut")


def cut_parties(parties: list[list[dict]], stop: int) -> list[list[dict]]:
    """The round's Parties up to the deal ``stop`` (the last one cut there)."""
    cut, left = [], stop
    for partie in parties:
        if left <= 0:
            break
        cut.append(partie[:left])
        left -= len(partie)
    return cut

"""Hypothesis helpers that deal VALID count-down records, deal by deal, from the state of the
Partie (the rules of COUNTDOWN.md §4–§6 respected: caller, Herz phase, who may drop out, floors,
limits, T tricks among the active seats)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rules.countdown.games import (
    BLIND_FROM_24,
    GAMES,
    MAX_TRUMP_CHANGES,
    NO_DROP_OUT_24_AT_OR_BELOW,
)
from rules.countdown.options import CountdownOptions
from rules.countdown.partie import PartiePlay


def options_json(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Options of ``game`` an organiser may set."""
    if game == "24":
        return st.fixed_dictionaries(
            {},
            optional={
                "trumpfwechsel": st.booleans(),
                "eigentrumpf": st.booleans(),
                "aussteigen": st.booleans(),
                "punktgrenzen": st.booleans(),
            },
        )
    if game == "20ab":
        return st.integers(10, 50).flatmap(
            lambda start: st.fixed_dictionaries(
                {"start": st.just(start)},
                optional={
                    "no_drop_out_at_or_below": st.integers(0, start - 1),
                    "drop_out_limit": st.sampled_from([3, 4, 5]),
                    "tie": st.sampled_from(["play_on", "share"]),
                },
            )
        )
    return st.just({})


def _may_drop_out(options: CountdownOptions, play: PartiePlay, seat: int, trump: str) -> bool:
    score = play.scores[seat]
    if options.game == "24":
        return options.aussteigen and not (
            options.punktgrenzen and score <= NO_DROP_OUT_24_AT_OR_BELOW
        )
    if options.game == "zwanzig":
        return trump != "karo"
    return (
        score > options.no_drop_out_at_or_below
        and play.drop_outs.get(seat, 0) < options.drop_out_limit
    )


def deal_record(
    data: st.DataObject, options: CountdownOptions, play: PartiePlay, dealer: int
) -> dict[str, Any]:
    """A valid next record of ``play`` dealt by ``dealer``."""
    game = GAMES[options.game]
    size = play.size
    number = play.deals + 1
    caller = game.caller(dealer, size)
    sitter = game.sitter(dealer, size)
    herz_phase = game.herz_phase(number, size)
    trump = "herz" if herz_phase else data.draw(st.sampled_from(game.colours))
    record: dict[str, Any] = {"deal": number, "dealer": dealer, "trump": trump}
    if data.draw(st.booleans()):
        record["caller"] = caller
    blind = False
    if options.game == "24":
        can_blind = trump == "gelb" and (
            not options.punktgrenzen or play.scores[caller] >= BLIND_FROM_24
        )
        blind = can_blind and data.draw(st.booleans())
        if blind:
            record["blind"] = True
        elif options.trumpfwechsel:
            changes: list[str] = []
            for _ in range(data.draw(st.integers(0, MAX_TRUMP_CHANGES))):
                in_force = changes[-1] if changes else trump
                changes.append(
                    data.draw(st.sampled_from([c for c in game.colours if c != in_force]))
                )
            record["trump_changes"] = changes
    seats = [seat for seat in range(1, size + 1) if seat not in (caller, sitter)]
    out: list[int] = []
    if not herz_phase:
        for seat in seats:
            if _may_drop_out(options, play, seat, trump) and data.draw(st.booleans()):
                out.append(seat)
    if options.game == "24":
        out = out[: max(0, size - 2)]
    if out:
        record["out"] = out
    active = [seat for seat in range(1, size + 1) if seat != sitter and seat not in out]
    tricks = dict.fromkeys(active, 0)
    for _ in range(game.tricks):
        tricks[data.draw(st.sampled_from(active))] += 1
    record["tricks"] = {str(seat): count for seat, count in tricks.items()}
    return record

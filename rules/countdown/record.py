"""The deal record a captain enters (COUNTDOWN.md §3) and its checks (§6.1 steps 4–15).

A record is a JSON object with a closed set of keys per game (D20): ``deal`` (in its Partie),
``dealer``, ``caller`` (derived; null or that seat), ``trump``, "24"'s ``blind`` and
``trump_changes``, ``out`` (the seats that dropped out) and ``tricks`` (every active seat's
tricks, keys are seats as strings). :func:`read_deal` checks one in the order of §6.1 and gives a
:class:`Deal`; the first fault raises a :class:`~rules.countdown.errors.Refusal` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.countdown.errors import Refusal, shown
from rules.countdown.games import (
    BLIND_FROM_24,
    GAMES,
    MAX_TRUMP_CHANGES,
    NO_DROP_OUT_24_AT_OR_BELOW,
    VIERUNDZWANZIG,
    ZWANZIG,
    ZWANZIG_AB,
    Game,
    is_int,
)
from rules.countdown.options import CountdownOptions


@dataclass(frozen=True, slots=True)
class Deal:
    """One checked deal: who dealt, called and sat out, the colour that scores, the tricks of
    every active seat."""

    deal: int
    dealer: int
    caller: int
    trump: str
    blind: bool
    trump_changes: tuple[str, ...]
    out: tuple[int, ...]
    sitter: int | None
    tricks: dict[int, int]

    @property
    def scoring_colour(self) -> str:
        """The last colour named ("24" variant a), else the trump called."""
        return self.trump_changes[-1] if self.trump_changes else self.trump


def _seat(value: object, size: int) -> bool:
    return is_int(value) and 1 <= value <= size  # type: ignore[operator]


def _colours(game: Game) -> str:
    return ", ".join(game.colours)


def _keys(game: Game, record: Mapping[str, Any]) -> None:
    unknown = sorted(str(key) for key in record if key not in game.record_keys)
    if unknown:
        raise Refusal(
            unknown[0],
            "unknown_key",
            key=unknown[0][:40],
            game=game.label,
            known=", ".join(sorted(game.record_keys)),
        )


def _trump(game: Game, record: Mapping[str, Any], deal: int, size: int) -> str:
    trump = record.get("trump")
    if type(trump) is not str or trump not in game.colours:
        raise Refusal("trump", "trump", game=game.label, colours=_colours(game))
    if game.herz_phase(deal, size) and trump != "herz":
        raise Refusal("trump", "trump_herz_phase", first=2 * size + 1)
    return trump


def _blind(
    record: Mapping[str, Any], options: CountdownOptions, trump: str, caller: int, scores: Any
) -> bool:
    blind = record.get("blind", False)
    if type(blind) is not bool:
        raise Refusal("blind", "blind_not_bool")
    if blind and trump != "gelb":
        raise Refusal("blind", "blind_not_gelb")
    if blind and options.punktgrenzen and scores[caller] < BLIND_FROM_24:
        raise Refusal("blind", "blind_below", low=BLIND_FROM_24, seat=caller, score=scores[caller])
    return blind


def _changes(
    game: Game, record: Mapping[str, Any], options: CountdownOptions, trump: str, blind: bool
) -> tuple[str, ...]:
    changes = record.get("trump_changes", [])
    if type(changes) is not list:
        raise Refusal("trump_changes", "changes_not_list")
    if not changes:
        return ()
    if not options.trumpfwechsel:
        raise Refusal("trump_changes", "changes_without_variant")
    if blind:
        raise Refusal("trump_changes", "changes_with_blind")
    if len(changes) > MAX_TRUMP_CHANGES:
        raise Refusal("trump_changes", "changes_too_many", most=MAX_TRUMP_CHANGES)
    in_force = trump
    for index, colour in enumerate(changes):
        if type(colour) is not str or colour not in game.colours:
            raise Refusal(
                f"trump_changes[{index}]", "change_colour", game=game.label, colours=_colours(game)
            )
        if colour == in_force:
            raise Refusal(f"trump_changes[{index}]", "change_same", colour=colour)
        in_force = colour
    return tuple(changes)


def _out(
    game: Game,
    record: Mapping[str, Any],
    options: CountdownOptions,
    *,
    deal: int,
    size: int,
    trump: str,
    caller: int,
    sitter: int | None,
    scores: Mapping[int, int],
) -> tuple[int, ...]:
    out = record.get("out", [])
    if type(out) is not list:
        raise Refusal("out", "out_not_list")
    seen: set[int] = set()
    for index, seat in enumerate(out):
        field = f"out[{index}]"
        if not _seat(seat, size):
            raise Refusal(field, "out_not_seat", size=size)
        if seat in seen:
            raise Refusal(field, "out_twice", seat=seat)
        if seat == sitter:
            raise Refusal(field, "out_sitter", seat=seat)
        if seat == caller:
            raise Refusal(field, "out_caller", seat=seat)
        seen.add(seat)
    if not out:
        return ()
    if game.key == VIERUNDZWANZIG and not options.aussteigen:
        raise Refusal("out", "out_without_variant")
    if game.key == ZWANZIG and trump == "karo":
        raise Refusal("out", "out_karo")
    if game.herz_phase(deal, size):
        raise Refusal("out", "out_herz_phase", first=2 * size + 1)
    if game.key == VIERUNDZWANZIG and size - len(out) < 2:
        raise Refusal("out", "out_too_few")
    for index, seat in enumerate(out):
        floor = None
        if game.key == VIERUNDZWANZIG and options.punktgrenzen:
            floor = NO_DROP_OUT_24_AT_OR_BELOW
        elif game.key == ZWANZIG_AB:
            floor = options.no_drop_out_at_or_below
        if floor is not None and scores[seat] <= floor:
            raise Refusal(f"out[{index}]", "out_floor", score=scores[seat], floor=floor, seat=seat)
    return tuple(out)


def _tricks(game: Game, record: Mapping[str, Any], size: int, active: list[int]) -> dict[int, int]:
    tricks = record.get("tricks")
    if not isinstance(tricks, Mapping):
        raise Refusal("tricks", "tricks_not_object")
    seats = {str(seat) for seat in range(1, size + 1)}
    result: dict[int, int] = {}
    for seat in range(1, size + 1):
        key = str(seat)
        if key in tricks and seat not in active:
            raise Refusal(f"tricks.{key}", "tricks_not_playing", seat=seat)
        if key not in tricks:
            if seat in active:
                raise Refusal(f"tricks.{key}", "tricks_missing", seat=seat)
            continue
        value = tricks[key]
        if not is_int(value) or not 0 <= value <= game.tricks:
            raise Refusal(f"tricks.{key}", "tricks_value", tricks=game.tricks)
        result[seat] = value
    for key in sorted(str(key) for key in tricks if key not in seats):
        raise Refusal(f"tricks.{key}", "tricks_not_seat")
    total = sum(result.values())
    if total != game.tricks:
        raise Refusal("tricks", "tricks_sum", got=total, tricks=game.tricks)
    return result


def read_deal(
    game_key: str, options: CountdownOptions, scores: Mapping[int, int], record: object
) -> Deal:
    """Check ``record`` against the scores before the deal (§6.1 steps 4–15) and read it."""
    game = GAMES[game_key]
    size = len(scores)
    if not isinstance(record, Mapping):
        raise Refusal("record", "record")
    _keys(game, record)
    deal = record.get("deal")
    if not is_int(deal) or deal < 1:
        raise Refusal("deal", "deal")
    dealer = record.get("dealer")
    if not _seat(dealer, size):
        raise Refusal("dealer", "dealer", size=size)
    caller = game.caller(dealer, size)
    given = record.get("caller")
    if given is not None and (not _seat(given, size) or given != caller):
        raise Refusal("caller", "caller", expected=caller, dealer=dealer, got=shown(given))
    trump = _trump(game, record, deal, size)
    blind = False
    changes: tuple[str, ...] = ()
    if game.key == VIERUNDZWANZIG:
        blind = _blind(record, options, trump, caller, scores)
        changes = _changes(game, record, options, trump, blind)
    sitter = game.sitter(dealer, size)
    out = _out(
        game,
        record,
        options,
        deal=deal,
        size=size,
        trump=trump,
        caller=caller,
        sitter=sitter,
        scores=scores,
    )
    active = [seat for seat in range(1, size + 1) if seat != sitter and seat not in out]
    tricks = _tricks(game, record, size, active)
    return Deal(deal, dealer, caller, trump, blind, changes, out, sitter, tricks)

"""Who wins (TSR 7.1, DDV.md §3) and the value V with its breakdown (TSR 7.2, DDV.md §4).

Each party has a target: its own Absage; else reaching the threshold against the other party's
Absage (90/60/30 Augen, one trick); else 120 for Re / 121 for Kontra when only "Kontra" was
said; else 121 for Re / 120 for Kontra. At most one party meets its target; when both made
Absagen and both miss, **nobody wins** and each party's own points are netted (7.1.3).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.ddv.records import CalculatorGame
from rules.ddv.vocabulary import (
    ABSAGE_THRESHOLD,
    AGAINST_THRESHOLD,
    SPECIALS,
    TOTAL_AUGEN,
    Party,
)

_UNDER = ((90, "unter_90"), (60, "unter_60"), (30, "unter_30"))
_ABSAGE_KEYS = ("keine_90", "keine_60", "keine_30", "schwarz")
_AGAINST_KEYS = ("gegen_keine_90", "gegen_keine_60", "gegen_keine_30", "gegen_schwarz")


@dataclass(frozen=True, slots=True)
class Valuation:
    """The winner (None: nobody), V seen from the winner or the party ahead, and the items
    (label key, points) summing to V; ``ahead`` is the party paid +V (Re on a net of 0)."""

    winner: Party | None
    ahead: Party
    value: int
    items: tuple[tuple[str, int], ...]


def augen_of(game: CalculatorGame, party: Party) -> int:
    return game.augen_re if party is Party.RE else TOTAL_AUGEN - game.augen_re


def took_trick(game: CalculatorGame, party: Party) -> bool:
    # 0 Augen with schwarz "none" means a trick of nines: a trick, but no Augen.
    return game.schwarz is not party


def meets_target(game: CalculatorGame, party: Party) -> bool:
    other = party.other
    own = game.absage[party]
    if own:
        if own == 4:
            return not took_trick(game, other)
        return augen_of(game, other) < ABSAGE_THRESHOLD[own]
    against = game.absage[other]
    if against:
        if against == 4:
            return took_trick(game, party)
        return augen_of(game, party) >= ABSAGE_THRESHOLD[against]
    only_kontra = game.ansage[Party.KONTRA] and not game.ansage[Party.RE]
    need = {Party.RE: 120, Party.KONTRA: 121} if only_kontra else {Party.RE: 121, Party.KONTRA: 120}
    return augen_of(game, party) >= need[party]


def winner_of(game: CalculatorGame) -> Party | None:
    if meets_target(game, Party.RE):
        return Party.RE
    if meets_target(game, Party.KONTRA):
        return Party.KONTRA
    return None


def _under(game: CalculatorGame, loser: Party, schwarz_too: bool) -> list[tuple[str, int]]:
    items = [(key, 1) for limit, key in _UNDER if augen_of(game, loser) < limit]
    if schwarz_too and not took_trick(game, loser):
        items.append(("schwarz_gespielt", 1))
    return items


def _against(game: CalculatorGame, party: Party) -> list[tuple[str, int]]:
    """(e)/(f): +1 per level of the other party's Absage whose threshold ``party`` reached."""
    level = game.absage[party.other]
    augen = augen_of(game, party)
    return [(_AGAINST_KEYS[i - 1], 1) for i in range(1, level + 1) if augen >= AGAINST_THRESHOLD[i]]


def _specials(game: CalculatorGame, party: Party) -> list[tuple[str, int]]:
    counter = game.specials.get(party, Counter())
    return [(kind, 1) for kind in SPECIALS for _ in range(counter[kind])]


def valuate(game: CalculatorGame) -> Valuation:
    team = game.common.kind.team
    winner = winner_of(game)
    if winner is None:
        return _nobody(game, team)
    loser = winner.other
    items: list[tuple[str, int]] = [("gewonnen", 1), *_under(game, loser, True)]
    for party in (Party.RE, Party.KONTRA):
        if game.ansage[party]:
            items.append((f"{party.value}_angesagt", 2))
    for party in (Party.RE, Party.KONTRA):
        items += [(f"{_ABSAGE_KEYS[i]}_{party.value}", 1) for i in range(game.absage[party])]
    items += _against(game, winner)
    if team:
        if winner is Party.KONTRA:
            items.append(("gegen_die_kreuz_damen", 1))
        items += _specials(game, winner)
        items += [(key, -points) for key, points in _specials(game, loser)]
    return Valuation(winner, winner, sum(p for _, p in items), tuple(items))


def _nobody(game: CalculatorGame, team: bool) -> Valuation:
    own: dict[Party, list[tuple[str, int]]] = {}
    for party in (Party.RE, Party.KONTRA):
        items = _under(game, party.other, False) + _against(game, party)
        if team:
            items += _specials(game, party)
        own[party] = items
    net = sum(p for _, p in own[Party.RE]) - sum(p for _, p in own[Party.KONTRA])
    ahead = Party.RE if net >= 0 else Party.KONTRA
    behind = ahead.other
    items = own[ahead] + [(key, -points) for key, points in own[behind]]
    return Valuation(None, ahead, abs(net), tuple(items))

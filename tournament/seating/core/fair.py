"""Seating rules for round 2 and later, and the account of the pairs who meet again.

Three rules (``SeatingRule``):

``placement``
    Rule 3 as it is (``placement.seat_by_placement``): places 1-4 at table 1, and so on.
``placement_avoid``
    By placement, then players of neighbouring tables swap so that as few pairs as possible
    share a table again: nobody ends more than one table away from the placement's table, and
    among seatings with equally few repeats the one closest to placement is kept (the places a
    player is moved past, summed). Never more repeats than plain placement.
``drawn_avoid``
    A seeded draw that minimises the pairs who already shared a table, then the pairs meeting
    for the third time, then how often the 5-tables' players sat at a 5-table before (sitting
    out spreads over the evening): swaps between any two tables from several seeded starts
    (never more repeats than plain placement, which it falls back to if no start beats it).

Costs compare in that order (lexicographic), as one integer: a repeat pair weighs
:data:`AGAIN`, a third meeting :data:`THIRD` more, and the rest (places moved, earlier 5-table
rounds) less than :data:`THIRD`.

``repeat_report`` explains a seating of any rule as numbers and codes: how many pairs meet
again, how many of them at least had to (who has met whom leaves too few new tablemates), from
which round ``n`` players at these tables can no longer all meet new tablemates, and why the
rest remain (the rule's reason).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from math import comb
from typing import Any

from tournament.seating.core.draw import derived_rng, shuffled, sorted_unique
from tournament.seating.core.edits import seat_one
from tournament.seating.core.history import History, pair
from tournament.seating.core.layout import Seating, fill_tables
from tournament.seating.core.placement import RankedPlayer, TieLot, seat_by_placement
from tournament.seating.core.seats import rotate_seats
from tournament.seating.core.sizes import DOPPELKOPF, table_sizes

AGAIN = 10**12  # the weight of a pair that shared a table before
THIRD = 10**6  # added for a pair meeting for the third time or more
RESTART_BUDGET = 6_000  # drawn_avoid: seeded starts = RESTART_BUDGET // players², 1 to 200


class SeatingRule(StrEnum):
    """How round 2 and later are seated."""

    PLACEMENT = "placement"
    PLACEMENT_AVOID = "placement_avoid"
    DRAWN_AVOID = "drawn_avoid"


@dataclass(frozen=True)
class Reason:
    """One reason for repeat pairs, as a code with numbers (the service words it).

    codes: ``unavoidable`` (``pairs`` had to meet again: who has met whom leaves too few new
    tablemates), ``tables_too_few`` (``pairs`` had to meet again: round ``round`` had only
    ``tables`` tables, fewer than the seats of a table now), ``evening_full`` (from round
    ``from_round`` on, ``players`` players at these tables cannot all meet new tablemates),
    ``placement`` (``pairs`` remain because the rule
    seats strictly by placement), ``near_placement`` (``pairs`` remain because swaps stay
    between neighbouring tables), ``search`` (``pairs`` remain: the seeded search found no
    seating with fewer)."""

    code: str
    params: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RepeatReport:
    """Pairs at this seating's tables who shared a table in an earlier round."""

    round: int  # the number of the round seated (earlier rounds + 1)
    pairs: int  # pairs meeting again
    third: int  # of them, pairs meeting for the third time or more
    unavoidable: int  # at least this many pairs had to meet again
    players: int
    from_round: int  # from this round on, not every player can meet only new tablemates
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class RuleResult:
    seating: Seating
    report: RepeatReport
    lots: tuple[TieLot, ...] = ()
    order: tuple[int, ...] = ()  # placement's order (best first); drawn_avoid: none


# ---------------------------------------------------------------------------- bounds


def evening_full_round(players: int, sizes: Sequence[int]) -> int:
    """The first round from which ``players`` at tables of ``sizes`` cannot all meet only new
    tablemates: more pairs sit together per round than new pairs are left, or a player at the
    smallest table has met everyone else."""
    per_round = sum(comb(size, 2) for size in sizes)
    by_pairs = comb(players, 2) // per_round + 1 if per_round else 1
    by_player = (players - 1) // (min(sizes) - 1) + 1
    return min(by_pairs, by_player)


def _partner_bound(present: set[int], sizes: Sequence[int], history: History) -> int:
    """The pairs seated beyond the pairs never met, and half the tablemates each player lacks
    (who has fewer unmet players left than a table of the smallest size needs)."""
    n = len(present)
    met_of = dict.fromkeys(present, 0)
    met_pairs = 0
    for a, b in history.met:
        if a in present and b in present:
            met_pairs += 1
            met_of[a] += 1
            met_of[b] += 1
    seated_pairs = sum(comb(size, 2) for size in sizes)
    by_pairs = seated_pairs - (comb(n, 2) - met_pairs)
    lacking = sum(max(0, min(sizes) - 1 - (n - 1 - met)) for met in met_of.values())
    return max(0, by_pairs, (lacking + 1) // 2)


def _fewest_pairs(size: int, groups: int) -> int:
    """The fewest pairs of one group when ``size`` players come from ``groups`` groups."""
    whole, rest = divmod(size, groups)
    return rest * comb(whole + 1, 2) + (groups - rest) * comb(whole, 2)


def _tables_bound(
    present: set[int], sizes: Sequence[int], history: History
) -> tuple[int, int, int]:
    """(pairs, round, groups): an earlier round whose tables (and players absent from it, each
    a group of one) are fewer than a table's seats forces pairs of one of its tables together,
    e.g. four tables in round 1 and a 5-table in round 2. The round that forces most."""
    best = (0, 0, 0)
    for index, tables in enumerate(history.tables):
        groups = len({tables[pid] for pid in present if pid in tables})
        groups += sum(1 for pid in present if pid not in tables)
        if groups:
            forced = sum(_fewest_pairs(size, groups) for size in sizes)
            best = max(best, (forced, index + 1, groups))
    return best


def unavoidable_pairs(ids: Iterable[int], sizes: Sequence[int], history: History) -> int:
    """A lower bound on the pairs who must meet again when ``ids`` sit at tables of ``sizes``
    (the larger of the two bounds ``repeat_report`` names)."""
    present = set(ids)
    return max(_partner_bound(present, sizes, history), _tables_bound(present, sizes, history)[0])


def repeat_report(
    seating: Seating, history: History, rule: SeatingRule | str = SeatingRule.PLACEMENT
) -> RepeatReport:
    """Count and explain the pairs of ``seating`` who shared a table before (``history``)."""
    pairs = third = 0
    for table in seating.tables:
        again, more = history.repeat_pairs(table.seats)
        pairs += again
        third += more
    players = len(seating.participants)
    number = history.rounds + 1
    full = evening_full_round(players, seating.sizes) if players else 1
    present = set(seating.participants)
    partners = _partner_bound(present, seating.sizes, history)
    forced, earlier, groups = _tables_bound(present, seating.sizes, history)
    unavoidable = min(pairs, max(partners, forced))
    reasons: list[Reason] = []
    if unavoidable and forced > partners:
        reasons.append(
            Reason("tables_too_few", {"pairs": unavoidable, "round": earlier, "tables": groups})
        )
    elif unavoidable:
        reasons.append(Reason("unavoidable", {"pairs": unavoidable}))
    if pairs and number >= full:
        reasons.append(Reason("evening_full", {"players": players, "from_round": full}))
    rest = pairs - unavoidable
    if rest:
        code = {
            SeatingRule.PLACEMENT: "placement",
            SeatingRule.PLACEMENT_AVOID: "near_placement",
        }.get(SeatingRule(rule), "search")
        reasons.append(Reason(code, {"pairs": rest}))
    return RepeatReport(number, pairs, third, unavoidable, players, full, tuple(reasons))


# ---------------------------------------------------------------------------- search


class _Tables:
    """Tables as lists under a swap search; ``extra(pid, table_index)`` is the part of the cost
    that is not about pairs (places moved, earlier 5-table rounds)."""

    def __init__(
        self, tables: list[list[int]], history: History, extra: Callable[[int, int], int]
    ) -> None:
        self.tables = tables
        self.met = history.met
        self.extra = extra

    def weight(self, a: int, b: int) -> int:
        times = self.met.get(pair(a, b), 0)
        return 0 if not times else AGAIN if times == 1 else AGAIN + THIRD

    def share(self, pid: int, others: Iterable[int], index: int) -> int:
        """``pid``'s part of the cost at table ``index`` among ``others``."""
        return sum(self.weight(pid, other) for other in others) + self.extra(pid, index)

    def gain(self, t: int, i: int, u: int, j: int) -> int:
        """How much the cost falls when seat ``i`` of table ``t`` and seat ``j`` of table ``u``
        exchange their players (negative: it rises)."""
        a_table, b_table = self.tables[t], self.tables[u]
        p, q = a_table[i], b_table[j]
        a_rest = [x for k, x in enumerate(a_table) if k != i]
        b_rest = [x for k, x in enumerate(b_table) if k != j]
        before = self.share(p, a_rest, t) + self.share(q, b_rest, u)
        after = self.share(q, a_rest, t) + self.share(p, b_rest, u)
        return before - after

    def in_conflict(self, t: int, i: int) -> bool:
        table = self.tables[t]
        pid = table[i]
        return any(self.met.get(pair(pid, other)) for k, other in enumerate(table) if k != i)

    def total(self) -> int:
        cost = 0
        for index, table in enumerate(self.tables):
            for k, pid in enumerate(table):
                cost += sum(self.weight(pid, other) for other in table[k + 1 :])
                cost += self.extra(pid, index)
        return cost

    def swap(self, t: int, i: int, u: int, j: int) -> None:
        self.tables[t][i], self.tables[u][j] = self.tables[u][j], self.tables[t][i]


def _near_placement(order: Sequence[int], sizes: Sequence[int], history: History) -> Seating:
    tables = [list(t.seats) for t in fill_tables(order, sizes).tables]
    place = {pid: index for index, pid in enumerate(order)}
    home = {pid: t for t, table in enumerate(tables) for pid in table}
    first, last = [], []
    start = 0
    for size in sizes:
        first.append(start)
        last.append(start + size - 1)
        start += size

    def moved(pid: int, t: int) -> int:
        if t == home[pid]:
            return 0
        return first[t] - place[pid] if t > home[pid] else place[pid] - last[t]

    search = _Tables(tables, history, moved)
    improved = True
    while improved:
        improved = False
        for t in range(len(tables) - 1):
            u = t + 1
            best, move = 0, None
            for i, p in enumerate(tables[t]):
                if abs(home[p] - u) > 1:
                    continue
                for j, q in enumerate(tables[u]):
                    if abs(home[q] - t) > 1:
                        continue
                    gain = search.gain(t, i, u, j)
                    if gain > best:
                        best, move = gain, (t, i, u, j)
            if move is not None:
                search.swap(*move)
                improved = True
    return fill_tables([pid for table in tables for pid in table], sizes)


def _descend(search: _Tables, rng: random.Random) -> None:
    """Swap players between any two tables while that lowers the cost: each player at a table
    with someone met before (or at a 5-table after an earlier 5-table round) takes the best
    exchange there is, in a seeded order."""
    tables = search.tables
    improved = True
    while improved:
        improved = False
        for t in shuffled(range(len(tables)), rng):
            for i in range(len(tables[t])):
                if not search.in_conflict(t, i) and not search.extra(tables[t][i], t):
                    continue
                best, move = 0, None
                for u in range(len(tables)):
                    if u == t:
                        continue
                    for j in range(len(tables[u])):
                        gain = search.gain(t, i, u, j)
                        if gain > best:
                            best, move = gain, (t, i, u, j)
                if move is not None:
                    search.swap(*move)
                    improved = True


def _drawn(
    ids: Sequence[int], sizes: Sequence[int], history: History, seed: int, fallback: Seating
) -> Seating:
    """The best of several seeded starts after the swap search; ``fallback`` (the plain
    placement) is taken only if every start did worse, so a draw never repeats more than it."""
    rng = derived_rng(seed, "avoid")
    fives = history.fives

    def at_five(pid: int, t: int) -> int:
        return fives.get(pid, 0) if sizes[t] == 5 else 0

    floor = unavoidable_pairs(ids, sizes, history) * AGAIN
    best_cost, best = None, None
    for _attempt in range(min(200, max(1, RESTART_BUDGET // max(1, len(ids)) ** 2))):
        # Who sat at 5-tables most often starts at a 4-table (the 5-tables are last).
        order = sorted(shuffled(ids, rng), key=lambda pid: -fives.get(pid, 0))
        search = _Tables(
            [list(t.seats) for t in fill_tables(order, sizes).tables], history, at_five
        )
        _descend(search, rng)
        cost = search.total()
        if best_cost is None or cost < best_cost:
            best_cost, best = cost, [list(table) for table in search.tables]
        if best_cost < floor + THIRD:  # as few repeats as there must be, none a third time
            break
    fallback_cost = _Tables([list(t.seats) for t in fallback.tables], history, at_five).total()
    if fallback_cost < best_cost:
        return fallback
    return fill_tables([pid for table in best for pid in table], sizes)


# ---------------------------------------------------------------------------- the rule


def seat_by_rule(
    rule: SeatingRule | str,
    ranking: Sequence[RankedPlayer],
    history: History,
    seed: int,
    allowed: Iterable[int] = DOPPELKOPF,
    *,
    keeper: Callable[[int], int] = seat_one,
    dealer: Callable[[int], int] = seat_one,
) -> RuleResult:
    """Seat a round after ``history`` by ``rule``: the tables by the rule, then the seats at
    each table by ``seats.rotate_seats`` (list keeper, first dealer and every seat rotate over
    the evening). ``ranking`` is the standings order (best first); ``drawn_avoid`` uses only
    who is in it."""
    rule = SeatingRule(rule)
    sizes = table_sizes(len(ranking), allowed)
    lots: tuple[TieLot, ...] = ()
    order: tuple[int, ...] = ()
    placed = seat_by_placement(ranking, seed, allowed)
    if rule is SeatingRule.DRAWN_AVOID:
        ids = sorted_unique(p.participant_id for p in ranking)
        tables = _drawn(ids, sizes, history, seed, placed.seating)
    else:
        lots, order = placed.lots, placed.order
        tables = (
            _near_placement(order, sizes, history)
            if rule is SeatingRule.PLACEMENT_AVOID
            else placed.seating
        )
    seating = rotate_seats(tables, history, seed, keeper=keeper, dealer=dealer)
    # A lot names where its players sit: avoiding repeats may move one to the next table.
    lots = tuple(
        replace(lot, tables=tuple(seating.position_of(pid).table for pid in lot.order))
        for lot in lots
    )
    return RuleResult(seating, repeat_report(seating, history, rule), lots, order)


def describe(report: RepeatReport) -> dict[str, Any]:
    """The report as plain data (JSON), e.g. for an audit entry."""
    return {
        "pairs": report.pairs,
        "third": report.third,
        "unavoidable": report.unavoidable,
        "reasons": [{"code": r.code, **r.params} for r in report.reasons],
    }

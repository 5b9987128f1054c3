"""Hypothesis strategies that build only VALID game records (every §5 rule respected).

The calculator generator builds a record the way a game unfolds: table and Re party, Augen
possible for the deck, calls in an order-free list (each Absage after its party's call), and
Sonderpunkte that one deal can produce (one last-trick winner, two foxes, two Charlies, Doppelkopf
only with enough Augen, nothing for a party without Augen).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rules.hausregeln import Kind, ScoringOptions
from rules.hausregeln.keys import KNOWN_FIELDS
from rules.hausregeln.vocabulary import ANNOUNCED_SOLOS, ONE_RE_KINDS, RE_PARTY_SIZE, SEED_KINDS

ABSAGEN = ["keine_90", "keine_60", "keine_30", "schwarz"]

options_strategy = st.builds(
    ScoringOptions,
    deck=st.sampled_from([40, 48]),
    pre_lead_counts=st.booleans(),
    ddv_absage_bonus=st.booleans(),
)


@st.composite
def tables(draw: st.DrawFn, sizes: Any = (4, 5)) -> tuple[int, int | None, list[int]]:
    """(table_size, sitting_out, active seats)."""
    table_size = draw(st.sampled_from(list(sizes)))
    sitting_out = draw(st.integers(1, 5)) if table_size == 5 else None
    active = [s for s in range(1, table_size + 1) if s != sitting_out]
    return table_size, sitting_out, active


def _table_fields(draw: st.DrawFn, table_size: int, sitting_out: int | None) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if table_size == 5:
        fields["table_size"] = 5
        fields["sitting_out"] = sitting_out
    else:
        if draw(st.booleans()):
            fields["table_size"] = 4
        if draw(st.booleans()):
            fields["sitting_out"] = None
    return fields


def _statement(draw: st.DrawFn, party: str, call: str, before_lead: bool) -> dict[str, Any]:
    item: dict[str, Any] = {"party": party, "call": call}
    if before_lead or draw(st.booleans()):
        item["before_lead"] = before_lead
    return item


@st.composite
def statements(draw: st.DrawFn, kind: Kind) -> list[dict[str, Any]]:
    announced = kind in ANNOUNCED_SOLOS
    items: list[dict[str, Any]] = []
    said = {}
    for party, call in (("re", "re"), ("kontra", "kontra")):
        if announced:
            said[party] = draw(st.booleans())
            if said[party]:
                items.append(_statement(draw, party, call, draw(st.booleans())))
        else:
            before = draw(st.booleans())
            after = draw(st.booleans())
            if before:
                items.append(_statement(draw, party, call, True))
            if after:
                items.append(_statement(draw, party, call, False))
            said[party] = before or after
    if said["re"] and said["kontra"]:
        if draw(st.booleans()):
            items.append(_statement(draw, "re", "sub", draw(st.booleans())))
        if draw(st.booleans()):
            items.append(_statement(draw, "kontra", "in", draw(st.booleans())))
    for party in ("re", "kontra"):
        if said[party]:
            for call in draw(st.lists(st.sampled_from(ABSAGEN), max_size=3)):
                items.append(_statement(draw, party, call, draw(st.booleans())))
    return list(draw(st.permutations(items)))


@st.composite
def specials(draw: st.DrawFn, kind: Kind, augen_re: int) -> list[dict[str, str]]:
    if kind in ANNOUNCED_SOLOS:
        return []
    augen = {"re": augen_re, "kontra": 240 - augen_re}
    eligible = [p for p in ("re", "kontra") if augen[p] > 0]
    result: list[dict[str, str]] = []

    def add(party: str, special: str, n: int = 1) -> None:
        result.extend({"party": party, "kind": special} for _ in range(n))

    fuchs_am_end = fuchs_caught_last = 0
    if eligible and draw(st.booleans()):
        last = draw(st.sampled_from(eligible))
        card = draw(st.sampled_from([None, "fuchs_am_end", "charlie_am_end"]))
        if card:
            add(last, card)
        fuchs_am_end = int(card == "fuchs_am_end")
        limit = (3 if last == "re" else 1) if kind in ONE_RE_KINDS else 2
        fuchs_caught_last = draw(st.integers(0, min(2 - fuchs_am_end, limit)))
        max_charlies = {None: 2, "fuchs_am_end": 0, "charlie_am_end": 1}[card]
        charlies = draw(st.integers(0, min(max_charlies, limit - fuchs_caught_last)))
        add(last, "fuchs_am_end_gefangen", fuchs_caught_last)
        add(last, "charlie_am_end_gefangen", charlies)
    if eligible:
        for _ in range(2 - fuchs_am_end - fuchs_caught_last):
            owner = draw(st.sampled_from([*eligible, None]))
            if owner:
                add(owner, "fuchs_gefangen")
        owner = draw(st.sampled_from([*eligible, None]))
        if owner:
            add(owner, "herzstich")
        doppelkopf = 0
        for party in eligible:
            n = draw(st.integers(0, min(augen[party] // 40, 4 - doppelkopf)))
            add(party, "doppelkopf", n)
            doppelkopf += n
    return list(draw(st.permutations(result)))


@st.composite
def calculator_records(
    draw: st.DrawFn,
    deck: int = 40,
    kinds: Any = SEED_KINDS,
    no_specials: Any = (),
    sizes: Any = (4, 5),
) -> dict[str, Any]:
    """A valid calculator record for the given deck, of one of ``kinds`` (the club's options
    may add kinds; ``no_specials``: kinds the club values like a solo, without Sonderpunkte)."""
    table_size, sitting_out, active = draw(tables(sizes))
    kind = draw(st.sampled_from(sorted(kinds)))
    seats = draw(st.permutations(active))
    re_seats = list(seats[: RE_PARTY_SIZE[kind]])
    if deck == 40:
        augen = draw(st.one_of(st.just(0), st.just(240), st.integers(8, 232)))
    else:
        augen = draw(st.one_of(st.sampled_from([0, 1, 120, 121, 239, 240]), st.integers(0, 240)))
    record: dict[str, Any] = _table_fields(draw, table_size, sitting_out)
    record.update(kind=kind.value, re=re_seats, augen_re=augen)
    if deck == 40:
        if draw(st.booleans()):
            record["schwarz"] = "re" if augen == 0 else "kontra" if augen == 240 else "none"
    elif augen == 0:
        record["schwarz"] = draw(st.sampled_from(["re", "none"]))
    elif augen == 240:
        record["schwarz"] = draw(st.sampled_from(["kontra", "none"]))
    elif draw(st.booleans()):
        record["schwarz"] = draw(st.sampled_from([None, "none"]))
    calls = draw(statements(kind))
    if calls or draw(st.booleans()):
        record["statements"] = calls
    # a 48-card Re party with 0 Augen but a trick ("none") still gets no Sonderpunkte
    extras = [] if kind in no_specials else draw(specials(kind, augen))
    if extras or draw(st.booleans()):
        record["specials"] = extras
    return record


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[dict[str, Any], ScoringOptions]:
    """(valid calculator record, options it is valid under)."""
    options = draw(options_strategy)
    return draw(calculator_records(options.deck)), options


@st.composite
def revoke_records(draw: st.DrawFn, kinds: Any = SEED_KINDS) -> dict[str, Any]:
    table_size, sitting_out, active = draw(tables())
    kind = draw(st.sampled_from(sorted(kinds)))
    record = _table_fields(draw, table_size, sitting_out)
    record["kind"] = kind.value
    seats = draw(st.permutations(active))
    if kind in ONE_RE_KINDS or draw(st.booleans()):
        record["re"] = list(seats[: RE_PARTY_SIZE[kind]])
    record["revoke"] = {"offender": draw(st.sampled_from(active))}
    return record


@st.composite
def quick_entries(draw: st.DrawFn, kinds: Any = SEED_KINDS, max_value: int = 30) -> dict[str, Any]:
    table_size, sitting_out, active = draw(tables())
    kind = draw(st.sampled_from(sorted(kinds)))
    record = _table_fields(draw, table_size, sitting_out)
    record["kind"] = kind.value
    seats = draw(st.permutations(active))
    if kind in ONE_RE_KINDS:
        soloist = seats[0]
        record["re"] = [soloist]
        if draw(st.booleans()):
            record["winners"] = [soloist]
        else:
            record["winners"] = list(seats[1:])
    else:
        record["winners"] = list(seats[:2])
    record["value"] = draw(st.integers(0, max_value))
    return record


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-300, 300),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(
        ["re", "kontra", "normal", "solo_damen", "keine_90", "doppelkopf", "none", "1", "4"]
    ),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(
            st.one_of(
                st.text(max_size=10),
                st.sampled_from(
                    # The record's own keys, the keys nested inside it, and seat numbers.
                    [
                        *sorted(KNOWN_FIELDS),
                        *("party", "call", "before_lead", "offender"),
                        *("1", "2", "3", "4", "5"),
                    ]
                ),
            ),
            children,
            max_size=6,
        ),
    ),
    max_leaves=20,
)

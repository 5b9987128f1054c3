"""The ``specials`` list: Sonderpunkte (SCORING.md §4.6) and the combinations no deal can
produce (§5): too many foxes, Charlies or Doppelköpfe, a last trick won twice or by both parties.
"""

from __future__ import annotations

from typing import Any

from rules.hausregeln.errors import RecordError
from rules.hausregeln.fields import as_choice, as_list, as_mapping
from rules.hausregeln.keys import SPECIAL_FIELDS, check_nested_keys
from rules.hausregeln.records import SpecialPoint
from rules.hausregeln.vocabulary import (
    ANNOUNCED_SOLOS,
    LAST_TRICK_SPECIALS,
    ONE_RE_KINDS,
    PARTY_BY_VALUE,
    SPECIAL_BY_VALUE,
    TOTAL_AUGEN,
    Kind,
    Party,
    Special,
)

RE = Party.RE
KONTRA = Party.KONTRA

_SPECIAL_CACHE: dict[tuple[str, str], SpecialPoint] = {
    (p.value, s.value): SpecialPoint(p, s) for p in Party for s in Special
}


def _parse_special(item: Any, path: str) -> SpecialPoint:
    if type(item) is dict and len(item) == 2:
        party_raw = item.get("party")
        kind_raw = item.get("kind")
        if type(party_raw) is str and type(kind_raw) is str:
            cached = _SPECIAL_CACHE.get((party_raw, kind_raw))
            if cached is not None:
                return cached
    item = as_mapping(item, path)
    check_nested_keys(item, SPECIAL_FIELDS, path)
    party = as_choice(item.get("party"), PARTY_BY_VALUE, f"{path}.party", "party")
    kind = as_choice(item.get("kind"), SPECIAL_BY_VALUE, f"{path}.kind", "special")
    return SpecialPoint(party, kind)


def parse_specials(
    value: Any, kind: Kind, augen: int, valued_as_solo: bool = False
) -> tuple[SpecialPoint, ...]:
    """The Sonderpunkte of a record; none in an announced solo, nor (``valued_as_solo``) in a
    stilles Solo or Hochzeit allein the club values like a Trumpfsolo (CLUBRULES.md §4.5)."""
    items = as_list(value, "specials")
    if not items:
        return ()
    if kind in ANNOUNCED_SOLOS:
        raise RecordError("specials", "specials_in_announced_solo", kind=kind.value)
    if valued_as_solo:
        raise RecordError("specials", "specials_valued_as_solo", kind=kind.value)
    specials: list[SpecialPoint] = []
    for index, item in enumerate(items):
        special = _parse_special(item, f"specials[{index}]")
        if special.kind is Special.GEGEN:
            raise RecordError(f"specials[{index}].kind", "gegen_by_hand")
        party_augen = augen if special.party is RE else TOTAL_AUGEN - augen
        if party_augen == 0:
            raise RecordError(
                f"specials[{index}].party",
                "special_without_augen",
                special=special.kind.value,
                party=special.party.value,
            )
        specials.append(special)
    check_special_combinations(specials, kind, augen)
    return tuple(specials)


def check_special_combinations(specials: list[SpecialPoint], kind: Kind, augen: int) -> None:
    """Refuse Sonderpunkte that no deal can produce (§5), field ``specials``."""
    total: dict[Special, int] = {}
    doppelkopf_re = doppelkopf_kontra = 0
    last_trick_parties: set[Party] = set()
    for party, special in specials:
        total[special] = total.get(special, 0) + 1
        if special is Special.DOPPELKOPF:
            if party is RE:
                doppelkopf_re += 1
            else:
                doppelkopf_kontra += 1
        elif special in LAST_TRICK_SPECIALS:
            last_trick_parties.add(party)

    doppelkopf = doppelkopf_re + doppelkopf_kontra
    if doppelkopf > 4:
        raise RecordError("specials", "doppelkopf_too_many", count=doppelkopf)
    for party, n, party_augen in (
        (RE, doppelkopf_re, augen),
        (KONTRA, doppelkopf_kontra, TOTAL_AUGEN - augen),
    ):
        if party_augen < 40 * n:
            raise RecordError(
                "specials",
                "doppelkopf_augen",
                party=party.value,
                count=n,
                needed=40 * n,
                augen=party_augen,
            )
    if not last_trick_parties and len(total) == len(specials) and doppelkopf <= 1:
        return  # every Sonderpunkt at most once and none of the last trick: nothing to combine
    fuchs_am_end = total.get(Special.FUCHS_AM_END, 0)
    fuchs_caught_last = total.get(Special.FUCHS_AM_END_GEFANGEN, 0)
    # checked before the fox count it is implied by, for the clearer message
    if fuchs_am_end and fuchs_caught_last > 1:
        raise RecordError("specials", "fuchs_caught_with_fuchs_am_end", count=fuchs_caught_last)
    foxes = total.get(Special.FUCHS_GEFANGEN, 0) + fuchs_caught_last + fuchs_am_end
    if foxes > 2:
        raise RecordError("specials", "fuchs_too_many", count=foxes)
    herzstich = total.get(Special.HERZSTICH, 0)
    if herzstich > 1:
        raise RecordError("specials", "herzstich_too_many", count=herzstich)
    charlie_am_end = total.get(Special.CHARLIE_AM_END, 0)
    if fuchs_am_end + charlie_am_end > 1:
        raise RecordError("specials", "last_trick_two_winners", count=fuchs_am_end + charlie_am_end)
    if len(last_trick_parties) > 1:
        raise RecordError("specials", "last_trick_split")
    charlie_caught = total.get(Special.CHARLIE_AM_END_GEFANGEN, 0)
    if charlie_caught > 2:
        raise RecordError("specials", "charlie_caught_too_many", count=charlie_caught)
    if charlie_am_end and charlie_caught > 1:
        raise RecordError("specials", "charlie_caught_with_charlie_am_end", count=charlie_caught)
    if fuchs_am_end and charlie_caught:
        raise RecordError("specials", "charlie_caught_with_fuchs_am_end")
    caught = fuchs_caught_last + charlie_caught
    if caught:
        (last_trick_winner,) = last_trick_parties
        # opponent cards in the last trick: 2 in a normal game; 3 or 1 around a soloist
        limit = (3 if last_trick_winner is RE else 1) if kind in ONE_RE_KINDS else 2
        if caught > limit:
            raise RecordError(
                "specials",
                "last_trick_caught_too_many",
                party=last_trick_winner.value,
                limit=limit,
                count=caught,
            )

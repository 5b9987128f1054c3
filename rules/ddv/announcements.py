"""Ansagen, Absagen and Sonderpunkte of a game record (DDV.md §8, statements and specials).

DDV has one Ansage per party ("re" by Re, "kontra" by Kontra) and the Absagen with levels 1–4;
Sub and In do not exist. The Sonderpunkte are only Doppelkopf, Fuchs gefangen and Karlchen, in
the team kinds only, and must fit the deck (40/80/124/168 Augen for 1–4 Doppelköpfe, 11 per Fuchs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.ddv.errors import DdvRefused
from rules.ddv.fields import as_bool, as_choice, as_list, as_mapping, check_keys
from rules.ddv.vocabulary import (
    ABSAGE_LEVEL,
    ANSAGE_OF,
    CALLS,
    DOPPELKOPF_MIN_AUGEN,
    HOUSE_CALLS,
    HOUSE_SPECIALS,
    PARTY_BY_VALUE,
    SPECIALS,
    TOTAL_AUGEN,
    Party,
)

_STATEMENT_KEYS = frozenset({"party", "call", "before_lead"})
_SPECIAL_KEYS = frozenset({"party", "kind"})
MAX_ITEMS = 64


def parse_statements(
    value: Any, imply_ansage: bool = False
) -> tuple[dict[Party, bool], dict[Party, int]]:
    """Each party's Ansage (said or not) and Absage level (0 for none)."""
    ansage = {Party.RE: False, Party.KONTRA: False}
    absage = {Party.RE: 0, Party.KONTRA: 0}
    if value is None:
        return ansage, absage
    items = as_list(value, "statements")
    if len(items) > MAX_ITEMS:
        raise DdvRefused("statements", "too_many", count=len(items), limit=MAX_ITEMS)
    seen: set[tuple[Party, str]] = set()
    absagen: list[tuple[int, Party, str]] = []
    for index, item in enumerate(items):
        where = f"statements[{index}]"
        statement = as_mapping(item, where)
        check_keys(statement, _STATEMENT_KEYS, f"{where}.")
        party = as_choice(statement.get("party"), PARTY_BY_VALUE, f"{where}.party")
        call = statement.get("call")
        if type(call) is str and call in HOUSE_CALLS:
            raise DdvRefused(f"{where}.call", "call_sub_in", got=call)
        call = as_choice(call, {c: c for c in CALLS}, f"{where}.call")
        if "before_lead" in statement:
            as_bool(statement["before_lead"], f"{where}.before_lead")
        if call in ("re", "kontra") and call != ANSAGE_OF[party]:
            raise DdvRefused(f"{where}.call", "call_wrong_party", got=call, party=call)
        if (party, call) in seen:
            raise DdvRefused(where, "call_twice", party=party.value, got=call)
        seen.add((party, call))
        if call in ABSAGE_LEVEL:
            absage[party] = max(absage[party], ABSAGE_LEVEL[call])
            absagen.append((index, party, call))
        else:
            ansage[party] = True
    for index, party, call in absagen:
        if not ansage[party]:
            if not imply_ansage:
                raise DdvRefused(
                    f"statements[{index}].call",
                    "absage_without_ansage",
                    got=call,
                    ansage=ANSAGE_OF[party],
                )
            ansage[party] = True
    return ansage, absage


def parse_specials(value: Any) -> dict[Party, Counter[str]]:
    """Sonderpunkte per party, by kind (vocabulary only; :func:`check_specials` checks the deck)."""
    found = {Party.RE: Counter[str](), Party.KONTRA: Counter[str]()}
    if value is None:
        return found
    items = as_list(value, "specials")
    if len(items) > MAX_ITEMS:
        raise DdvRefused("specials", "too_many", count=len(items), limit=MAX_ITEMS)
    for index, item in enumerate(items):
        where = f"specials[{index}]"
        special = as_mapping(item, where)
        check_keys(special, _SPECIAL_KEYS, f"{where}.")
        party = as_choice(special.get("party"), PARTY_BY_VALUE, f"{where}.party")
        kind = special.get("kind")
        if kind == "gegen":
            raise DdvRefused(f"{where}.kind", "special_gegen")
        if type(kind) is str and kind in HOUSE_SPECIALS:
            raise DdvRefused(f"{where}.kind", "special_house", got=kind)
        kind = as_choice(kind, {k: k for k in SPECIALS}, f"{where}.kind")
        found[party][kind] += 1
    return found


def check_specials(
    specials: Mapping[Party, Counter[str]], augen_re: int, schwarz: Party | None
) -> None:
    """The Sonderpunkte must fit a 48-card deal (DDV.md §8, the three ``specials`` rows)."""
    total = Counter[str]()
    for counter in specials.values():
        total.update(counter)
    if total["doppelkopf"] > 4:
        raise DdvRefused("specials", "specials_doppelkopf_count", got=total["doppelkopf"])
    if total["fuchs_gefangen"] > 2:
        raise DdvRefused("specials", "specials_fuchs_count", got=total["fuchs_gefangen"])
    if total["charlie_am_end"] > 1:
        raise DdvRefused("specials", "specials_charlie_count")
    for party, counter in specials.items():
        if not +counter:
            continue
        augen = augen_re if party is Party.RE else TOTAL_AUGEN - augen_re
        if augen == 0 or schwarz is party:
            raise DdvRefused("specials", "specials_no_trick", party=party.value.capitalize())
        count = counter["doppelkopf"]
        if count and augen < DOPPELKOPF_MIN_AUGEN[count]:
            raise DdvRefused(
                "specials",
                "specials_doppelkopf_augen",
                count=count,
                party=party.value.capitalize(),
                need=DOPPELKOPF_MIN_AUGEN[count],
                augen=augen,
            )
        count = counter["fuchs_gefangen"]
        if count and augen < 11 * count:
            raise DdvRefused(
                "specials",
                "specials_fuchs_augen",
                count=count,
                party=party.value.capitalize(),
                need=11 * count,
                augen=augen,
            )

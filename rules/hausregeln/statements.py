"""The ``statements`` list (SCORING.md §4.3, §4.4, §5): who may say which call, what a call
presupposes, and which repetitions are refused. The order of the list does not matter.
"""

from __future__ import annotations

from typing import Any

from rules.hausregeln.errors import RecordError, shown
from rules.hausregeln.fields import as_choice, as_list, as_mapping
from rules.hausregeln.keys import STATEMENT_FIELDS, check_nested_keys
from rules.hausregeln.records import Statement
from rules.hausregeln.vocabulary import (
    ABSAGE_LEVEL,
    ANNOUNCED_SOLOS,
    CALL_BY_VALUE,
    PARTY_BY_VALUE,
    Call,
    Kind,
    Party,
)

RE = Party.RE
KONTRA = Party.KONTRA

_WRONG_PARTY_CODE = {
    (Call.RE, KONTRA): "re_by_kontra",
    (Call.KONTRA, RE): "kontra_by_re",
    (Call.SUB, KONTRA): "sub_by_kontra",
    (Call.IN, RE): "in_by_re",
}
_STATEMENT_CACHE: dict[tuple[str, str, bool], Statement] = {}


def _parse_statement(item: Any, path: str) -> Statement:
    if type(item) is dict:
        party_raw = item.get("party")
        call_raw = item.get("call")
        before_lead = item.get("before_lead", False)
        # Fast path: a well-formed item of known strings, looked up in a small cache.
        if (
            type(party_raw) is str
            and type(call_raw) is str
            and type(before_lead) is bool
            and len(item) <= 3
        ):
            cached = _STATEMENT_CACHE.get((party_raw, call_raw, before_lead))
            if cached is not None and item.keys() <= STATEMENT_FIELDS:
                return cached
    item = as_mapping(item, path)
    check_nested_keys(item, STATEMENT_FIELDS, path)
    party = as_choice(item.get("party"), PARTY_BY_VALUE, f"{path}.party", "party")
    call = as_choice(item.get("call"), CALL_BY_VALUE, f"{path}.call", "call")
    before_lead = item.get("before_lead", False)
    if type(before_lead) is not bool:
        raise RecordError(f"{path}.before_lead", "not_bool", got=shown(before_lead))
    return Statement(party, call, before_lead)


for _party in Party:
    for _call in Call:
        for _before in (False, True):
            _STATEMENT_CACHE[(_party.value, _call.value, _before)] = Statement(
                _party, _call, _before
            )


def parse_statements(value: Any, kind: Kind) -> tuple[Statement, ...]:
    """Statements of §4.3/§4.4 with every §5 rule; the order of the list does not matter."""
    items = as_list(value, "statements")
    if not items:
        return ()
    announced = kind in ANNOUNCED_SOLOS
    statements: list[Statement] = []
    first_seen: set[tuple[Party, bool]] = set()
    second_seen: set[Call] = set()
    for index, item in enumerate(items):
        statement = _parse_statement(item, f"statements[{index}]")
        party, call, before_lead = statement
        if call is Call.RE or call is Call.KONTRA:
            if (call is Call.RE) is not (party is RE):
                raise RecordError(f"statements[{index}].call", _WRONG_PARTY_CODE[(call, party)])
            key = (party, False if announced else before_lead)
            if key in first_seen:
                if announced:
                    code = "first_call_twice_solo"
                elif before_lead:
                    code = "first_call_twice_before_lead"
                else:
                    code = "first_call_twice_after_lead"
                raise RecordError(f"statements[{index}]", code, call=call.value)
            first_seen.add(key)
        elif call is Call.SUB or call is Call.IN:
            if (call is Call.SUB) is not (party is RE):
                raise RecordError(f"statements[{index}].call", _WRONG_PARTY_CODE[(call, party)])
            if call in second_seen:
                raise RecordError(f"statements[{index}]", "second_call_twice", call=call.value)
            second_seen.add(call)
        statements.append(statement)
    re_said = (RE, False) in first_seen or (RE, True) in first_seen
    kontra_said = (KONTRA, False) in first_seen or (KONTRA, True) in first_seen
    if len(statements) > len(first_seen):  # Sub, In or Absagen present
        for index, (party, call, _before) in enumerate(statements):
            if call is Call.SUB or call is Call.IN:
                if not (re_said and kontra_said):
                    raise RecordError(
                        f"statements[{index}].call",
                        "second_call_without_first_calls",
                        call=call.value,
                    )
            elif call in ABSAGE_LEVEL and not (re_said if party is RE else kontra_said):
                code = "absage_without_re" if party is RE else "absage_without_kontra"
                raise RecordError(f"statements[{index}].call", code, call=call.value)
    return tuple(statements)

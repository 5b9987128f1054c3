"""The count-down entry forms as data (:class:`rules.entry.EntrySpec`), COUNTDOWN.md §8.6.

- **deal** (the phone's form per deal): dealer and caller (prefilled from the rotation by the
  page), trump as the game's four colours, "24"'s "blind" (variant a's trump changes are typed in
  the record), "aus" per seat and the tricks per seat (0..T).
- **calculator**: the whole deal record as JSON (§3.1) — what the sheet pages send today; every
  refusal of a record's field is shown at it.

The locks of §8.6 (Herz phase, "aus" forbidden for the caller, at Karo, under the floor, limit
used up) depend on the scores so far; the form names the inputs, the record's checks refuse
what the rules forbid, naming the field.
"""

from __future__ import annotations

import re
from functools import cache

from rules.countdown.games import GAMES, VIERUNDZWANZIG
from rules.countdown.messages import MESSAGES
from rules.countdown.rows import COLOURS, english, say
from rules.entry import EntryField, EntryForm, EntrySpec

_TEXTS: dict[str, tuple[str, str]] = {
    "deal": ("Spiel", "Deal"),
    "dealer": ("Geber", "Dealer"),
    "caller": ("Trumpfansager", "Trump caller"),
    "trump": ("Trumpf", "Trump"),
    "blind": ("Gelb blind", "Yellow blind"),
    "yes": ("ja", "yes"),
    "no": ("nein", "no"),
    "out": ("aus", "out"),
    "plays": ("spielt", "plays"),
    "tricks": ("Stiche", "Tricks"),
    "calculator": ("Spiel als Angaben", "Deal as a record"),
    "record": ("Angaben zum Spiel", "The deal's record"),
    "trump_changes": ("Trumpfwechsel", "Trump changes"),
    "seat": ("Platz {seat}", "seat {seat}"),
    "advice.record": (
        "Bitte Geber, Trumpf, wer aus ist und die Stiche jedes Spielers prüfen.",
        "Please check the dealer, trump, who dropped out and every player's tricks.",
    ),
}
RECORD_FIELDS = ("deal", "dealer", "caller", "trump", "blind", "trump_changes", "out", "tricks")


def text(key: str, lang: str | None = "de") -> str:
    return say(_TEXTS[key], lang)


def field_words(field: str | None, lang: str | None = "de") -> str:
    """The captain's words for a refused field of a deal record: ``tricks.3`` → "Stiche Platz
    3", ``out[0]`` → "aus", ``trump_changes[1]`` → "Trumpfwechsel" ("" for the row itself)."""
    if not field:
        return ""
    head = re.split(r"[.\[]", field, maxsplit=1)[0]
    if head not in RECORD_FIELDS:
        return field[:40]
    words = text(head, lang)
    seat = re.fullmatch(r"tricks\.([1-9])", field)
    if seat:
        words = f"{words} {say(_TEXTS['seat'], lang, seat=seat.group(1))}"
    return words


def messages(lang: str | None = "de") -> dict[str, str]:
    """The refusals' message templates by code in ``lang`` (the page's offline check)."""
    return {code: pair[1] if english(lang) else pair[0] for code, pair in MESSAGES.items()}


@cache
def entry_spec(game: str, table_size: int, lang: str = "de") -> EntrySpec:
    """The entry forms of a deal of ``game`` at ``table_size`` seats, in ``lang``."""
    facts = GAMES[game]
    colours = tuple((colour, say(COLOURS[colour], lang)) for colour in facts.colours)
    fields = [
        EntryField("dealer", text("dealer", lang), "seat"),
        EntryField("caller", text("caller", lang), "seat"),
        EntryField("trump", text("trump", lang), "choice", choices=colours),
    ]
    if game == VIERUNDZWANZIG:
        choices = (("", text("no", lang)), ("1", text("yes", lang)))
        fields.append(EntryField("blind", text("blind", lang), "choice", choices=choices))
    out = (("", text("plays", lang)), ("aus", text("out", lang)))
    fields.append(EntryField("out{seat}", text("out", lang), "choice", choices=out))
    fields.append(
        EntryField("t{seat}", text("tricks", lang), "int", bounds=(0, facts.tricks), max_length=1)
    )
    deal = EntryForm("deal", text("deal", lang), tuple(fields))
    calculator = EntryForm(
        "calculator",
        text("calculator", lang),
        (EntryField("record", text("record", lang), "json"),),
    )
    return EntrySpec(
        table_size=table_size,
        forms=(deal, calculator),
        field_inputs=dict.fromkeys(RECORD_FIELDS, "record"),
        input_names={"record": text("record", lang)},
        record_names={name: text(name, lang) for name in RECORD_FIELDS},
        advice={"record": text("advice.record", lang)},
        messages=messages(lang),
    )

"""How names typed by people are cleaned and compared."""

from __future__ import annotations

import unicodedata

# A cell starting with one of these would be read as a formula by spreadsheet programs.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def normalize_name(value: str) -> str:
    """Trim, drop control characters and collapse runs of whitespace."""
    value = unicodedata.normalize("NFC", value)
    cleaned = "".join(char for char in value if unicodedata.category(char)[0] != "C" or char == " ")
    return " ".join(cleaned.split())


def name_key(value: str) -> str:
    """The form under which two names count as the same participant: case-insensitive, but
    "Weiß" and "Weiss" are two people (``str.casefold`` would turn ß into ss).

    The capital ẞ counts as ß ("WEIẞ" is "Weiß"); everything else is compared casefolded.
    """
    text = normalize_name(value).replace("ẞ", "ß")
    return "ß".join(part.casefold() for part in text.split("ß"))


def search_key(value: str) -> str:
    """The form in which a search finds a name: case, accents and ß folded, so that "weiss"
    finds "Weiß" and "muller" finds "Müller". For searching only, never for identity
    (``name_key``)."""
    return name_sort_key(normalize_name(value))


# DIN 5007-2 spells the umlauts out: "Mueller" is how "Müller" is typed without umlauts.
_UMLAUTS_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def search_forms(value: str) -> set[str]:
    """The forms under which a search and a name meet: ``search_key`` ("muller") and the one with
    the umlauts spelled out ("mueller"), so that "Muller" and "Mueller" both find "Müller"."""
    text = normalize_name(value)
    return {search_key(text), search_key(text.casefold().translate(_UMLAUTS_SPELLED))}


def search_matches(query: str, *texts: str) -> bool:
    """Whether one of ``texts`` contains ``query`` in one of the ``search_forms``."""
    wanted = search_forms(query)
    return any(
        key in form for text in texts if text for form in search_forms(text) for key in wanted
    )


def name_sort_key(name: str) -> str:
    """Alphabetical order as in a German phone book (DIN 5007-1): Ä with A, ß as ss."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def small_int(value: object, max_digits: int = 6) -> int | None:
    """A non-negative whole number typed as ASCII digits (at most ``max_digits``), else None.

    ``str.isdigit`` would accept "²" and ``int`` would refuse it; very long digit strings are
    refused before ``int`` has to work on them.
    """
    text = str(value).strip() if value is not None else ""
    if not text or len(text) > max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)

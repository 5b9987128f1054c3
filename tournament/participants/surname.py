"""Where a name goes in a list sorted by surname, from the one name field a club types.

Names come as typed: "Anna Beispiel", sometimes "Beispiel, Anna", sometimes "Karl von der
Heide". Vocabulary:

- **Surname** (Nachname): the part before the comma when there is one; else the last word.
- **Particle** (Namenszusatz): a lowercase word such as "von", "van", "de", "der", "zu". As in
  a German phone book it is not part of the key: "Karl von der Heide" and "von der Heide, Karl"
  both sort under H. A particle written with a capital ("Von Trapp") is taken as part of the
  name, since there is no telling it apart.
- **Given names** (Vorname): everything else; they order people of the same surname.

The key folds case and accents as DIN 5007-1 does (``tournament.normalize.name_sort_key``: "Ä"
with "A", "ß" as "ss"); the whole name as typed is the last tie-breaker, so the order is total
and the same every time. Pure: no Django, no database.
"""

from __future__ import annotations

from tournament.normalize import name_sort_key

PARTICLES = frozenset(
    {
        "von",
        "vom",
        "zu",
        "zum",
        "zur",
        "van",
        "der",
        "den",
        "de",
        "del",
        "della",
        "di",
        "da",
        "du",
        "des",
        "la",
        "le",
        "ten",
        "ter",
        "op",
        "auf",
        "am",
    }
)

SurnameKey = tuple[str, str, str, str]


def _without_particles(words: list[str]) -> list[str]:
    """``words`` without leading lowercase particles (all of them if nothing else is left)."""
    start = 0
    while start < len(words) - 1 and words[start] in PARTICLES:
        start += 1
    return words[start:]


def split_name(name: str) -> tuple[str, str]:
    """The surname (particles left out) and the given names of ``name``."""
    if "," in name:
        before, after = name.split(",", 1)
        surname_words = _without_particles(before.split())
        given = " ".join(after.split())
        if surname_words:
            return " ".join(surname_words), given
        return given, ""  # ", Anna": nothing before the comma
    words = name.split()
    if len(words) <= 1:
        return " ".join(words), ""
    given_words = words[:-1]
    while given_words and given_words[-1] in PARTICLES:
        given_words.pop()  # "Karl von der Heide": the particles belong to neither key
    return words[-1], " ".join(given_words)


def surname_sort_key(name: str) -> SurnameKey:
    """Sort key for a list by surname: surname, given names, whole name (folded), whole name."""
    surname, given = split_name(name)
    whole = " ".join(name.split())
    return (name_sort_key(surname), name_sort_key(given), name_sort_key(whole), whole)

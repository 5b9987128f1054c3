"""Player names for the demo commands and the tests, from one place.

``player_name(index)`` counts through the combinations (first names fastest, then last names;
after every combination once, a number: ``Anna Müller 2``); ``participant_rows(count, seed)``
gives ``generate_demo`` the same names shuffled by the seed, with clubs; ``participants_csv``
writes them as the import file. Pure Python: no Django.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Sequence

FIRST_NAMES = (
    "Anna",
    "Bernd",
    "Carla",
    "Dieter",
    "Elke",
    "Frank",
    "Gisela",
    "Heinz",
    "Ines",
    "Jürgen",
    "Karin",
    "Lothar",
    "Monika",
    "Norbert",
    "Olga",
    "Peter",
    "Renate",
    "Stefan",
    "Tanja",
    "Uwe",
    "Vera",
    "Walter",
    "Yvonne",
    "Zeynep",
    "Änne",
    "Björn",
    "Christa",
    "Detlef",
    "Edith",
    "Friedhelm",
    "Gerda",
    "Hans",
    "Ilse",
    "Jens",
    "Käthe",
    "Ludger",
    "Marlies",
    "Nils",
    "Ortrud",
    "Paul",
)
LAST_NAMES = (
    "Müller",
    "Schäfer",
    "Groß",
    "Weiß",
    "Krämer",
    "Fuß",
    "Bäcker",
    "Löwe",
    "Jäger",
    "Voß",
    "Schmitz",
    "Becker",
    "Hoffmann",
    "Wagner",
    "Schulz",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Hartmann",
    "Lange",
    "Krüger",
    "Werner",
    "Lehmann",
    "Köhler",
    "Maier",
)
CLUBS = ("DK Herz-Dame", "Kreuz-Buben Köln", "Doko-Freunde Deutz", "Pik-As Porz", "", "")


def numbered_name(first: str, last: str, lap: int) -> str:
    """``first last``, and from the second pass through all combinations on a number."""
    return f"{first} {last}" + (f" {lap + 1}" if lap else "")


def player_name(
    index: int, first_names: Sequence[str] = FIRST_NAMES, last_names: Sequence[str] = LAST_NAMES
) -> str:
    """The ``index``-th name (0-based): first names vary fastest, then last names."""
    first = first_names[index % len(first_names)]
    last = last_names[(index // len(first_names)) % len(last_names)]
    return numbered_name(first, last, index // (len(first_names) * len(last_names)))


def participant_rows(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` distinct names (with clubs), the same for the same seed."""
    rng = random.Random(f"names:{seed}")
    pairs = [(first, last) for first in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(pairs)
    rows = []
    for index in range(count):
        first, last = pairs[index % len(pairs)]
        rows.append((numbered_name(first, last, index // len(pairs)), rng.choice(CLUBS)))
    return rows


def participants_csv(count: int, seed: int) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\n")
    writer.writerow(["Name", "Verein"])
    writer.writerows(participant_rows(count, seed))
    return buffer.getvalue().encode("utf-8")

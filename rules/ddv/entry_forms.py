"""The DDV's entry forms as data (:class:`rules.entry.EntrySpec`), DDV.md §7.4.

The forms are those of the sheet pages — quick entry (winners, value ≤ 29, or ≤ 21 for a one-Re
kind, and the DDV's kinds), the soloist of a one-Re kind, direct points per seat and the
calculator's full record — with the DDV's vocabulary and bounds. Under "more" a row also says
Pflicht/Lust/Vorführung of an announced solo (``solo_mode``; left empty, the ruleset fills in
the only one possible, :meth:`rules.ddv.ruleset.DDV.prefill_rows`) and the Klärungsstich of a
Hochzeit (``klaerungsstich``), and the **penalty line** (a form of its own, ``line``): offender,
severity, the opponents' Absagen, a Punktabzug, the referee's name and, in a stille Hochzeit or
a Hochzeit played alone, whether the solo was known yet (``solo_known``), written to the
record's ``penalty``. The stille Hochzeit itself is a kind of the quick entry (``stilles_solo``:
one soloist, from the winners). The sheet pages' fixed "Verwerfen"
input has no meaning under DDV (DDV.md §7.3: no revoke), so no form offers it.
"""

from __future__ import annotations

from functools import cache

from rules.ddv.messages import label
from rules.ddv.terms import term
from rules.ddv.vocabulary import (
    MAX_TEAM_VALUE,
    SPECIALS,
    TEAM_KINDS,
    Kind,
)
from rules.entry import EntryField, EntryForm, EntrySpec

SOLO_MODES = ("pflicht", "lust", "vorfuehrung")
SEVERITIES = ("geringfuegig", "schwerwiegend", "unsportlich")

#: The highest direct points of a seat: a soloist's 3 × 21.
MAX_DIRECT = 63

# The head of a record's field path → the input of the page it belongs to.
FIELD_INPUTS = {
    "winners": "winners",
    "value": "value",
    "kind": "kind",
    "re": "soloist",
    "points": "points",
    "sitting_out": "row",
    "table_size": "row",
    "dealer": "row",
    # The page's fixed "Verwerfen" input: DDV refuses it (§7.3), shown where it was typed.
    "revoke": "offender",
    "solo_mode": "solo_mode",
    "klaerungsstich": "klaerungsstich",
    "penalty": "penalty_severity",
    "penalty.solo_known": "penalty_solo_known",
}

_TEXTS: dict[str, tuple[str, str]] = {
    "quick": ("Schnelleingabe", "Quick entry"),
    "winners": ("Sieger", "Winners"),
    "value": ("Wert", "Value"),
    "kind": ("Spielart", "Kind of game"),
    "soloist": ("Solospieler", "Soloist"),
    "direct": ("Punkte direkt", "Points directly"),
    "points": ("Punkte", "Points"),
    "calculator": ("Rechner", "Calculator"),
    "record": ("Rechner-Angaben", "Calculator entries"),
    "solo_mode": ("Pflicht/Lust/Vorführung", "Pflicht/Lust/Vorführung"),
    "penalty": ("Strafe", "Penalty"),
    "from_winners": ("aus den Siegern", "from the winners"),
    "automatic": ("automatisch", "automatic"),
    "pflicht": ("Pflichtsolo", "Pflichtsolo"),
    "lust": ("Lustsolo", "Lustsolo"),
    "vorfuehrung": ("Vorführung", "Vorführung"),
    "penalty_offender": ("Strafe gegen", "Penalty against"),
    "penalty_severity": ("Schwere", "Severity"),
    "geringfuegig": ("geringfügig (−3)", "minor (−3)"),
    "schwerwiegend": ("schwerwiegend", "serious"),
    "unsportlich": ("unsportlich (Punktabzug)", "unsporting (deduction)"),
    "penalty_absagen": ("Absagen der Gegner", "Opponents' Absagen"),
    "penalty_points": ("Punktabzug", "Deduction"),
    "penalty_referee": ("Schiedsrichter", "Referee"),
    "penalty_solo_known": ("Solo schon bekannt", "Solo known yet"),
    "yes": ("ja", "yes"),
    "no": ("nein", "no"),
    "augen_re": ("Augen Re", "Re's Augen"),
    "statements": ("Ansagen", "Announcements"),
    "specials": ("Sonderpunkte", "Extra points"),
    "schwarz": ("Schwarz", "Schwarz"),
    "klaerungsstich": ("Klärungsstich", "Klärungsstich"),
    "re": ("Re-Partei", "Re party"),
    "advice.klaerungsstich": (
        "Bitte unter ⋯ den Klärungsstich prüfen: Stich 1, 2 oder 3 einer Hochzeit, "
        "Stich 3, wenn der Hochzeiter allein spielt.",
        "Please check the Klärungsstich under ⋯: trick 1, 2 or 3 of a Hochzeit, trick 3 "
        "when the Hochzeiter plays alone.",
    ),
    "advice.penalty_solo_known": (
        "Bitte bei der Strafe prüfen, ob das Solo schon bekannt war (nur bei stiller Hochzeit "
        "und Hochzeit allein).",
        "Please check under the penalty whether the solo was known yet (only for a silent "
        "Hochzeit and a Hochzeit alone).",
    ),
    "advice.winners": (
        "Bitte die Plätze der Sieger eintragen, z. B. 14 oder 1+4.",
        "Please enter the winners' seats, e.g. 14 or 1+4.",
    ),
    "advice.value": (
        "Bitte den Wert des Spiels eintragen (höchstens 29, beim Solo 21).",
        "Please enter the game's value (at most 29, 21 for a solo).",
    ),
    "advice.kind": ("Bitte die Spielart wählen.", "Please choose the kind of game."),
    "advice.soloist": (
        "Bitte unter ⋯ den Solospieler angeben.",
        "Please give the soloist under ⋯.",
    ),
    "advice.points": (
        "Bitte die Punkte aller Plätze eintragen (Summe 0).",
        "Please enter every seat's points (sum 0).",
    ),
    "advice.record": (
        "Bitte im Rechner prüfen: bei einem angesagten Solo Pflicht, Lust oder Vorführung, "
        "bei einer Strafe Täter und Schwere.",
        "Please check the calculator: Pflicht, Lust or Vorführung for an announced solo, the "
        "offender and severity for a penalty.",
    ),
}
INPUTS = (
    "winners",
    "value",
    "kind",
    "soloist",
    "points",
    "solo_mode",
    "klaerungsstich",
    "penalty_offender",
    "penalty_severity",
    "penalty_absagen",
    "penalty_points",
    "penalty_referee",
    "penalty_solo_known",
)
RECORD_FIELDS = (
    "augen_re",
    "statements",
    "specials",
    "schwarz",
    "kind",
    "re",
    "solo_mode",
    "penalty",
    "klaerungsstich",
)
ADVICE = (
    "winners",
    "value",
    "kind",
    "soloist",
    "points",
    "record",
    "klaerungsstich",
    "penalty_solo_known",
)


def text(key: str, lang: str | None = "de") -> str:
    german, english = _TEXTS[key]
    return english if lang and str(lang).lower().startswith("en") else german


def kind_choices(lang: str | None = "de") -> tuple[tuple[str, str], ...]:
    return tuple((kind.value, term("kind", kind.value, lang)) for kind in Kind)


@cache
def entry_spec(table_size: int, lang: str = "de") -> EntrySpec:
    """Every entry form of a DDV row at ``table_size`` seats, in ``lang``."""
    kinds = kind_choices(lang)
    quick = EntryForm(
        "quick",
        text("quick", lang),
        (
            EntryField("winners", text("winners", lang), "seats", max_length=12),
            EntryField(
                "value", text("value", lang), "int", bounds=(0, MAX_TEAM_VALUE), max_length=2
            ),
            EntryField("kind", text("kind", lang), "choice", choices=kinds),
        ),
    )
    extra = EntryForm(
        "extra",
        "",
        (
            EntryField(
                "soloist",
                text("soloist", lang),
                "seat",
                placeholder=text("from_winners", lang),
                extra=True,
            ),
            EntryField(
                "solo_mode",
                text("solo_mode", lang),
                "choice",
                choices=tuple((mode, text(mode, lang)) for mode in SOLO_MODES),
                placeholder=text("automatic", lang),
                extra=True,
                record_path="solo_mode",
                prefilled=True,
            ),
            # The Hochzeit's Klärungsstich (§2.1: 1–3; only 3 when the Hochzeiter plays alone).
            EntryField(
                "klaerungsstich",
                text("klaerungsstich", lang),
                "int",
                bounds=(1, 3),
                max_length=1,
                extra=True,
                record_path="klaerungsstich",
            ),
        ),
    )
    penalty = EntryForm(
        "penalty",
        text("penalty", lang),
        (
            EntryField(
                "penalty_offender",
                text("penalty_offender", lang),
                "seat",
                placeholder="–",
                extra=True,
                record_path="penalty.offender",
            ),
            EntryField(
                "penalty_severity",
                text("penalty_severity", lang),
                "choice",
                choices=tuple((level, text(level, lang)) for level in SEVERITIES),
                placeholder="–",
                extra=True,
                record_path="penalty.severity",
            ),
            EntryField(
                "penalty_absagen",
                text("penalty_absagen", lang),
                "int",
                bounds=(0, 4),
                max_length=1,
                extra=True,
                record_path="penalty.absagen",
            ),
            EntryField(
                "penalty_points",
                text("penalty_points", lang),
                "int",
                bounds=(1, 12),
                max_length=2,
                extra=True,
                record_path="penalty.points",
            ),
            EntryField(
                "penalty_referee",
                text("penalty_referee", lang),
                "text",
                max_length=40,
                extra=True,
                record_path="penalty.referee",
            ),
            # A penalty in a stille Hochzeit or a Hochzeit played alone: was the solo known yet
            # (§6: after the second Kreuz-Dame / the Klärungsstich)? Only those two kinds.
            EntryField(
                "penalty_solo_known",
                text("penalty_solo_known", lang),
                "flag",
                choices=(("1", text("yes", lang)), ("0", text("no", lang))),
                placeholder="–",
                extra=True,
                record_path="penalty.solo_known",
            ),
        ),
        line=True,
    )
    direct = EntryForm(
        "direct",
        text("direct", lang),
        (
            EntryField(
                "p{seat}",
                text("points", lang),
                "points",
                bounds=(-MAX_DIRECT, MAX_DIRECT),
                max_length=3,
                extra=True,
            ),
        ),
    )
    calculator = EntryForm(
        "calculator",
        text("calculator", lang),
        (
            EntryField("kind", text("kind", lang), "choice", choices=kinds),
            EntryField("record", text("record", lang), "json"),
        ),
    )
    return EntrySpec(
        table_size=table_size,
        forms=(quick, extra, penalty, direct, calculator),
        solo_kinds=tuple(sorted(kind.value for kind in Kind if kind not in TEAM_KINDS)),
        parties=(("re", "Re", "Re", ""), ("kontra", "Kontra", "Kontra", "")),
        specials=tuple((key, label(key, lang)) for key in SPECIALS),
        field_inputs=dict(FIELD_INPUTS),
        input_names={name: text(name, lang) for name in INPUTS},
        record_names={name: text(name, lang) for name in RECORD_FIELDS},
        advice={name: text(f"advice.{name}", lang) for name in ADVICE},
    )

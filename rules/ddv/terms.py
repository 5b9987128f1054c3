"""The names the Spielliste, the pages and the printouts show for DDV's vocabulary values
(German, English): kinds of game, Pflicht/Lust/Vorführung, severities, rubrics, parties."""

from __future__ import annotations

TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "kind": {
        "normal": ("Normalspiel", "normal game"),
        "hochzeit": ("Hochzeit", "Hochzeit"),
        "hochzeit_allein": ("Hochzeit (allein, Karo-Solo)", "Hochzeit (alone, Karo solo)"),
        "stilles_solo": ("Stille Hochzeit", "silent Hochzeit"),
        "solo_trumpf": ("Karo-Solo", "Karo solo"),
        "solo_kreuz": ("Kreuz-Solo", "Kreuz solo"),
        "solo_pik": ("Pik-Solo", "Pik solo"),
        "solo_herz": ("Herz-Solo", "Herz solo"),
        "solo_damen": ("Damensolo", "Queens solo"),
        "solo_buben": ("Bubensolo", "Jacks solo"),
        "solo_fleischlos": ("Fleischloser", "Fleischlos (no trumps)"),
    },
    "solo_mode": {
        "pflicht": ("Pflichtsolo", "compulsory solo"),
        "lust": ("Lustsolo", "voluntary solo"),
        "vorfuehrung": ("Vorführung", "Vorführung (forced solo)"),
    },
    "severity": {
        "geringfuegig": ("geringfügiger Verstoß", "minor violation"),
        "schwerwiegend": ("schwerwiegender Verstoß", "serious violation"),
        "unsportlich": ("unsportliches Verhalten (Punktabzug)", "unsportsmanlike (deduction)"),
    },
    "rubrik": {
        "normalspiel": ("Normalspiel", "normal games"),
        "pflichtsolo": ("Pflichtsolo", "compulsory solos"),
        "strafe": ("Strafpunkte", "penalty points"),
    },
    "party": {"re": ("Re", "Re"), "kontra": ("Kontra", "Kontra")},
}


def term(group: str, value: str, lang: str | None = "de") -> str:
    """The shown name of ``value`` in ``group`` (``term("kind", "solo_damen")`` → "Damensolo");
    an unknown value is shown as it is."""
    names = TERMS.get(group, {}).get(value)
    if names is None:
        return value
    return names[1] if lang and str(lang).lower().startswith("en") else names[0]

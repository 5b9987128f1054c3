"""The DDV rules in short, for the tournament's public rules page (German, English).

:func:`course_lines` explains the round and the deal, :func:`value_lines` the scoring; the
options in force come from :func:`rules.ddv.options.describe_options`.
"""

from __future__ import annotations

from rules.ddv.options import DEFAULT_OPTIONS, DdvOptions

_COURSE = (
    (
        "Gespielt wird nach den Turnierspielregeln des Deutschen Doppelkopf-Verbandes (TSR, "
        "Stand 21.02.2026) mit 48 Karten (mit Neunen).",
        "Played by the German Doppelkopf Association's tournament rules (TSR, 21 Feb 2026) "
        "with 48 cards (with nines).",
    ),
    (
        "Ein Durchgang hat {four} Spiele am Vierertisch und {five} am Fünfertisch; jeder Spieler "
        "spielt genau ein Pflichtsolo.",
        "A round has {four} games at a four-player table and {five} at five; every player "
        "plays exactly one Pflichtsolo.",
    ),
    (
        "Platz 1 gibt das erste Spiel, danach gibt der linke Nachbar. Nach einem Pflichtsolo "
        "gibt derselbe Geber noch einmal. Am Fünfertisch setzt der Geber aus.",
        "Seat 1 deals the first game, then the left neighbour. After a Pflichtsolo the same "
        "dealer deals again. At a five-player table the dealer sits out.",
    ),
    (
        "Listenführer ist Platz 4 am Vierertisch und Platz 5 am Fünfertisch.",
        "Seat 4 keeps the list at a four-player table, seat 5 at five.",
    ),
    (
        "Vorführung: Stehen so viele Pflichtsoli aus wie Spiele übrig sind, oder ist die Zeit "
        "abgelaufen, muss der nächste Spieler links vom Geber, der noch kein Pflichtsolo hat, "
        "sofort sein Solo spielen.",
        "Vorführung: when as many Pflichtsoli are owed as games are left, or time is up, the "
        "next owing player to the dealer's left must play his solo at once.",
    ),
    (
        "Hochzeit mit Klärungsstich (Stiche 1–3); gewinnt der Hochzeiter die ersten drei "
        "Stiche, spielt er allein ein Karo-Solo. Stille Hochzeit wird als Solo abgerechnet.",
        "Hochzeit with a Klärungsstich (tricks 1–3); if the Hochzeiter wins the first three "
        "tricks he plays a Karo solo alone. A silent Hochzeit is scored as a solo.",
    ),
)

_VALUES = (
    (
        "Gewonnen 1; unter 90, unter 60, unter 30, schwarz je 1; Re und Kontra je 2; jede "
        "Absage-Stufe 1; „gegen Absage erreicht“ je Stufe 1.",
        "Won 1; under 90, 60, 30 and schwarz 1 each; Re and Kontra 2 each; each Absage level "
        "1; 'reached against an Absage' 1 per level.",
    ),
    (
        "Sonderpunkte nur im Normalspiel und in der Hochzeit: gegen die Kreuz-Damen, "
        "Doppelkopf, Fuchs gefangen, Karlchen je 1.",
        "Sonderpunkte only in a normal game and a Hochzeit: against the Kreuz-Damen, "
        "Doppelkopf, Fuchs caught, Karlchen 1 each.",
    ),
    (
        "Im Solo zählt der Solospieler dreifach; Sonderpunkte gibt es dort nicht.",
        "In a solo the soloist scores three times; there are no Sonderpunkte.",
    ),
    (
        "Erreicht bei beiderseitigen Absagen keine Partei ihr Ziel, gewinnt niemand; dann "
        "werden nur die erreichten Punkte gegeneinander aufgerechnet.",
        "When both parties made Absagen and both miss, nobody wins; only the points reached "
        "are netted.",
    ),
    (
        "Strafpunkte stehen in einer eigenen Zeile mit dem Namen des Schiedsrichters.",
        "Penalty points are written on their own line with the referee's name.",
    ),
)


def _pick(pair: tuple[str, str], lang: str | None) -> str:
    return pair[1] if lang and str(lang).lower().startswith("en") else pair[0]


def course_lines(options: DdvOptions = DEFAULT_OPTIONS, lang: str | None = "de") -> list[str]:
    lines = [_pick(pair, lang) for pair in _COURSE]
    lines[1] = lines[1].format(four=options.games(4), five=options.games(5))
    return lines


def value_lines(lang: str | None = "de") -> list[str]:
    return [_pick(pair, lang) for pair in _VALUES]


_EACH_1 = ("je 1", "1 each")
#: The printed sheet's legend (DDV.md §4–§6): ((German, English) what, (German, English) points).
_LEGEND = (
    (("Gewonnen", "Won"), ("1", "1")),
    (("unter 90, unter 60, unter 30, schwarz", "under 90, 60, 30, schwarz"), _EACH_1),
    (("Re / Kontra angesagt", "Re / Kontra called"), ("je 2", "2 each")),
    (("Absage keine 90 … schwarz", "Absage no 90 … schwarz"), _EACH_1),
    (("gegen Absage erreicht (120 gegen keine 90 …)", "reached against an Absage"), _EACH_1),
    (
        (
            "Gegen die Kreuz-Damen, Doppelkopf, Fuchs gefangen, Karlchen (nur Normalspiel)",
            "Against the Kreuz-Damen, Doppelkopf, Fuchs caught, Karlchen (normal games only)",
        ),
        _EACH_1,
    ),
    (
        ("Solo: der Solospieler zählt dreifach", "Solo: the soloist scores three times"),
        ("3 × V",) * 2,
    ),
    (
        ("Strafe geringfügig: Täter −3, die anderen", "Minor penalty: offender −3, the others"),
        ("+1", "+1"),
    ),
    (
        (
            "Strafe schwerwiegend: Täter −(12+3k), die anderen (k: Absagen)",
            "Serious penalty: offender −(12+3k), the others (k: Absagen)",
        ),
        ("+(4+k)", "+(4+k)"),
    ),
)


def value_legend(lang: str | None = "de") -> list[tuple[str, str]]:
    """The scoring values as (what, points) pairs for the printed sheet and the rules page."""
    return [(_pick(what, lang), _pick(points, lang)) for what, points in _LEGEND]

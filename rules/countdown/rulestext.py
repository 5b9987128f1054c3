"""The rules of a count-down game as the public rules page shows them, for the options in force
(COUNTDOWN.md §8.6 "Rules page"), in German with an English catalogue of its own.

Each line is a (German, English) pair of templates; :func:`describe` picks the language and
fills in the numbers of the options.
"""

from __future__ import annotations

from rules.countdown.games import (
    BLIND_FROM_24,
    NO_DROP_OUT_24_AT_OR_BELOW,
    VIERUNDZWANZIG,
    ZWANZIG,
)
from rules.countdown.options import CountdownOptions

Line = tuple[str, str]

_24_BASE: tuple[Line, ...] = (
    (
        "Jeder beginnt die Partie mit 24 Punkten; 6 Stiche je Spiel, alle spielen mit.",
        "Everybody starts the Partie with 24 points; 6 tricks a deal, everybody plays.",
    ),
    (
        "Der Startspieler links vom Geber bestimmt Trumpf; der Geber wechselt nach links.",
        "The Startspieler left of the dealer calls trump; the deal passes to the left.",
    ),
    (
        "Jeder Stich zieht 1 Punkt ab, mit Gelb als Trumpf 2, bei Gelb blind 4. Wer keinen "
        "Stich macht, bekommt 6 (Gelb 12, Gelb blind 24) Punkte dazu.",
        "Each trick takes off 1 point, 2 with Gelb as trump, 4 with Gelb blind. Whoever takes "
        "no trick gets 6 (Gelb 12, Gelb blind 24) points added.",
    ),
    (
        "Die Partie endet nach einem Spiel, in dem jemand 0 oder weniger oder 48 oder mehr "
        "Punkte hat; es gewinnt der niedrigste Stand, Gleichstand teilt sich den Sieg.",
        "The Partie ends after a deal in which someone has 0 or fewer or 48 or more points; "
        "the lowest score wins, equal lowest scores share the win.",
    ),
)

_ZWANZIG: tuple[Line, ...] = (
    (
        "Jeder beginnt die Partie mit 20 Punkten; 5 Stiche je Spiel. Am Fünfertisch setzt der "
        "Geber aus.",
        "Everybody starts the Partie with 20 points; 5 tricks a deal. At a five-seat table the "
        "dealer sits out.",
    ),
    (
        "Der Ansager links vom Geber bestimmt Trumpf und spielt immer mit; der Geber wechselt "
        "nach links.",
        "The Ansager left of the dealer calls trump and always plays; the deal passes to the left.",
    ),
    (
        "Jeder Stich zieht 1 Punkt ab, wer keinen Stich macht, bekommt 5 dazu; mit Herz als "
        "Trumpf zählt alles doppelt.",
        "Each trick takes off 1 point, whoever takes no trick gets 5 added; with Herz as trump "
        "everything counts double.",
    ),
    (
        "Wer nicht mitspielen will, steigt aus (sein Stand bleibt); bei Karo als Trumpf darf "
        "niemand aussteigen. Steigen alle anderen aus, zieht der Ansager 5 (Herz 10) ab.",
        "Whoever does not want to play drops out (his score stays); with Karo as trump nobody "
        "may drop out. If all others drop out, the Ansager takes off 5 (Herz 10).",
    ),
    (
        "Ab dem Spiel 2n + 1 der Partie (9 am Vierertisch, 11 am Fünfer-, 7 am Dreiertisch) "
        "ist immer Herz Trumpf und niemand steigt aus.",
        "From deal 2n + 1 of the Partie (9 at four seats, 11 at five, 7 at three) Herz is "
        "always trump and nobody drops out.",
    ),
    (
        "Wer nach einem Spiel allein den niedrigsten Stand von 0 oder weniger hat, gewinnt die "
        "Partie; bei Gleichstand wird weitergespielt.",
        "Whoever alone holds the lowest score of 0 or less after a deal wins the Partie; on a "
        "tie play goes on.",
    ),
)


def _24(options: CountdownOptions) -> list[Line]:
    lines = list(_24_BASE)
    if options.eigentrumpf:
        lines.append(
            (
                "Eigentrumpf ohne Stich: der Startspieler ohne Stich bekommt das Doppelte (12, "
                "Gelb 24, Gelb blind 48).",
                "Own trump without a trick: the Startspieler without a trick gets double (12, "
                "Gelb 24, Gelb blind 48).",
            )
        )
    else:
        lines.append(
            (
                "Kein Eigentrumpf: auch der Startspieler ohne Stich bekommt nur das Normale.",
                "No own-trump penalty: the Startspieler without a trick gets the normal amount.",
            )
        )
    if options.trumpfwechsel:
        lines.append(
            (
                "Variante a (Trumpfwechsel): mit einer „2“ wird eine neue Trumpffarbe bestimmt; "
                "für die Wertung zählt die zuletzt bestimmte Farbe (nicht nach Gelb blind).",
                "Variant a (trump change): a '2' names a new trump colour; the colour named "
                "last counts for the score (not after Gelb blind).",
            )
        )
    if options.aussteigen:
        lines.append(
            (
                "Variante b (Aussteigen): jeder außer dem Startspieler darf aussteigen, "
                "mindestens zwei spielen; der Stand der Aussteiger bleibt.",
                "Variant b (dropping out): anybody but the Startspieler may drop out, at least "
                "two play; the score of those out stays.",
            )
        )
    if options.punktgrenzen:
        lines.append(
            (
                f"Variante c (Punktgrenzen): mit {NO_DROP_OUT_24_AT_OR_BELOW} Punkten oder "
                f"weniger nicht aussteigen, mit 6 oder weniger nicht tauschen, Gelb blind erst "
                f"ab {BLIND_FROM_24} Punkten.",
                f"Variant c (point limits): no dropping out with {NO_DROP_OUT_24_AT_OR_BELOW} "
                f"points or fewer, no exchange with 6 or fewer, Gelb blind only from "
                f"{BLIND_FROM_24} points.",
            )
        )
    return lines


def _20ab(options: CountdownOptions) -> list[Line]:
    start, floor, limit = options.start, options.no_drop_out_at_or_below, options.drop_out_limit
    if options.tie == "share":
        tie = ("Gleichstand teilt sich den Sieg.", "equal lowest scores share the win.")
    else:
        tie = ("bei Gleichstand wird weitergespielt.", "on a tie play goes on.")
    return [
        (
            f"Jeder beginnt die Partie mit {start} Punkten; 5 Stiche je Spiel. Am Fünfertisch "
            f"setzt der Geber aus.",
            f"Everybody starts the Partie with {start} points; 5 tricks a deal. At a five-seat "
            f"table the dealer sits out.",
        ),
        (
            "Der Spieler rechts vom Geber bestimmt Trumpf und spielt immer mit; der Geber "
            "wechselt nach links.",
            "The player right of the dealer calls trump and always plays; the deal passes to "
            "the left.",
        ),
        (
            "Jeder Stich zieht 1 Punkt ab; wer keinen Stich macht, bekommt 5 dazu, der "
            "Trumpfbestimmer 10. Keine Farbe zählt doppelt.",
            "Each trick takes off 1 point; whoever takes no trick gets 5 added, the trump caller "
            "10. No colour counts double.",
        ),
        (
            f"Aussteigen: mit {floor} Punkten oder weniger nicht mehr, höchstens {limit}-mal je "
            f"Partie; der Stand der Aussteiger bleibt.",
            f"Dropping out: no longer with {floor} points or fewer, at most {limit} times a "
            f"Partie; the score of those out stays.",
        ),
        (
            "Wer nach einem Spiel den niedrigsten Stand von 0 oder weniger hat, gewinnt die "
            "Partie; " + tie[0],
            "Whoever holds the lowest score of 0 or less after a deal wins the Partie; " + tie[1],
        ),
    ]


def describe(options: CountdownOptions, lang: str | None = "de") -> list[str]:
    """The rules lines for the options in force, in ``lang`` ("en", else German)."""
    if options.game == VIERUNDZWANZIG:
        lines = _24(options)
    elif options.game == ZWANZIG:
        lines = list(_ZWANZIG)
    else:
        lines = _20ab(options)
    english = (lang or "de").lower().startswith("en")
    return [line[1] if english else line[0] for line in lines]

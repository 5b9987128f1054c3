"""What the count-down evening prints and shows (COUNTDOWN.md §8.4, §8.6): the printed sheet's
columns and Partie lines, the legend (the deal's scoring in words), the course of the evening
and the standings' columns.

Texts are :class:`rules.text.Text` with German msgids; their English is :data:`ENGLISH`, read
through :meth:`rules.countdown.ruleset.CountdownRuleset.text` (no gettext domain, plain dicts
as the engine's messages).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.countdown.games import VIERUNDZWANZIG, ZWANZIG, ZWANZIG_AB, Game
from rules.countdown.options import CountdownOptions
from rules.countdown.rows import CUT, ENDED
from rules.countdown.rows import STAND as STAND_KEY
from rules.countdown.sheet import CountdownSheet
from rules.printing import CALLER, DEALER_COLUMN, ROW_COLUMN, LegendLine, PrintedRow, SheetColumn
from rules.standings import (
    INT,
    LEAD_COLUMNS,
    PDF,
    PROJECTOR,
    SCREEN,
    TEXT,
    XLSX,
    StandingsColumnSpec,
)
from rules.text import RulesTexts, Text, gettext_noop, ngettext_lazy, pgettext_lazy

ENGLISH: dict[str, str] = {
    "Nr.": "No.",
    "in Partie": "in Partie",
    "Trumpf": "Trump",
    "blind / Wechsel": "blind / changes",
    "Stiche": "Tricks",
    "oder „aus“": "or “out”",
    "Stand": "Score",
    "Sieger": "Winners",
    "der Partie": "of the Partie",
    "Stand am Ende": "Final score",
    "Je Spiel": "Per deal",
    "Nach jeder Partie Strich ziehen und die Sieger eintragen; die nächste Partie beginnt "
    "wieder bei den Startpunkten. Liste nach dem letzten Spiel sofort bei der "
    "Turnierleitung abgeben.": "After every Partie draw a line and write down the winners; the "
    "next Partie starts at the starting points again. Hand the sheet to the tournament "
    "director right after the last deal.",
    "Unterschrift Listenführer": "Signature of the list keeper",
    "je Stich": "per trick",
    "Trumpf Gelb": "Trump yellow",
    "Gelb blind": "Yellow blind",
    "kein Stich": "no trick",
    "Trumpfansager ohne Stich (Eigentrumpf)": "Trump caller without a trick (own trump)",
    "Herz Trumpf": "Hearts trump",
    "Trumpfansager ohne Stich": "Trump caller without a trick",
    "aus / setzt aus": "out / sitting out",
    "Stand bleibt": "score stays",
    "Partie zu Ende bei": "The Partie ends at",
    "Ansager: der Startspieler links vom Geber": "Caller: the lead player left of the dealer",
    "Aussteigen gibt es nicht (nur mit Variante b)": "Nobody drops out (only with variant b)",
    "der Ansager steigt nie aus; mindestens zwei spielen": "the caller never drops out; at "
    "least two play",
    "mit 19 Punkten oder weniger nicht aussteigen": "no dropping out with 19 points or fewer",
    "Gelb blind erst ab 25 Punkten": "Yellow blind only from 25 points",
    "Ansager: links vom Geber; er steigt nie aus": "Caller: left of the dealer; never drops out",
    "bei Karo darf niemand aussteigen": "with Karo trump nobody drops out",
    "alle außer dem Ansager aus: Ansager −5 (bei Herz −10)": "all but the caller out: the "
    "caller −5 (with Herz −10)",
    "alle außer dem Ansager aus: Ansager −5": "all but the caller out: the caller −5",
    "ab Nr. 9 in der Partie (Dreiertisch 7, Fünfertisch 11): immer Herz, niemand steigt aus": (
        "from no. 9 in the Partie (three-table 7, five-table 11): always Herz, nobody drops out"
    ),
    "Ansager: rechts vom Geber; er steigt nie aus": "Caller: right of the dealer; never drops out",
    "mit %(floor)s Punkten oder weniger nicht aussteigen": "no dropping out with %(floor)s "
    "points or fewer",
    "höchstens %(limit)s-mal aussteigen je Partie": "drop out at most %(limit)s times a Partie",
    "Gleichstand ganz unten: geteilter Sieg": "a tie at the lowest score: a shared win",
    "Gleichstand unter 0: weiterspielen": "a tie below 0: play on",
    "Ansager": "Caller",
    "es gewinnt der niedrigste Stand": "the lowest score wins",
    "Partiepunkte je Gegner mit höherem / niedrigerem Endstand": "Partie points per opponent "
    "with a higher / lower final score",
    "Partiepunkte": "Partie points",
    "je Durchgang %(c)s Runde: %(three)s Spiele am Dreiertisch, %(four)s am Vierertisch, "
    "%(five)s am Fünfertisch": "each round %(c)s cycle: %(three)s deals at a three-table, "
    "%(four)s at a four-table, %(five)s at a five-table",
    "je Durchgang %(c)s Runden: %(three)s Spiele am Dreiertisch, %(four)s am Vierertisch, "
    "%(five)s am Fünfertisch": "each round %(c)s cycles: %(three)s deals at a three-table, "
    "%(four)s at a four-table, %(five)s at a five-table",
    "Die Partien werden nacheinander gespielt; eine neue beginnt nur, wenn noch mindestens "
    "so viele Spiele bleiben, wie Spieler am Tisch sind. Eine am Ende laufende Partie wird "
    "mit dem Stand gewertet (mit weniger Spielen als Spielern am Tisch zählt sie nicht).": "The "
    "Parties are played one after another; a new one starts only while at least as many deals "
    "remain as there are players at the table. A Partie still running at the end counts with "
    "its scores then (with fewer deals than players at the table it does not count).",
    "Wertung: Partiepunkte, dann gewonnene Partien, dann Restpunkte (weniger ist besser), "
    "dann Partiepunkte im letzten Durchgang.": "Ranking: Partie points, then Parties won, then "
    "remaining points (fewer is better), then Partie points in the last round.",
    "„%(game)s“: Regeln und Wertung": "“%(game)s”: rules and scoring",
    "Bei gleichen Partiepunkten entscheiden:": "Ties on Partie points are broken by:",
    "Partiepunkte insgesamt": "total Partie points",
    "Partiepunkte im letzten Durchgang": "Partie points in the last round",
    "Partiepunkte D%(number)d": "Partie points R%(number)d",
    "PP D%(number)d": "PP R%(number)d",
    "Partiepunkte Durchgang %(number)d": "Partie points round %(number)d",
    "PP": "PP",
    "Partien gewonnen": "Parties won",
    "Gew.": "Won",
    "Partien gespielt": "Parties played",
    "Part.": "Pld.",
    "Restpunkte": "Remaining points",
    "Rest": "Rest",
    "Danach folgt an diesem Tisch kein Spiel mehr: die laufende Partie wird mit ihrem Stand "
    "gewertet (mit weniger Spielen, als Spieler am Tisch sind, zählt sie nicht).": "No deal "
    "follows at this table: the Partie running then counts with its scores (with fewer deals "
    "than players at the table it does not count).",
    "Ausgestiegene und aussetzende Spieler behalten ihren Stand; eine Partie endet nach dem "
    "Spiel, das sie beendet, nie mitten in einem Spiel.": "Players who dropped out or sit out "
    "keep their score; a Partie ends after the deal that ends it, never in the middle of one.",
    "%(total)s Partiepunkt": "%(total)s Partie point",
    "%(total)s Partiepunkte": "%(total)s Partie points",
    "%(won)s Partie gewonnen": "%(won)s Partie won",
    "%(won)s Partien gewonnen": "%(won)s Parties won",
    "mit %(points)d Partiepunkt": "with %(points)d Partie point",
    "mit %(points)d Partiepunkten": "with %(points)d Partie points",
}

STAND = "stand"
TRICKS = "tricks"
PARTIE_WINNERS = "partie_winners"


def sheet_columns(
    game: str = VIERUNDZWANZIG,
) -> tuple[tuple[SheetColumn, ...], tuple[SheetColumn, ...], tuple[SheetColumn, ...]]:
    """Lead, seat and tail columns of the printed sheet (§8.6). The keys ``deal``, ``trump``,
    ``tricks``, ``stand`` and ``partie_winners`` are the table's to write (a filled sheet
    takes them from the rows entered: :func:`rules.countdown.rows.sheet_cells`). "blind" and
    trump changes exist in "24" only."""
    lead = (
        ROW_COLUMN,
        SheetColumn(
            "deal",
            (gettext_noop("Nr."),),
            width_mm=14,
            hint=gettext_noop("in Partie"),
        ),
        DEALER_COLUMN,
        SheetColumn(CALLER, (gettext_noop("Ansager"),), width_mm=15),
        SheetColumn(
            "trump",
            (gettext_noop("Trumpf"),),
            width_mm=20,
            hint=gettext_noop("blind / Wechsel") if game == VIERUNDZWANZIG else None,
        ),
    )
    seat = (
        SheetColumn(TRICKS, (gettext_noop("Stiche"),), share=0.45, hint=gettext_noop("oder „aus“")),
        SheetColumn(STAND, (pgettext_lazy("running total", "Stand"),), share=0.55, tinted=True),
    )
    tail = (
        SheetColumn(
            PARTIE_WINNERS, (gettext_noop("Sieger"), gettext_noop("der Partie")), width_mm=22
        ),
    )
    return lead, seat, tail


def partie_rules(
    printed: Sequence[PrintedRow], scored: CountdownSheet | None, facts: Game, size: int
) -> tuple[PrintedRow, ...]:
    """The printed rows with their trump caller (the "Ansager" column) and a rule after each
    row that ended a Partie (none ahead: where the next Partie ends is not known before it is
    played)."""
    ends = set()
    if scored is not None:
        ends = {deal.game for deal in scored.games if deal.partie_end is not None}
    return tuple(
        replace(row, rule_after=row.number in ends, caller=facts.caller(row.dealer, size))
        for row in printed
    )


FOOTER = gettext_noop(
    "Nach jeder Partie Strich ziehen und die Sieger eintragen; die nächste Partie beginnt "
    "wieder bei den Startpunkten. Liste nach dem letzten Spiel sofort bei der "
    "Turnierleitung abgeben."
)


def _line(what: str, points: str | None = None) -> LegendLine:
    return LegendLine(gettext_noop(what), Text(points) if points else None)


def legend(game: str, options: CountdownOptions) -> tuple[LegendLine, ...]:
    """The deal's scoring in words (§4) and the end of a Partie (§5)."""
    start = options.starting_score
    lines: list[LegendLine] = []
    if game == VIERUNDZWANZIG:
        empty_caller = "+12" if options.eigentrumpf else "+6"
        lines += [
            _line("je Stich", "−1"),
            _line("Trumpf Gelb", "× 2"),
            _line("Gelb blind", "× 4"),
            _line("kein Stich", "+6"),
            _line("Trumpfansager ohne Stich (Eigentrumpf)", empty_caller),
        ]
    elif game == ZWANZIG:
        lines += [_line("je Stich", "−1"), _line("Herz Trumpf", "× 2"), _line("kein Stich", "+5")]
    elif game == ZWANZIG_AB:
        lines += [
            _line("je Stich", "−1"),
            _line("kein Stich", "+5"),
            _line("Trumpfansager ohne Stich", "+10"),
        ]
    end = "≤ 0 / ≥ 48" if game == VIERUNDZWANZIG else "≤ 0"
    lines += [
        _line("aus / setzt aus", "±0"),
        *drop_out_lines(game, options),
        LegendLine(gettext_noop("Startpunkte"), Text(str(start))),
        _line("Partie zu Ende bei", end),
        _line("es gewinnt der niedrigste Stand", None),
        _line(tie_rule(game, options), None),
        _line("Partiepunkte je Gegner mit höherem / niedrigerem Endstand", "+1 / −1"),
    ]
    return tuple(lines)


def drop_out_lines(game: str, options: CountdownOptions) -> list[LegendLine]:
    """Who calls trump (the sheet's "Ansager" column) and who may drop out, per game (§2, §6.1
    13–14): what a table playing from the paper sheet alone must know."""
    if game == VIERUNDZWANZIG:
        lines = [_line("Ansager: der Startspieler links vom Geber", None)]
        if not options.aussteigen:
            return [*lines, _line("Aussteigen gibt es nicht (nur mit Variante b)", None)]
        lines += [
            _line("der Ansager steigt nie aus; mindestens zwei spielen", None),
        ]
        if options.punktgrenzen:
            lines += [
                _line("mit 19 Punkten oder weniger nicht aussteigen", None),
                _line("Gelb blind erst ab 25 Punkten", None),
            ]
        return lines
    if game == ZWANZIG:
        return [
            _line("Ansager: links vom Geber; er steigt nie aus", None),
            _line("bei Karo darf niemand aussteigen", None),
            _line("alle außer dem Ansager aus: Ansager −5 (bei Herz −10)", None),
            _line(
                "ab Nr. 9 in der Partie (Dreiertisch 7, Fünfertisch 11): immer Herz, niemand "
                "steigt aus",
                None,
            ),
        ]
    return [
        _line("Ansager: rechts vom Geber; er steigt nie aus", None),
        LegendLine(
            gettext_noop(
                "mit %(floor)s Punkten oder weniger nicht aussteigen",
                floor=options.no_drop_out_at_or_below,
            )
        ),
        LegendLine(
            gettext_noop(
                "höchstens %(limit)s-mal aussteigen je Partie", limit=options.drop_out_limit
            )
        ),
        _line("alle außer dem Ansager aus: Ansager −5", None),
    ]


def tie_rule(game: str, options: CountdownOptions) -> str:
    """§5.1: a tie at the lowest score — shared in "24" (and 20 ab with ``tie: share``),
    played on otherwise."""
    if game == VIERUNDZWANZIG or options.tie == "share":
        return "Gleichstand ganz unten: geteilter Sieg"
    return "Gleichstand unter 0: weiterspielen"


def course(rounds: int, cycles: int, placement: Text) -> tuple[tuple[Text, ...], ...]:
    """How a count-down evening runs (§8.2–§8.5)."""
    deals = ngettext_lazy(
        "je Durchgang %(c)s Runde: %(three)s Spiele am Dreiertisch, %(four)s am Vierertisch, "
        "%(five)s am Fünfertisch",
        "je Durchgang %(c)s Runden: %(three)s Spiele am Dreiertisch, %(four)s am Vierertisch, "
        "%(five)s am Fünfertisch",
        cycles,
        c=cycles,
        three=3 * cycles,
        four=4 * cycles,
        five=5 * cycles,
    )
    return (
        (ngettext_lazy("%(n)s Durchgang", "%(n)s Durchgänge", rounds, n=rounds), deals),
        (
            gettext_noop(
                "Die Partien werden nacheinander gespielt; eine neue beginnt nur, wenn noch "
                "mindestens so viele Spiele bleiben, wie Spieler am Tisch sind. Eine am Ende "
                "laufende Partie wird mit dem Stand gewertet (mit weniger Spielen als Spielern "
                "am Tisch zählt sie nicht)."
            ),
        ),
        (
            gettext_noop(
                "Wertung: Partiepunkte, dann gewonnene Partien, dann Restpunkte (weniger ist "
                "besser), dann Partiepunkte im letzten Durchgang."
            ),
        ),
        (placement,),
    )


# §8.4: Platz, Name, Partiepunkte (bold), Partiepunkte per Durchgang, Partien gewonnen, Partien
# gespielt, Restpunkte (and the club in print and in the workbook, as for Doppelkopf); the
# projector shows them all (§8.6: "Standings printout and projector: the columns of §8.4").
STANDINGS_COLUMNS: tuple[StandingsColumnSpec, ...] = (
    *LEAD_COLUMNS,
    StandingsColumnSpec(
        "club",
        "club",
        TEXT,
        {PDF: gettext_noop("Verein"), XLSX: gettext_noop("Verein")},
        width=20,
        print_width=40,
    ),
    StandingsColumnSpec(
        "total",
        "total",
        INT,
        {
            SCREEN: gettext_noop("Partiepunkte"),
            PROJECTOR: gettext_noop("Partiepunkte"),
            PDF: gettext_noop("PP"),
            XLSX: gettext_noop("Partiepunkte"),
        },
        width=12,
        print_width=15,
        emphasis=True,
    ),
    StandingsColumnSpec(
        "rounds",
        "rounds",
        INT,
        {
            SCREEN: gettext_noop("Partiepunkte D%(number)d"),
            PROJECTOR: gettext_noop("PP D%(number)d"),
            PDF: gettext_noop("PP D%(number)d"),
            XLSX: gettext_noop("Partiepunkte Durchgang %(number)d"),
        },
        per_round=True,
        width=14,
        print_width=15,
        on_phones=False,
    ),
    StandingsColumnSpec(
        "games_won",
        "games_won",
        INT,
        {
            SCREEN: gettext_noop("Partien gewonnen"),
            PROJECTOR: gettext_noop("Partien gewonnen"),
            PDF: gettext_noop("Gew."),
            XLSX: gettext_noop("Partien gewonnen"),
        },
        width=10,
        print_width=14,
        on_phones=False,  # a phone shows place, name and the Partiepunkte without scrolling
    ),
    StandingsColumnSpec(
        "parties",
        "parties",
        INT,
        {
            SCREEN: gettext_noop("Partien gespielt"),
            PROJECTOR: gettext_noop("Partien gespielt"),
            PDF: gettext_noop("Part."),
            XLSX: gettext_noop("Partien gespielt"),
        },
        width=10,
        print_width=14,
        on_phones=False,
    ),
    StandingsColumnSpec(
        "rest",
        "rest",
        INT,
        {
            SCREEN: gettext_noop("Restpunkte"),
            PROJECTOR: gettext_noop("Restpunkte"),
            PDF: gettext_noop("Rest"),
            XLSX: gettext_noop("Restpunkte"),
        },
        width=10,
        print_width=14,
        on_phones=False,
    ),
)

# The JSON API's fields (§8.4's names): Partiepunkte, per round, Partien gewonnen and gespielt,
# Restpunkte.
STANDINGS_API_FIELDS: tuple[tuple[str, str], ...] = (
    ("partiepunkte", "total"),
    ("rounds", "rounds"),
    ("partien_gewonnen", "games_won"),
    ("partien", "parties"),
    ("restpunkte", "rest"),
)


def partie_end_scores(winner: str, breakdown: Sequence[Sequence[Any]]) -> dict[int, int] | None:
    """The final scores a stored row carries when it ends a counted Partie (see
    :mod:`rules.countdown.rows`)."""
    if winner not in (ENDED, CUT):
        return None
    scores: dict[int, int] = {}
    for item in breakdown:
        if len(item) != 2:
            continue
        key, value = item
        seat = key[len(STAND_KEY) :] if isinstance(key, str) else ""
        if seat.isdigit() and key.startswith(STAND_KEY) and type(value) is int:
            scores[int(seat)] = value
    return scores or None


def rules_texts(label: str) -> RulesTexts:
    """The rules page's heading (the game's name) and the tie-break note in Partiepunkte."""
    return RulesTexts(
        heading=gettext_noop("„%(game)s“: Regeln und Wertung", game=label),
        values_title=gettext_noop("Je Spiel"),
        values_note=gettext_noop(
            "Ausgestiegene und aussetzende Spieler behalten ihren Stand; eine Partie endet nach "
            "dem Spiel, das sie beendet, nie mitten in einem Spiel."
        ),
        tie_lead=gettext_noop("Bei gleichen Partiepunkten entscheiden:"),
        metrics={
            "total": gettext_noop("Partiepunkte insgesamt"),
            "games_won": gettext_noop("Partien gewonnen"),
            "latest_round": gettext_noop("Partiepunkte im letzten Durchgang"),
            "rest": gettext_noop("Restpunkte (weniger ist besser)"),
        },
    )


def metric_figure(metric: str, value: int) -> Text:
    if metric == "games_won":
        return ngettext_lazy(
            "%(won)s Partie gewonnen", "%(won)s Partien gewonnen", value, won=value
        )
    return ngettext_lazy("%(total)s Partiepunkt", "%(total)s Partiepunkte", value, total=value)


def certificate_score(total: int) -> Text:
    return ngettext_lazy(
        "mit %(points)d Partiepunkt", "mit %(points)d Partiepunkten", abs(total), points=total
    )

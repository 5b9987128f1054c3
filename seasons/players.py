"""A member's own page across evenings: every evening with place and points, and per ruleset
the figures from the confirmed sheets (``Ruleset.player_figures``: codes and numbers, put into
words here), the average per round, the best evening and a small chart of the evenings.

Read in a fixed number of queries plus the standings of each evening (for the place).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules import stats
from rules.stats import PlayedRow
from scoring.models import Game, ScoreLine
from scoring.standings.ranking import compute_standings
from tournament.models import Member, Participant, Tournament
from tournament.ruleset_texts import say


@dataclass
class Evening:
    tournament: Tournament
    participant_id: int
    place: int | None = None
    points: int = 0
    rounds: int = 0
    rows: list[PlayedRow] = field(default_factory=list)

    @property
    def total_text(self) -> str:
        rules = self.tournament.rules
        return say(rules, rules.metric_figure("total", self.points))


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    title: str
    negative: bool
    value: int
    value_y: float  # where the bar's figure stands (above a bar, below a negative one)
    day: str  # "10.01." under the chart

    @property
    def center(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True)
class Chart:
    """Bars of the evenings' points, drawn as SVG by the template (no script)."""

    width: int
    height: int
    zero: float
    bars: tuple[Bar, ...]
    day_y: float


@dataclass(frozen=True)
class RulesetPart:
    label: str
    evenings: tuple[Evening, ...]
    figures: dict[str, int]
    lines: tuple[tuple[str, str], ...]  # (words, value) as the page shows them
    chart: Chart


CHART_WIDTH = 320  # at least; wider with many evenings
PLOT_HEIGHT = 120  # the bars' room, a figure's line above and below it
BAR_GAP = 8
MAX_BAR = 48
MIN_BAR = 14
LINE = 14


def chart(evenings: tuple[Evening, ...]) -> Chart:
    """One bar per evening, above or below the zero line, its points beside it and its day
    under the chart."""
    values = [evening.points for evening in evenings]
    top, bottom = max(0, *values), min(0, *values)
    scale = PLOT_HEIGHT / ((top - bottom) or 1)
    zero = LINE + top * scale
    bar = max(MIN_BAR, min(MAX_BAR, (CHART_WIDTH - BAR_GAP) / len(values) - BAR_GAP))
    bars = tuple(
        Bar(
            x=BAR_GAP + index * (bar + BAR_GAP),
            y=zero - max(value, 0) * scale,
            width=bar,
            height=max(abs(value) * scale, 1),
            title=f"{evening.tournament.date:%d.%m.%Y} {evening.tournament.name}: "
            f"{evening.total_text}",
            negative=value < 0,
            value=value,
            value_y=zero + abs(value) * scale + LINE - 3 if value < 0 else zero - value * scale - 3,
            day=f"{evening.tournament.date:%d.%m.}",
        )
        for index, (evening, value) in enumerate(zip(evenings, values, strict=True))
    )
    width = max(CHART_WIDTH, int(BAR_GAP + len(bars) * (bar + BAR_GAP)))
    height = PLOT_HEIGHT + 3 * LINE + 4
    return Chart(width=width, height=height, zero=zero, bars=bars, day_y=height - 3)


def share(part: int, whole: int) -> str:
    """ "3 (60 %)" """
    if not whole:
        return str(part)
    return f"{part} ({round(100 * part / whole)} %)"


def figure_lines(evenings: tuple[Evening, ...], figures: dict[str, int]) -> list[tuple[str, str]]:
    """The figures in words, those the ruleset gave and the ones every ruleset has."""
    rules = evenings[0].tournament.rules
    points = sum(evening.points for evening in evenings)
    rounds = sum(evening.rounds for evening in evenings)
    lines: list[tuple[str, str]] = [
        (_("Abende"), str(len(evenings))),
        (_("Durchgänge"), str(rounds)),
        (_("Insgesamt"), say(rules, rules.metric_figure("total", points))),
    ]
    if stats.GAMES in figures:
        lines.append((_("Spiele"), str(figures[stats.GAMES])))
        lines.append((_("Spiele gewonnen"), share(figures[stats.GAMES_WON], figures[stats.GAMES])))
        lines.append((_("Soli"), str(figures[stats.SOLOS])))
        lines.append((_("Soli gewonnen"), share(figures[stats.SOLOS_WON], figures[stats.SOLOS])))
    if stats.PFLICHTSOLOS in figures:
        lines.append((_("Pflichtsoli"), str(figures[stats.PFLICHTSOLOS])))
        lines.append(
            (
                _("Pflichtsoli gewonnen"),
                share(figures[stats.PFLICHTSOLOS_WON], figures[stats.PFLICHTSOLOS]),
            )
        )
    if stats.PARTIES in figures:
        lines.append((_("Spiele"), str(figures[stats.DEALS])))
        lines.append((_("Partien"), str(figures[stats.PARTIES])))
        lines.append(
            (_("Partien gewonnen"), share(figures[stats.PARTIES_WON], figures[stats.PARTIES]))
        )
        if figures[stats.PARTIES]:
            rest = figures[stats.REST] / figures[stats.PARTIES]
            lines.append((_("Restpunkte je Partie im Schnitt"), number_format(rest, 2)))
    if rounds:
        lines.append((_("Schnitt je Durchgang"), number_format(points / rounds, 2)))
    best = max(evenings, key=lambda evening: (evening.points, -evening.tournament.pk))
    place = _(", Platz %(place)d") % {"place": best.place} if best.place else ""
    lines.append(
        (
            _("Bester Abend"),
            f"{best.tournament.date:%d.%m.%Y} {best.tournament.name}: {best.total_text}{place}",
        )
    )
    return lines


def played_rows(evenings: dict[int, Evening]) -> None:
    """Fill each evening's ``rows``, ``points`` and ``rounds`` from the confirmed score lines
    (two queries for every evening together)."""
    by_participant = {evening.participant_id: evening for evening in evenings.values()}
    lines = list(
        ScoreLine.objects.filter(participant_id__in=list(by_participant)).values_list(
            "participant_id", "sheet_id", "round__number", "game_number", "seat", "points",
            "won", "soloist",
        )
    )  # fmt: skip
    games: dict[tuple[int, int], tuple[Any, str, Any]] = {}
    confirmed = Game.objects.filter(
        version__confirmed=True, version__sheet_id__in={line[1] for line in lines}
    ).order_by("version__number")
    for sheet, number, record, winner, breakdown in confirmed.values_list(
        "version__sheet_id", "number", "record", "winner", "breakdown"
    ):
        games[sheet, number] = (record, winner, breakdown)  # the last confirmed version wins
    rounds: dict[int, set[int]] = defaultdict(set)
    for participant, sheet, round_number, number, seat, points, won, soloist in lines:
        evening = by_participant[participant]
        rules = evening.tournament.rules
        record, winner, breakdown = games.get((sheet, number), ({}, "", []))
        partie = rules.partie_end(winner, breakdown) if rules.gives_partie_ends else None
        evening.rows.append(
            PlayedRow(
                kind=rules.row_kind(record),
                points=points,
                won=won,
                soloist=soloist,
                record=record,
                partie_score=partie.get(seat) if partie else None,
            )
        )
        evening.points += points
        rounds[participant].add(round_number)
    for participant, numbers in rounds.items():
        by_participant[participant].rounds = len(numbers)


def player_pages(member: Member) -> tuple[list[Evening], list[RulesetPart]]:
    """The member's evenings whose standings are public (by date) and, per ruleset played, its
    figures in words and a chart."""
    participants = (
        Participant.objects.filter(member=member, tournament__public_standings=True)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__pk")
    )
    evenings = {p.tournament_id: Evening(p.tournament, p.pk) for p in participants}
    played_rows(evenings)
    shown = [evening for evening in evenings.values() if evening.rounds]
    for evening in shown:
        standings = compute_standings(evening.tournament)
        evening.place = next(
            (row.rank for row in standings.rows if row.participant_id == evening.participant_id),
            None,
        )
    groups: dict[str, list[Evening]] = defaultdict(list)
    for evening in shown:
        groups[evening.tournament.ruleset].append(evening)
    parts = []
    for group in groups.values():
        group_evenings = tuple(group)
        rules = group_evenings[0].tournament.rules
        figures = rules.player_figures([row for e in group_evenings for row in e.rows])
        parts.append(
            RulesetPart(
                label=rules.text(rules.label, get_language()),
                evenings=group_evenings,
                figures=figures,
                lines=tuple(figure_lines(group_evenings, figures)),
                chart=chart(group_evenings),
            )
        )
    return shown, parts

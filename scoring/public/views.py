"""Public pages of the scoring side: the house rules with the tournament's options."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import get_language
from django.views.generic import TemplateView

from scoring.house_rules import legend_lines
from scoring.models import ScoreLine
from scoring.rules import describe_options
from scoring.standings.columns import PROJECTOR, Field, fields, shown
from scoring.standings.ranking import TIE_BREAKERS, StandingRow, Standings, cached_standings
from tournament.models import Participant, Round, Seat
from tournament.normalize import name_sort_key
from tournament.public.views import PublicTournamentMixin, released_round, released_seats


class RulesView(PublicTournamentMixin, TemplateView):
    template_name = "scoring/rules.html"
    switch = "public_rules"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        options = self.tournament.scoring_options
        context["options"] = describe_options(options, get_language() or "de")
        context["values"] = legend_lines(options)
        context["tie_breakers"] = TIE_BREAKERS
        context["page"] = "rules"
        return context


class PlayerView(PublicTournamentMixin, TemplateView):
    """One player's evening: place, points per round and per game. Names and points only."""

    template_name = "scoring/player.html"
    switch = "public_player_pages"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        participant = Participant.objects.filter(
            tournament=self.tournament, public_id=self.kwargs["public_id"]
        ).first()
        if participant is None:
            raise Http404("no such player")
        standings = cached_standings(self.tournament)
        row = next((r for r in standings.rows if r.participant_id == participant.pk), None)
        seats = {
            seat.round.number: seat
            for seat in Seat.objects.filter(participant=participant)
            .filter(Round.visible_condition("round__"))
            .select_related("round", "table")
        }
        lines = ScoreLine.objects.filter(participant=participant).values_list(
            "round__number", "game_number", "points"
        )
        games: dict[int, list[tuple[int, int]]] = {}
        for round_number, game, points in lines.order_by("round__number", "game_number"):
            games.setdefault(round_number, []).append((game, points))
        rounds = [
            {
                "number": number,
                "seat": seats.get(number),
                "games": games.get(number, []),
                "total": sum(points for _game, points in games.get(number, [])),
            }
            for number in sorted(set(seats) | set(games))
        ]
        context.update(participant_name=participant.name, row=row, rounds=rounds, page="player")
        return context


def board_class(field: Field) -> str:
    """The class of a projector cell: numbers right-aligned, the total highlighted."""
    column = field.column
    if not column.numeric:
        return column.key
    return f"num {column.key}" if column.emphasis else "num"


def standings_board(standings: Standings) -> dict[str, Any]:
    """The ``PROJECTOR`` columns of the standings: headers and, per row, (class, text) cells."""
    board_fields = fields(PROJECTOR, standings.round_numbers)
    classes = [board_class(field) for field in board_fields]
    rows: list[tuple[StandingRow, list[tuple[str, Any]]]] = [
        (row, [(css, shown(field, row)) for css, field in zip(classes, board_fields, strict=True)])
        for row in standings.rows
    ]
    return {"board_fields": board_fields, "board_rows": rows}


class ProjectorView(PublicTournamentMixin, TemplateView):
    """For the room's projector: big type, pages itself, reloads itself.

    Shows the seating of a newly released round until its first sheet is confirmed, then the
    standings; ``?show=standings`` or ``?show=seating`` fixes one of them.
    """

    template_name = "scoring/projector.html"
    switch = "public_projector"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = released_round(self.tournament)
        mode = self.request.GET.get("show", "")
        if mode not in ("standings", "seating"):
            fresh = round_ is not None and not ScoreLine.objects.filter(round=round_).exists()
            mode = "seating" if fresh else "standings"
        if mode == "seating" and round_ is not None:
            seats = released_seats(round_)
            context["seats"] = sorted(seats, key=lambda seat: name_sort_key(seat.participant.name))
        else:
            mode = "standings"
            context["standings"] = standings = cached_standings(self.tournament)
            context.update(standings_board(standings))
        context.update(mode=mode, round=round_)
        return context

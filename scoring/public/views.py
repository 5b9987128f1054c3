"""Public pages of the scoring side: the house rules with the tournament's options."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.models import ScoreLine
from scoring.public.rules_text import rules_context
from scoring.standings.columns import PROJECTOR, Field, fields, shown
from scoring.standings.ranking import StandingRow, Standings, cached_standings
from tournament.models import Participant, Round, Seat
from tournament.normalize import name_sort_key
from tournament.public.freshness import ConditionalGetMixin
from tournament.public.views import PublicTournamentMixin, released_round, released_seats


class RulesView(PublicTournamentMixin, TemplateView):
    template_name = "scoring/rules.html"
    switch = "public_rules"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(rules_context(self.tournament), page="rules")
        return context


class PlayerView(PublicTournamentMixin, TemplateView):
    """One player's evening: place, points per round and per game. Names and points only.

    The address carries the participant's random ``public_id``, never the pk. The page obeys
    the other switches too: points and places only while the standings are public, tables and
    seats only while the seating is; with both off there is nothing to show (404).
    """

    template_name = "scoring/player.html"
    switch = "public_player_pages"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        show_points = self.tournament.public_standings
        show_seats = self.tournament.public_seating
        if not (show_points or show_seats):
            raise Http404("neither standings nor seating are public")
        participant = Participant.objects.filter(
            tournament=self.tournament, public_id=self.kwargs["public_id"]
        ).first()
        if participant is None:
            raise Http404("no such player")
        row = None
        games: dict[int, list[tuple[int, int]]] = {}
        if show_points:
            standings = cached_standings(self.tournament)
            row = next((r for r in standings.rows if r.participant_id == participant.pk), None)
            lines = ScoreLine.objects.filter(participant=participant).values_list(
                "round__number", "game_number", "points"
            )
            for round_number, game, points in lines.order_by("round__number", "game_number"):
                games.setdefault(round_number, []).append((game, points))
        seats = {
            seat.round.number: seat
            for seat in Seat.objects.filter(participant=participant)
            .filter(Round.visible_condition("round__"))
            .select_related("round", "table")
        }
        rounds = [
            {
                "number": number,
                "seat": seats.get(number) if show_seats else None,
                "games": games.get(number, []),
                "total": sum(points for _game, points in games.get(number, [])),
            }
            for number in sorted(set(seats) | set(games))
        ]
        context.update(
            participant_name=participant.name,
            row=row,
            rounds=rounds,
            show_points=show_points,
            page="player",
        )
        return context


def board_class(field: Field) -> str:
    """The class of a projector cell: numbers right-aligned, the total highlighted."""
    column = field.column
    if not column.numeric:
        return column.key
    return f"num {column.key}" if column.emphasis else "num"


def standings_board(standings: Standings) -> dict[str, Any]:
    """The ``PROJECTOR`` columns of the standings: headers and, per row, (class, text) cells."""
    board_fields = fields(PROJECTOR, standings.round_numbers, standings.tournament.rules)
    classes = [board_class(field) for field in board_fields]
    rows: list[tuple[StandingRow, list[tuple[str, Any]]]] = [
        (row, [(css, shown(field, row)) for css, field in zip(classes, board_fields, strict=True)])
        for row in standings.rows
    ]
    return {"board_fields": board_fields, "board_rows": rows}


def projector_mode(requested: str, *, seating: bool, standings: bool) -> str:
    """What the projector shows: "seating", "standings" or "nothing".

    ``requested`` is "seating" or "standings"; ``seating`` and ``standings`` say which of them
    may be shown (the organiser's switches: the projector never shows what the public pages
    would not).
    """
    if requested == "seating" and not seating:
        requested = "standings"
    if requested == "standings" and not standings:
        requested = "seating" if seating else "nothing"
    return requested


class ProjectorView(PublicTournamentMixin, ConditionalGetMixin, TemplateView):
    """For the room's projector: big type, pages itself, asks for news every half minute (304
    while nothing public changed, ``ConditionalGetMixin``) and swaps the board when there are.

    Shows the seating of a newly released round until its first sheet is confirmed, then the
    standings; ``?show=standings`` or ``?show=seating`` fixes one of them. Standings only while
    „Tabelle öffentlich“ is on, seating only while „Wo sitze ich?“ is; otherwise a notice.
    """

    template_name = "scoring/projector.html"
    switch = "public_projector"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        round_ = released_round(tournament)
        requested = self.request.GET.get("show", "")
        if requested not in ("standings", "seating"):
            fresh = round_ is not None and not ScoreLine.objects.filter(round=round_).exists()
            requested = "seating" if fresh else "standings"
        mode = projector_mode(
            requested,
            seating=tournament.public_seating and round_ is not None,
            standings=tournament.public_standings,
        )
        if mode == "seating":
            seats = released_seats(self.tournament, round_)
            context["seats"] = sorted(seats, key=lambda seat: name_sort_key(seat.participant.name))
        elif mode == "standings":
            standings = cached_standings(tournament, stamp=self.public_stamp.version)
            context["standings"] = standings
            context.update(standings_board(standings))
        elif tournament.public_seating:
            context["notice"] = _("Die Sitzordnung ist noch nicht freigegeben.")
        else:
            context["notice"] = _("Sitzordnung und Tabelle sind nicht öffentlich.")
        context.update(mode=mode, round=round_)
        return context

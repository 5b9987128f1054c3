"""Public pages of the scoring side: the house rules with the tournament's options."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.views.generic import TemplateView

from public.rules_text import rules_context
from public.show.context import show_context
from public.views import PublicTournamentMixin, released_round
from scoring.models import Game, ScoreLine
from scoring.standings.ranking import cached_standings
from seasons.freshness import fellow_ids
from tournament.models import Participant, Round, Seat
from tournament.polling.freshness import ConditionalGetMixin, database_stamp
from tournament.polling.stamp import Stamp
from tournament.privacy.names import public_names
from tournament.ruleset_texts import say


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
            ends = partie_ends(self.tournament, participant)
            for round_number, game, points in lines.order_by("round__number", "game_number"):
                if ends is None or (round_number, game) in ends:
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
            # The standings' rows carry the published names already.
            participant_name=row.name if row else public_names(self.tournament)[participant.pk],
            row=row,
            rounds=rounds,
            show_points=show_points,
            page="player",
        )
        if row is not None:
            # The figures in the ruleset's words ("12 Punkte" / "12 Partiepunkte").
            rules = self.tournament.rules
            context.update(
                total_text=say(rules, rules.metric_figure("total", row.total)),
                won_text=say(rules, rules.metric_figure("games_won", row.games_won)),
            )
        return context


def partie_ends(tournament: Any, participant: Participant) -> set[tuple[int, int]] | None:
    """(round, row) of the confirmed rows that end a counted Partie at the player's tables,
    for a ruleset whose rows end Parties (count-down: only those rows carry Partiepunkte, the
    player page lists them alone); ``None`` for any other ruleset (every row is listed)."""
    rules = tournament.rules
    if not rules.gives_partie_ends:
        return None
    sheets = ScoreLine.objects.filter(participant=participant).values("sheet_id")
    rows = Game.objects.filter(version__confirmed=True, version__sheet__in=sheets).values_list(
        "version__sheet__round__number", "number", "winner", "breakdown"
    )
    return {
        (round_number, number)
        for round_number, number, winner, breakdown in rows
        if winner and rules.partie_end(winner, breakdown) is not None
    }


class ProjectorView(PublicTournamentMixin, ConditionalGetMixin, TemplateView):
    """For the room's projector: the show's slides (``public.show``) in big type, turned by
    the page itself; it asks for news every half minute (304 while nothing public changed,
    ``ConditionalGetMixin``) and swaps the slides when there are, and keeps showing the last
    good ones while the network is gone.

    The season slide counts other evenings: their public changes renew this tournament's stamp
    too (``seasons.freshness``).

    ``?show=standings`` or ``?show=seating`` fixes one of them (the other when that one is not
    public). Standings only while „Tabelle öffentlich“ is on, seating only while „Wo sitze
    ich?“ is; with nothing to show, a notice.
    """

    template_name = "scoring/projector.html"
    switch = "public_projector"

    def stamp_from_database(self) -> Stamp:
        """The season slide counts the season's other evenings: their changes count too."""
        fellows = fellow_ids(self.tournament.pk) if self.tournament.slide_season else []
        return database_stamp(self.tournament, also=fellows)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        fixed = self.request.GET.get("show", "")
        round_ = released_round(tournament)
        context.update(show_context(tournament, round_, fixed, self.public_stamp.version))
        return context

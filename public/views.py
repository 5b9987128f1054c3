"""Public pages: the start page, the tournament, "Wo sitze ich?", the seating; names, tables
and points only, nothing else about participants."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring.models import Season
from tournament.models import Round, Seat, Tournament
from tournament.normalize import name_sort_key, search_matches
from tournament.privacy.names import public_names
from tournament.signup.services import is_open as signup_is_open
from tournament.signup.services import settings_of

# The organiser's switches for what players may see (``Tournament.SETTINGS_FIELDS``).
PUBLIC_SWITCHES = (
    "public_seating",
    "public_standings",
    "public_player_pages",
    "public_rules",
    "public_projector",
)


def listed_tournaments() -> QuerySet[Tournament]:
    """The tournaments the start page lists: those that show players at least one thing (a
    tournament with every public switch off is the organiser's alone)."""
    shows_something = Q()
    for switch in PUBLIC_SWITCHES:
        shows_something |= Q(**{switch: True})
    return Tournament.objects.filter(shows_something).order_by("-date", "name")


class HomeView(TemplateView):
    """The public start page (``/``): the tournaments that show players something and the
    clubs' public seasons."""

    template_name = "public/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["tournaments"] = listed_tournaments()[:50]
        seasons = Season.objects.filter(public_standings=True).select_related("club")
        context["seasons"] = seasons.order_by("-created_at")[:20]
        return context


class PublicTournamentMixin:
    """The tournament from the slug; ``switch`` names the organiser's on/off setting."""

    switch = ""
    tournament: Tournament

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # A poll answered from the shared stamp, before any query (``ConditionalGetMixin``).
        answer_from_stamp = getattr(self, "answer_from_stamp", None)
        if answer_from_stamp is not None:
            answer = answer_from_stamp(request, kwargs["slug"])
            if answer is not None:
                return answer
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        if self.switch and not getattr(self.tournament, self.switch):
            raise Http404("switched off")
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["tournament"] = self.tournament
        return context


def released_round(tournament: Tournament) -> Round | None:
    """The newest round players may see."""
    return Round.objects.filter(tournament=tournament).visible().order_by("-number").first()


class TournamentView(PublicTournamentMixin, TemplateView):
    template_name = "public/tournament.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["round"] = released_round(self.tournament)
        context["signup_open"] = signup_is_open(settings_of(self.tournament))
        return context


def released_seats(tournament: Tournament, round_: Round | None) -> list[Seat]:
    """Every seat of ``round_`` with its player and table, each table told its list keeper;
    ``seat.shown_name`` is the player's name as the public pages show it."""
    if round_ is None:
        return []
    seats = tournament.mark_seat_keepers(
        Seat.objects.filter(round=round_)
        .select_related("participant", "table")
        .order_by("table__number", "number")
    )
    names = public_names(tournament)
    for seat in seats:
        seat.shown_name = names.get(seat.participant_id, "")
    return seats


class SeatLookupView(PublicTournamentMixin, TemplateView):
    """„Wo sitze ich?“: type a part of your name, see table and seat."""

    template_name = "public/lookup.html"
    switch = "public_seating"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = released_round(self.tournament)
        query = self.request.GET.get("q", "").strip()[:100]
        seats = released_seats(self.tournament, round_)
        if query:
            # "weiss" finds "Weiß", "Muller" and "Mueller" find "Müller"
            matches = [seat for seat in seats if search_matches(query, seat.shown_name)]
        else:
            matches = []
        context.update(
            round=round_,
            query=query,
            matches=matches,
            everyone=sorted(seats, key=lambda seat: name_sort_key(seat.shown_name)),
        )
        return context


class SeatingView(PublicTournamentMixin, TemplateView):
    template_name = "public/seating.html"
    switch = "public_seating"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = released_round(self.tournament)
        seats = released_seats(self.tournament, round_)
        tables: dict[int, list[Seat]] = {}
        for seat in seats:
            tables.setdefault(seat.table.number, []).append(seat)
        context.update(round=round_, tables=sorted(tables.items()))
        return context

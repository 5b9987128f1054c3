"""A member's own page across evenings (``seasons.players``): public where the club publishes
player pages, otherwise through the member's personal link. Names as the club publishes them."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from seasons.players import player_pages
from tournament.models import Club, Member
from tournament.privacy.links import member_for_token
from tournament.privacy.names import member_public_names


class PlayerPageMixin:
    template_name = "public/club_player.html"

    def player_context(self, member: Member) -> dict[str, Any]:
        evenings, parts = player_pages(member)
        return {
            "club": member.club,
            "member": member,
            "member_name": member_public_names(member.club)[member.pk],
            "evenings": evenings,
            "parts": parts,
        }


class ClubPlayerView(PlayerPageMixin, TemplateView):
    """``/v/<club>/spieler/<member>/``: only while the club publishes player pages."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        club = get_object_or_404(Club, slug=self.kwargs["club"])
        if not club.public_player_pages:
            raise Http404("player pages are not public")
        member = get_object_or_404(Member, club=club, public_id=self.kwargs["member"])
        return context | self.player_context(member)


class PersonalPlayerView(PlayerPageMixin, TemplateView):
    """``/p/<token>/``: the member's personal link, whatever the club publishes."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        member = member_for_token(self.kwargs["personal"])
        if member is None:
            raise Http404("no such link")
        return context | self.player_context(member) | {"personal": True}

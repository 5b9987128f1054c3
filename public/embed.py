"""Read-only tables a club may put on its own website in an iframe: a tournament's standings
and a season's table. Only the sites the club lists (``Club.embed_origins``) may frame them
(``frame-ancestors``, set by ``config.middleware``); every other page of the app may be framed
by none. Names as the club publishes them, like every public page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.decorators import method_decorator
from django.views.decorators.clickjacking import xframe_options_exempt

from public.seasons import PublicSeasonView
from public.standings import PublicStandingsView
from tournament.models import Club
from tournament.privacy.embed import embed_origins


class EmbedMixin:
    """The answer (a 304 too) may be framed by the club's listed sites, else by none."""

    def club_of(self, kwargs: dict[str, Any]) -> Club | None:
        raise NotImplementedError

    @method_decorator(xframe_options_exempt)
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        # django-csp's per-response replacement of the policy's frame-ancestors.
        response._csp_replace = {  # type: ignore[attr-defined]
            "frame-ancestors": embed_origins(self.club_of(kwargs)) or ["'none'"]
        }
        return response


class EmbedStandingsView(EmbedMixin, PublicStandingsView):
    template_name = "public/embed_standings.html"

    def club_of(self, kwargs: dict[str, Any]) -> Club | None:
        return Club.objects.filter(tournaments__slug=kwargs["slug"]).first()

    def player_links(self) -> bool:
        return False


class EmbedSeasonView(EmbedMixin, PublicSeasonView):
    template_name = "public/embed_season.html"

    def club_of(self, kwargs: dict[str, Any]) -> Club | None:
        return Club.objects.filter(slug=kwargs["club"]).first()

"""The public standings page: it polls, and answers 304 while nothing public changed."""

from __future__ import annotations

from django.views.generic import TemplateView

from public.views import PublicTournamentMixin
from scoring.standings.ranking import cached_standings, stamped_cache_seconds
from scoring.standings.views import StandingsMixin
from tournament.polling.freshness import ConditionalGetMixin


class PublicStandingsView(PublicTournamentMixin, ConditionalGetMixin, StandingsMixin, TemplateView):
    """Answers 304 while nothing public changed (``ConditionalGetMixin``); the page polls."""

    switch = "public_standings"
    template_name = "scoring/public_standings.html"
    extra_context = {"page": "standings"}

    def standings(self):
        return cached_standings(self.tournament, self.after_round, self.public_stamp.version)

    def table_cache_seconds(self) -> int:
        return stamped_cache_seconds()  # the rows' key names the stamp

"""Public pages of the scoring side: the house rules with the tournament's options."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.views.generic import TemplateView

from scoring.rules import describe_options
from tournament.views_public import PublicTournamentMixin

from .standings import TIE_BREAKERS


class RulesView(PublicTournamentMixin, TemplateView):
    template_name = "scoring/rules.html"
    switch = "public_rules"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["options"] = describe_options(
            self.tournament.scoring_options, get_language() or "de"
        )
        context["tie_breakers"] = TIE_BREAKERS
        context["page"] = "rules"
        return context

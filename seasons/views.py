"""Season pages of the club: its seasons, a season's table, a member's season page, PDF and
Excel (the public season pages, projector and JSON API are ``public.seasons``).

Organiser pages go through ``ClubMixin`` (the club's logins only; a Helfer may look and print,
changing a season is the Turnierleitung's). Public pages obey the season's switches
(„Jahreswertung öffentlich“, „Beamer-Ansicht öffentlich“) like a tournament's pages do.

Each evening's own „Tabelle öffentlich“ counts too: what leaves the organiser's screen (public
page, member page, projector, JSON API, PDF and Excel) is the public table, made of the evenings
whose standings are public (``compute_season(public=True)``). The organiser's season and member
pages show every evening and mark those that are not public.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView
from django_tables2 import RequestConfig

from output.spreadsheets.xlsx import XLSX_CONTENT_TYPE
from scoring.models import Season
from seasons.exports import rule_label, season_pdf, season_xlsx
from seasons.forms import SeasonForm
from seasons.ranking import compute_season, member_evenings
from seasons.services import create_season, set_tournaments, update_season
from seasons.tables import figure_label, points_label, season_table, shown_average, shown_rank
from tournament.access import ClubMixin
from tournament.errors import DomainError
from tournament.models import Club, Member
from tournament.privacy.names import member_public_names


def member_base(name: str, club: Club, season: Season) -> str:
    url = reverse(name, args=[club.slug, season.slug, "x"])
    return url[: -len("x/")]


class SeasonListView(ClubMixin, TemplateView):
    template_name = "scoring/seasons/season_list.html"
    helper_allowed = True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["seasons"] = self.club.seasons.order_by("-created_at")
        return context


class SeasonFormMixin(ClubMixin, FormView):
    template_name = "scoring/seasons/season_form.html"
    form_class = SeasonForm
    season: Season | None = None

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "club": self.club, "season": self.season}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(season=self.season, **kwargs)

    def form_invalid_with(self, form: SeasonForm, error: DomainError) -> HttpResponse:
        field = error.field if error.field in form.fields else None
        form.add_error(field, error.message)
        return self.form_invalid(form)


class SeasonCreateView(SeasonFormMixin):
    def form_valid(self, form: SeasonForm) -> HttpResponse:
        data = form.cleaned_data
        try:
            season = create_season(
                self.club,
                data["slug"],
                name=data["name"],
                rule=data["rule"],
                best=data["best_count"],
                min_rounds=data["min_rounds"],
                metric=data["metric"],
                tournaments=data["tournaments"],
                user=self.request.user,
            )
            update_season(
                season,
                name=season.name,
                rule=season.rule,
                best=season.best_count,
                min_rounds=season.min_rounds,
                public_standings=data["public_standings"],
                public_projector=data["public_projector"],
            )
        except DomainError as error:
            return self.form_invalid_with(form, error)
        messages.success(self.request, _("Die Saison ist angelegt."))
        return HttpResponseRedirect(reverse("seasons:detail", args=[self.club.slug, season.slug]))


class SeasonMixin(ClubMixin):
    def load(self, **kwargs: Any) -> None:
        self.season = get_object_or_404(Season, club=self.club, slug=kwargs["season"])


class SeasonSettingsView(SeasonMixin, SeasonFormMixin):
    def form_valid(self, form: SeasonForm) -> HttpResponse:
        data = form.cleaned_data
        try:
            update_season(
                self.season,
                name=data["name"],
                rule=data["rule"],
                best=data["best_count"],
                min_rounds=data["min_rounds"],
                metric=data["metric"],
                public_standings=data["public_standings"],
                public_projector=data["public_projector"],
            )
            set_tournaments(self.season, data["tournaments"], user=self.request.user)
        except DomainError as error:
            return self.form_invalid_with(form, error)
        messages.success(self.request, _("Die Saison ist gespeichert."))
        return HttpResponseRedirect(
            reverse("seasons:detail", args=[self.club.slug, self.season.slug])
        )


class SeasonTableMixin:
    """The season's table in ``context``: rows, the sortable table, the rule in words."""

    request: HttpRequest
    member_url_name = "seasons:member"

    def season_context(self, club: Club, season: Season, *, public: bool) -> dict[str, Any]:
        table = compute_season(season, public=public, published=public)
        view = season_table(table, member_base=member_base(self.member_url_name, club, season))
        RequestConfig(self.request, paginate=False).configure(view)
        return {
            "season": season,
            "season_table": table,
            "table": view,
            "rule": rule_label(season),
            "points_label": points_label(season),
            "public": public,
        }


class SeasonView(SeasonMixin, SeasonTableMixin, TemplateView):
    template_name = "scoring/seasons/season.html"
    helper_allowed = True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(self.season_context(self.club, self.season, public=False))
        return context


class MemberEveningsMixin:
    def member_context(self, season: Season, member: Member, *, public: bool) -> dict[str, Any]:
        row, evenings = member_evenings(season, member, public=public)
        name = member_public_names(season.club)[member.pk] if public else member.name
        return {
            "season": season,
            "member": member,
            "member_name": name,
            "row": row,
            "rank": shown_rank(row) if row else "",
            "average": shown_average(row) if row else "",
            "evenings": evenings,
            "rule": rule_label(season),
            "points_label": points_label(season),
            "figure_label": figure_label(season),
        }


class SeasonMemberView(SeasonMixin, MemberEveningsMixin, TemplateView):
    template_name = "scoring/seasons/member.html"
    helper_allowed = True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        member = get_object_or_404(Member, club=self.club, public_id=self.kwargs["member"])
        context.update(self.member_context(self.season, member, public=False))
        return context


class SeasonPdfView(SeasonMixin, View):
    helper_allowed = True  # printing

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = compute_season(self.season, public=True)  # printed for the club room
        response = HttpResponse(season_pdf(table), "application/pdf")
        response["Content-Disposition"] = f'inline; filename="saison-{self.season.slug}.pdf"'
        return response


class SeasonXlsxView(SeasonMixin, View):
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = compute_season(self.season, public=True)  # handed on like the printout
        response = HttpResponse(season_xlsx(table), XLSX_CONTENT_TYPE)
        response["Content-Disposition"] = f'attachment; filename="saison-{self.season.slug}.xlsx"'
        return response

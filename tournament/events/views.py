"""The organiser's pages for a tournament: list, create, settings, overview, audit log."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView, ListView, TemplateView, View

from tournament.access import OrganiserMixin
from tournament.clubs.logins import may_found_club
from tournament.errors import DomainError
from tournament.events.forms import TournamentForm, add_preset_field
from tournament.events.presets import save_rule_preset
from tournament.events.services import create_tournament, update_tournament
from tournament.models import AuditEntry, ClubMembership, RulePreset, Tournament
from tournament.permissions import (
    club_roles,
    clubs_for,
    is_superuser,
    may_start_tournaments,
    tournaments_for,
)
from tournament.seating import core as pure
from tournament.seating.messages import seatable_counts_text, seating_problem


class TournamentListView(OrganiserMixin, ListView):
    template_name = "tournament/tournament_list.html"
    context_object_name = "tournaments"

    def get_queryset(self):
        return (
            tournaments_for(self.request.user)
            .annotate(
                participant_count=Count("participants", filter=Q(participants__withdrawn=False))
            )
            .order_by("-date", "name")
        )

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        user = self.request.user
        context["sees_all"] = is_superuser(user)
        context["clubs"] = clubs = list(clubs_for(user).order_by("name"))
        roles = club_roles(user)  # one read for the three questions below
        context["may_start"] = may_start_tournaments(user, roles)
        # The member registry is the Turnierleitung's (a Helfer would get 403 there).
        context["led_clubs"] = (
            {club.pk for club in clubs}
            if context["sees_all"]
            else {pk for pk, role in roles.items() if role == ClubMembership.Role.ORGANISER}
        )
        context["may_found_club"] = may_found_club(user, roles)
        return context


class TournamentCreateView(OrganiserMixin, FormView):
    template_name = "tournament/tournament_form.html"
    form_class = TournamentForm
    starts_tournament = True  # not for a club's Helfer

    def get_form(self, form_class=None) -> TournamentForm:
        """With the clubs the login leads, a choice of club (the only one preselected)."""
        form = super().get_form(form_class)
        clubs = clubs_for(self.request.user, full=True).order_by("name")
        if clubs.exists():
            form.fields["club"] = forms.ModelChoiceField(
                label=_("Verein"), queryset=clubs, required=False, empty_label=_("(kein Verein)")
            )
            if clubs.count() == 1:
                form.fields["club"].initial = clubs.first()
            (title, names), *rest = form.FIELDSETS
            form.FIELDSETS = ((title, ("club", *names)), *rest)
            presets = RulePreset.objects.filter(club__in=clubs).select_related("club")
            add_preset_field(form, presets, with_club=clubs.count() > 1)
        return form

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        data = dict(form.cleaned_data)
        try:
            tournament = create_tournament(
                name=data.pop("name"),
                date=data.pop("date"),
                user=self.request.user,
                club=data.pop("club", None),
                preset=data.pop("rule_preset", None),
                **data,
            )
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Das Turnier wurde angelegt."))
        return redirect("tournament:participants", slug=tournament.slug)


class TournamentSettingsView(OrganiserMixin, FormView):
    template_name = "tournament/tournament_form.html"
    form_class = TournamentForm
    section = "settings"

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = Tournament.objects.get(pk=self.tournament.pk)
        return kwargs

    def get_form(self, form_class=None) -> TournamentForm:
        """With the club's presets to pick from, while the ruleset may change."""
        form = super().get_form(form_class)
        if self.tournament.club_id is not None and not form.ruleset_lock:
            add_preset_field(form, RulePreset.objects.filter(club_id=self.tournament.club_id))
        return form

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["may_save_preset"] = self.tournament.club_id is not None
        context["preset_name_max"] = RulePreset._meta.get_field("name").max_length
        return context

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        data = dict(form.cleaned_data)
        preset = data.pop("rule_preset", None)
        try:
            tournament = update_tournament(
                self.tournament, user=self.request.user, preset=preset, **data
            )
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Die Einstellungen wurden gespeichert."))
        return redirect("tournament:detail", slug=tournament.slug)


class RulePresetSaveView(OrganiserMixin, View):
    """POST ``preset_name``: the tournament's rule sheet as a named preset of its club."""

    http_method_names = ["post"]

    def post(self, request, slug: str) -> HttpResponse:
        try:
            preset = save_rule_preset(
                self.tournament, request.POST.get("preset_name", ""), user=request.user
            )
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _("Die Regeln sind als Vorlage „%(name)s“ des Vereins gespeichert.")
                % {"name": preset.name},
            )
        return redirect("tournament:settings", slug=slug)


class TournamentDetailView(OrganiserMixin, TemplateView):
    helper_allowed = True
    template_name = "tournament/tournament_detail.html"
    section = "overview"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        counts = self.tournament.participants.aggregate(
            registered=Count("pk", filter=Q(withdrawn=False)),
            checked_in=Count("pk", filter=Q(withdrawn=False, checked_in=True)),
            withdrawn=Count("pk", filter=Q(withdrawn=True)),
        )
        context["counts"] = counts
        eligible = len(self.tournament.participants.drawable())
        context["eligible"] = eligible
        allowed = self.tournament.table_sizes
        context["seating_problem"] = seating_problem(eligible, allowed)
        context["seatable"] = not context["seating_problem"]
        context["seatable_counts"] = seatable_counts_text(allowed)
        if context["seatable"]:
            sizes = pure.table_sizes(eligible, allowed)
            context["table_plan"] = {
                "tables": len(sizes),
                "fours": sizes.count(4),
                "fives": sizes.count(5),
                "threes": sizes.count(3),
            }
        context["next_round"] = next_round_number(self.tournament)
        context["latest_round"] = context["rounds"][-1] if context["rounds"] else None
        return context


def next_round_number(tournament: Tournament) -> int | None:
    """The round an organiser would draw next, or None when every round exists."""
    drawn = tournament.rounds.count()
    return drawn + 1 if drawn < tournament.rounds_count else None


class AuditLogView(OrganiserMixin, ListView):
    helper_allowed = True
    template_name = "tournament/audit_log.html"
    section = "audit"
    context_object_name = "entries"
    paginate_by = 100

    def get_queryset(self):
        return AuditEntry.objects.filter(tournament=self.tournament).select_related("user")

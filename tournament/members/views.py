"""The member registry (Turnierleitung of the club) and registering members for an evening."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import TemplateView

from tournament.access import ClubMixin, OrganiserMixin
from tournament.clubs.services import (
    add_member,
    delete_member,
    last_evening_members,
    make_member,
    merge_members,
    register_members,
    rename_member,
)
from tournament.errors import DomainError
from tournament.members.services import import_members
from tournament.models import Member, NameChoice, Participant
from tournament.normalize import name_sort_key, search_matches
from tournament.participants.forms import ImportForm
from tournament.participants.import_limits import MAX_FILE_BYTES
from tournament.privacy.links import personal_token


def report(request: HttpRequest, error: DomainError) -> None:
    messages.error(request, str(error))


class MemberListView(ClubMixin, TemplateView):
    """The registry: search, add one, import a list (CSV/XLSX)."""

    template_name = "tournament/members/member_list.html"
    section = "members"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        query = self.request.GET.get("q", "").strip()[:100]
        members = sorted(self.club.members.all(), key=lambda m: name_sort_key(m.name))
        if query:
            members = [m for m in members if search_matches(query, m.name)]
        context.update(members=members, query=query, import_form=ImportForm())
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            if "file" in request.FILES:
                upload = request.FILES["file"]
                if upload.size > MAX_FILE_BYTES:
                    raise DomainError(_("Die Datei ist zu groß."))
                created = import_members(self.club, upload.read(), upload.name)
                messages.success(
                    request,
                    ngettext(
                        "%(count)d Mitglied übernommen.",
                        "%(count)d Mitglieder übernommen.",
                        len(created),
                    )
                    % {"count": len(created)},
                )
            else:
                member = add_member(self.club, request.POST.get("name", ""))
                messages.success(request, _("„%(name)s“ ist eingetragen.") % {"name": member.name})
        except DomainError as error:
            report(request, error)
        return redirect("clubs:members", club=self.club.slug)


class MemberEditView(ClubMixin, TemplateView):
    """One member: rename, merge a duplicate into them, delete (only without evenings)."""

    template_name = "tournament/members/member_edit.html"
    section = "members"

    def load(self, **kwargs: Any) -> None:
        self.member = get_object_or_404(Member, club=self.club, public_id=kwargs["member"])

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        others = sorted(
            self.club.members.exclude(pk=self.member.pk), key=lambda m: name_sort_key(m.name)
        )
        evenings = (
            Participant.objects.filter(member=self.member)
            .select_related("tournament")
            .order_by("-tournament__date")
        )
        personal = reverse("public:personal", args=[personal_token(self.member)])
        context.update(
            member=self.member,
            others=others,
            evenings=evenings,
            name_choices=NameChoice.choices,
            personal_url=self.request.build_absolute_uri(personal),
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        action = request.POST.get("action")
        try:
            if action == "rename":
                rename_member(self.member, request.POST.get("name", ""))
                messages.success(request, _("Der Name ist geändert."))
            elif action == "merge":
                duplicate = get_object_or_404(
                    Member, club=self.club, public_id=request.POST.get("duplicate", "")
                )
                merge_members(self.member, duplicate, user=request.user)
                messages.success(request, _("Die Einträge sind zusammengeführt."))
            elif action == "delete":
                delete_member(self.member)
                messages.success(request, _("Der Eintrag ist gelöscht."))
                return redirect("clubs:members", club=self.club.slug)
        except DomainError as error:
            report(request, error)
            if not Member.objects.filter(pk=self.member.pk).exists():  # merged away meanwhile
                return redirect("clubs:members", club=self.club.slug)
        return redirect("clubs:member", club=self.club.slug, member=self.member.public_id)


class RegisterMembersView(OrganiserMixin, TemplateView):
    """Tick the club's members for this evening (search, "wie beim letzten Mal")."""

    template_name = "tournament/members/register_members.html"
    section = "participants"

    def get_context_data(self, *, ticked: set[int] | None = None, **kwargs: Any) -> dict[str, Any]:
        """``ticked``: the members to show ticked (a refused form's ticks as they were sent);
        by default none, or last time's with ``?wie=letztes-mal``."""
        context = super().get_context_data(**kwargs)
        club = self.tournament.club
        members: list[Member] = []
        registered: set[int] = set()
        last: set[int] = set()
        if club is not None:
            members = sorted(club.members.all(), key=lambda m: name_sort_key(m.name))
            registered = set(
                self.tournament.participants.exclude(member=None).values_list(
                    "member_id", flat=True
                )
            )
            last = set(last_evening_members(self.tournament).values_list("pk", flat=True))
        has_last = bool(last)
        if ticked is None:
            ticked = last if self.request.GET.get("wie") == "letztes-mal" else set()
        query = self.request.GET.get("q", "").strip()[:100]
        if query:
            members = [m for m in members if search_matches(query, m.name)]
        context.update(
            club=club,
            query=query,
            rows=[
                (m, m.pk in registered, m.pk in ticked and m.pk not in registered) for m in members
            ],
            has_last=has_last,
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        ids = [int(pk) for pk in request.POST.getlist("member") if pk.isascii() and pk.isdigit()]
        # Read now: a member deleted before the registration is written is reported by name.
        club_members = list(Member.objects.filter(club_id=self.tournament.club_id, pk__in=ids))
        try:
            missing = len(set(ids)) - len(club_members)
            if missing:  # gone before this request (deleted or merged on another page)
                raise DomainError(
                    ngettext(
                        "%(count)d angekreuzter Eintrag steht nicht mehr in der Mitgliederliste "
                        "(eben gelöscht oder mit einem anderen Eintrag zusammengeführt). Niemand "
                        "wurde angemeldet; bitte die Auswahl prüfen.",
                        "%(count)d angekreuzte Einträge stehen nicht mehr in der Mitgliederliste "
                        "(eben gelöscht oder mit einem anderen Eintrag zusammengeführt). Niemand "
                        "wurde angemeldet; bitte die Auswahl prüfen.",
                        missing,
                    )
                    % {"count": missing}
                )
            created = register_members(self.tournament, club_members, user=request.user)
        except DomainError as error:
            report(request, error)
            context = self.get_context_data(ticked=set(ids))
            return self.render_to_response(context, status=400)
        messages.success(
            request,
            ngettext(
                "%(count)d Mitglied angemeldet.", "%(count)d Mitglieder angemeldet.", len(created)
            )
            % {"count": len(created)},
        )
        return redirect("tournament:participants", slug=self.tournament.slug)


class MakeMemberView(OrganiserMixin, View):
    """POST: a guest of this evening becomes a member of the club."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        participant = get_object_or_404(Participant, tournament=self.tournament, pk=kwargs["pk"])
        try:
            member = make_member(participant, user=request.user)
        except DomainError as error:
            report(request, error)
        else:
            messages.success(request, _("„%(name)s“ ist jetzt Mitglied.") % {"name": member.name})
        return redirect("tournament:participants", slug=self.tournament.slug)

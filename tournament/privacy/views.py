"""The club's privacy page (what is published, the guests' retention, the sites that may embed
its tables) and a person's rights on the organiser's pages: their say about their name and
anonymising them (the export: ``output.personal``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import View
from django.views.generic import FormView

from tournament.access import ClubMixin, OrganiserMixin
from tournament.errors import DomainError
from tournament.models import Club, Member, Participant
from tournament.privacy.embed import origins_from_text
from tournament.privacy.services import (
    MAX_RETENTION_MONTHS,
    anonymise_expired_guests,
    anonymise_guest,
    anonymise_member,
    expired_guests,
    expired_signups,
    save_club_privacy,
    set_name_choice,
)


class ClubPrivacyForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = [
            "public_names",
            "consent_allowed",
            "public_player_pages",
            "guest_retention_months",
            "embed_origins",
        ]
        widgets = {
            "public_names": forms.RadioSelect,
            "embed_origins": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "public_names": gettext_lazy(
                "Gilt für Tabelle, Spielerseiten, Beamer, Saison, JSON und eingebettete "
                "Tabellen; ein Turnier kann es in seinen Einstellungen anders festlegen. "
                "Die Seiten der Turnierleitung zeigen immer den vollen Namen."
            ),
            "consent_allowed": gettext_lazy(
                "Wer einwilligt, erscheint mit vollem Namen. Ein Widerspruch (nur Initialen) "
                "gilt immer."
            ),
            "public_player_pages": gettext_lazy(
                "Jedes Mitglied hat eine Seite mit seinen Abenden und Zahlen. Aus: nur über "
                "den persönlichen Link, den die Turnierleitung auf der Seite des Mitglieds "
                "findet."
            ),
            "guest_retention_months": gettext_lazy(
                "Gäste (Teilnehmer ohne Mitgliedseintrag) werden so viele Monate nach ihrem "
                "Abend anonymisiert; leer: nie von selbst."
            ),
            "embed_origins": gettext_lazy(
                "Eine Adresse je Zeile, z. B. https://www.doko-verein.de – nur diese Seiten "
                "dürfen Tabelle und Jahreswertung einbetten."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        months = self.fields["guest_retention_months"]
        months.widget.attrs.update(min=1, max=MAX_RETENTION_MONTHS)

    def clean_embed_origins(self) -> str:
        text = self.cleaned_data.get("embed_origins", "")
        try:
            return "\n".join(origins_from_text(text, strict=True))
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


class ClubPrivacyView(ClubMixin, FormView):
    """Datenschutz: what the club publishes, retention, embedding; anonymise old guests now."""

    template_name = "tournament/clubs/club_privacy.html"
    form_class = ClubPrivacyForm
    section = "privacy"

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = Club.objects.get(pk=self.club.pk)
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["expired"] = len(expired_guests(self.club))
        context["expired_signups"] = expired_signups(self.club).count()
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if "anonymise_guests" in request.POST:
            done = anonymise_expired_guests(self.club, user=request.user)
            messages.success(
                request,
                ngettext("%(count)d Gast anonymisiert.", "%(count)d Gäste anonymisiert.", done)
                % {"count": done},
            )
            return redirect("clubs:privacy", club=self.club.slug)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: ClubPrivacyForm) -> HttpResponse:
        data = form.cleaned_data
        try:
            save_club_privacy(
                self.club,
                public_names=data["public_names"],
                consent_allowed=data["consent_allowed"],
                guest_retention_months=data["guest_retention_months"],
                embed_origins=data["embed_origins"],
                public_player_pages=data["public_player_pages"],
            )
        except DomainError as error:
            form.add_error(error.field, error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Gespeichert."))
        return redirect("clubs:privacy", club=self.club.slug)


def _act(request: HttpRequest, person: Member | Participant) -> None:
    """A posted privacy action on ``person``: their say about their name, or anonymising."""
    action = request.POST.get("action", "")
    try:
        if action == "name_choice":
            set_name_choice(person, request.POST.get("name_choice", ""), user=request.user)
            messages.success(request, _("Gespeichert."))
        elif action == "anonymise":
            if isinstance(person, Member):
                anonymise_member(person, user=request.user)
            else:
                anonymise_guest(person, user=request.user)
            messages.success(request, _("Anonymisiert. Ergebnisse und Tabellen bleiben."))
        else:
            raise DomainError(_("Unbekannte Aktion."))
    except DomainError as error:
        messages.error(request, str(error))


class MemberPrivacyView(ClubMixin, View):
    """POST: a member's say about their name, or anonymising them."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        member = get_object_or_404(Member, club=self.club, public_id=kwargs["member"])
        _act(request, member)
        return redirect("clubs:member", club=self.club.slug, member=member.public_id)


class ParticipantPrivacyView(OrganiserMixin, View):
    """POST: a participant's say about their name, or anonymising a guest."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        participant = get_object_or_404(Participant, tournament=self.tournament, pk=kwargs["pk"])
        _act(request, participant)
        return redirect("tournament:participant_edit", slug=self.tournament.slug, pk=participant.pk)

"""The organiser's pages for entry fees: "Startgeld und Preise" (Turnierleitung) and the one tap
"bezahlt" on the participants' list (a Helfer at the desk may tap it too: taking the money at
check-in is the desk's job; the fees and the prize table are the Turnierleitung's)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView

from tournament.access import OrganiserMixin
from tournament.errors import DomainError
from tournament.fees.forms import PrizesForm
from tournament.fees.services import prize_settings, save_prizes, set_paid
from tournament.models import Participant

PAID_CELL = "tournament/includes/paid_cell.html"


class PrizeSettingsView(OrganiserMixin, FormView):
    template_name = "tournament/prize_settings.html"
    form_class = PrizesForm
    section = "prizes"

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["settings"] = prize_settings(self.tournament)
        kwargs["lines"] = list(self.tournament.prize_ranks.all())
        return kwargs

    def form_valid(self, form: PrizesForm) -> HttpResponse:
        data = form.cleaned_data
        try:
            save_prizes(
                self.tournament,
                member_fee_cents=data["member_fee"],
                guest_fee_cents=data["guest_fee"],
                payout_percent=data["payout_percent"],
                one_per_table=data["one_per_table"],
                lines=data["lines"],
                version=data["version"],
                user=self.request.user,
            )
        except DomainError as error:
            form.add_error(None, error.message)
            for problem in error.problems:
                form.add_error(None, problem)
            return self.render_to_response(self.get_context_data(form=form), status=409)
        messages.success(self.request, _("Startgeld und Preise sind gespeichert."))
        return redirect("tournament:prize_settings", slug=self.tournament.slug)

    def form_invalid(self, form: PrizesForm) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=400)


class PaidView(OrganiserMixin, View):
    """POST ``paid`` = "1" or not: the participant has paid the entry fee. Answers JSON (the new
    cell) to ``static/js/app.js``, else goes back to the participant's row."""

    helper_allowed = True

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        participant = get_object_or_404(Participant, tournament=self.tournament, pk=pk)
        try:
            set_paid(participant, request.POST.get("paid") == "1", user=request.user)
        except DomainError as error:
            if "application/json" in request.headers.get("Accept", ""):
                return JsonResponse({"error": error.message}, status=400)
            messages.error(request, error.message)
        if "application/json" in request.headers.get("Accept", ""):
            participant = Participant.objects.select_related("fee_payment").get(pk=pk)
            target = request.POST.get("next") or ""
            if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
                target = reverse("tournament:participants", args=[slug])
            context = {
                "record": participant,
                "tournament": self.tournament,
                "checkin_next": target.split("#")[0],
            }
            cell = render_to_string(PAID_CELL, context, request=request)
            return JsonResponse({"id": pk, "cell": cell})
        response = self.redirect_back(reverse("tournament:participants", args=[slug]))
        response["Location"] = f"{response['Location'].split('#')[0]}#p-{pk}"
        return response

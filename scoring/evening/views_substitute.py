"""Entering a substitute (Ersatzspieler) on the round page of a released round.

A refused form comes back as the round page with everything typed still in it, the message
beside the form and the field it is about marked (and focused); only a stored change goes back
to the round page by redirect.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from scoring.evening.substitutes import replace_player
from tournament.errors import DomainError
from tournament.normalize import small_int
from tournament.participants.services import add_participant
from tournament.seating.views import RoundView, chosen_participant

# The form's fields, as the template names them.
FIELDS = ("table", "seat", "from_game", "participant", "new_name", "reason")


class ReplacePlayerView(RoundView):
    """A substitute (existing participant or a new one, named here) takes over a seat of a
    released table; optionally the player who leaves is marked as withdrawn."""

    helper_allowed = False
    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            message = self.replace(request)
        except DomainError as error:
            messages.error(request, str(error))
            typed = {name: request.POST.get(name, "")[:300] for name in FIELDS}
            typed["withdraw"] = request.POST.get("withdraw") == "on"
            field = error.field or "table"
            if field == "substitute":
                field = "new_name" if typed["new_name"].strip() else "participant"
            context = self.get_context_data(
                substitute_form=typed, substitute_error=str(error), substitute_field=field
            )
            return self.render_to_response(context, status=400)
        messages.success(request, message)
        return redirect(self.round_url())

    def replace(self, request: HttpRequest) -> str:
        post = request.POST
        table = small_int(post.get("table"), max_digits=3)
        seat = small_int(post.get("seat"), max_digits=1)
        from_game = small_int(post.get("from_game"), max_digits=3)
        if table is None or seat is None or from_game is None:
            raise DomainError(_("Bitte Tisch, Platz und das erste Spiel als Zahlen angeben."))
        new_name = post.get("new_name", "").strip()
        with transaction.atomic():
            if new_name:
                substitute = add_participant(
                    self.tournament, name=new_name, checked_in=True, user=request.user
                )
            else:
                substitute = chosen_participant(self.tournament, post.get("participant"))
            change = replace_player(
                self.tournament,
                self.number,
                table,
                seat,
                substitute,
                from_game,
                reason=post.get("reason", ""),
                withdraw=post.get("withdraw") == "on",
                user=request.user,
            )
        return _("%(new)s spielt ab Spiel %(game)d für %(old)s an Tisch %(table)d.") % {
            "new": substitute.name,
            "game": from_game,
            "old": change.previous_participant.name,
            "table": table,
        }

"""The organiser's actions of a round's life on the round page: draw, release, take back,
close, reopen (each one service of ``scoring.evening.rounds``, back to the round page).

The round page itself and the seating's own actions are ``tournament.seating.views``; these
are routed in the same ``tournament`` URL namespace (composed in ``config/urls.py``).
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from scoring.evening.rounds import (
    close_round,
    draw_round,
    release_round,
    reopen_round,
    unrelease_round,
)
from tournament.errors import DomainError
from tournament.seating.forms import DrawForm
from tournament.seating.views import RoundActionView


class DrawRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        form = DrawForm(request.POST)
        if not form.is_valid():
            raise DomainError(
                " ".join(error for errors in form.errors.values() for error in errors)
            )
        round_ = draw_round(
            self.tournament,
            self.number,
            seed=form.cleaned_data["seed"],
            seating_rule=form.cleaned_data["seating"] or None,
            user=request.user,
        )
        return _(
            "Durchgang %(number)d ist ausgelost (Startwert %(seed)d). Bitte prüfen und freigeben."
        ) % {
            "number": self.number,
            "seed": round_.seed,
        }


class ReleaseRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        release_round(self.tournament, self.number, user=request.user)
        return _("Durchgang %(number)d ist freigegeben.") % {"number": self.number}


class CloseRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        close_round(self.tournament, self.number, user=request.user)
        return _("Durchgang %(number)d ist abgeschlossen.") % {"number": self.number}


class UnreleaseRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        unrelease_round(self.tournament, self.number, user=request.user)
        return _(
            "Die Freigabe von Durchgang %(number)d ist zurückgenommen; die Sitzordnung ist "
            "wieder ein Entwurf und die Eingabelinks gelten nicht mehr."
        ) % {"number": self.number}


class ReopenRoundView(RoundActionView):
    def act(self, request: HttpRequest) -> str:
        result = reopen_round(
            self.tournament, self.number, reason=request.POST.get("reason", ""), user=request.user
        )
        message = _(
            "Durchgang %(number)d ist wieder offen. Listen lassen sich jetzt wieder öffnen und "
            "korrigieren; die Tabelle folgt jeder Bestätigung sofort."
        ) % {"number": self.number}
        if result.later_seated:
            message += " " + _(
                "Durchgang %(later)s ist schon gesetzt; seine Sitzordnung bleibt, wie sie ist."
            ) % {"later": ", ".join(map(str, result.later_seated))}
        return message

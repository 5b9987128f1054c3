"""The organisers' login, with a brake on password guessing.

After ``MAX_FAILURES`` failed attempts from one address within ``WINDOW_SECONDS`` the login
answers 429 until the window has passed. A successful login clears the count.
"""

from __future__ import annotations

from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournament.throttle import Throttle

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60
THROTTLE = Throttle("login", MAX_FAILURES, WINDOW_SECONDS)


class ThrottledLoginView(LoginView):
    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if THROTTLE.blocked(request):
            context = self.get_context_data(
                form=self.get_form(),
                rate_limited=_(
                    "Zu viele fehlgeschlagene Anmeldungen. Bitte in 15 Minuten erneut versuchen."
                ),
            )
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(WINDOW_SECONDS)
            return response
        response = super().post(request, *args, **kwargs)
        if response.status_code == 302:
            THROTTLE.reset(request)
        else:
            THROTTLE.failed(request)
        return response

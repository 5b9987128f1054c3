"""The organisers' login, with a brake on password guessing.

Failed attempts are counted per client address in the cache; after ``MAX_FAILURES`` within
``WINDOW_SECONDS`` the login answers 429 until the window has passed. A successful login clears
the count.
"""

from __future__ import annotations

from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60


def _key(request: HttpRequest) -> str:
    return f"login-failures:{request.META.get('REMOTE_ADDR', 'unknown')}"


class ThrottledLoginView(LoginView):
    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        key = _key(request)
        if cache.get(key, 0) >= MAX_FAILURES:
            form = self.get_form()
            context = self.get_context_data(
                form=form,
                rate_limited=_(
                    "Zu viele fehlgeschlagene Anmeldungen. Bitte in 15 Minuten erneut versuchen."
                ),
            )
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(WINDOW_SECONDS)
            return response
        response = super().post(request, *args, **kwargs)
        if response.status_code == 302:
            cache.delete(key)
        else:
            cache.add(key, 0, WINDOW_SECONDS)
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, WINDOW_SECONDS)
        return response

"""The organisers' login, with a brake on password guessing.

Each attempt from one address is counted before its password is checked; beyond
``MAX_FAILURES`` within ``WINDOW_SECONDS`` the login answers 429 without checking, until the
window has passed, also to many attempts sent at once. A successful login clears the count.

Outside the local demo the published demo password is refused with a message saying so
(``config/auth.py`` refuses it for every other way of logging in as well).
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from config.auth import is_published, published_passwords_refused
from tournament.throttle import Throttle

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60
THROTTLE = Throttle("login", MAX_FAILURES, WINDOW_SECONDS)


class OrganiserLoginForm(AuthenticationForm):
    """Django's login form; says why the published demo password is refused."""

    published_password = False

    def clean(self):
        if published_passwords_refused() and is_published(self.cleaned_data.get("password")):
            self.published_password = True
            raise forms.ValidationError(
                _(
                    "Das veröffentlichte Demo-Passwort gilt nur im Demo-Betrieb auf diesem "
                    "Rechner. Bitte mit dem eigenen Zugang der Turnierleitung anmelden."
                ),
                code="published_password",
            )
        return super().clean()


class ThrottledLoginView(LoginView):
    form_class = OrganiserLoginForm

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not THROTTLE.attempt(request):
            # An unbound form: a bound one validates when rendered, which would check the
            # password after all (and take the time a check takes).
            form = self.get_form_class()(
                request, initial={"username": request.POST.get("username", "")[:150]}
            )
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
            THROTTLE.reset(request)
        return response

"""The Django admin at /admin/: superusers only, logging in through the organisers' login.

Superusers manage logins (Benutzer) and who may manage which tournament (Turnierzugänge,
``tournament/admin.py``) here. A logged-in login that is no superuser gets 403. The admin has no
login page of its own: it sends to ``/konto/anmelden/``, whose brake on password guessing and
refusal of the published demo password apply.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class SuperuserAdminSite(admin.AdminSite):
    site_header = _("Doko-Turnier: Verwaltung der Zugänge")
    site_title = _("Doko-Turnier")
    index_title = _("Zugänge und Turnierzugänge")
    site_url = "/verwaltung/"

    def has_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_active and request.user.is_superuser)

    def login(self, request: HttpRequest, extra_context=None) -> HttpResponse:
        if request.user.is_authenticated:
            raise PermissionDenied
        target = request.GET.get(REDIRECT_FIELD_NAME) or reverse("admin:index")
        return redirect_to_login(target)

"""Turnierzugänge in the admin (superusers only, ``config/admin_site.py``).

Adding, changing and deleting go through ``tournament.permissions``, so the tournament's audit log
records who granted or took away whose access.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from tournament.models import TournamentAccess
from tournament.permissions import grant_access, revoke_access


@admin.register(TournamentAccess)
class TournamentAccessAdmin(admin.ModelAdmin):
    list_display = ("tournament", "user", "role", "created_at")
    list_filter = ("role", "tournament")
    search_fields = ("user__username", "tournament__name", "tournament__slug")
    list_select_related = ("tournament", "user")
    fields = ("user", "tournament", "role")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("user", "tournament") if obj is not None else ()

    def save_model(self, request: HttpRequest, obj: TournamentAccess, form: Any, change: bool):
        saved = grant_access(obj.tournament, obj.user, role=obj.role, by=request.user)
        obj.pk, obj.created_at = saved.pk, saved.created_at

    def delete_model(self, request: HttpRequest, obj: TournamentAccess) -> None:
        revoke_access(obj.tournament, obj.user, by=request.user)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[TournamentAccess]) -> None:
        for access in queryset.select_related("tournament", "user"):
            revoke_access(access.tournament, access.user, by=request.user)

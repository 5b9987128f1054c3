"""Turnierzugänge, clubs with their logins, and members in the admin (superusers only,
``config/admin_site.py``).

Adding, changing and deleting go through ``tournament.permissions``, so the tournament's audit log
records who granted or took away whose access.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from tournament.models import Club, ClubMembership, Member, TournamentAccess
from tournament.normalize import name_key
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


class ClubMembershipInline(admin.TabularInline):
    model = ClubMembership
    extra = 1
    fields = ("user", "role")
    autocomplete_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """Clubs and their logins (Turnierleitung or Helfer): superusers only."""

    list_display = ("name", "slug", "created_at")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [ClubMembershipInline]


@admin.register(ClubMembership)
class ClubMembershipAdmin(admin.ModelAdmin):
    list_display = ("club", "user", "role", "created_at")
    list_filter = ("role", "club")
    search_fields = ("user__username", "club__name", "club__slug")
    list_select_related = ("club", "user")
    fields = ("user", "club", "role")


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "created_at")
    list_filter = ("club",)
    search_fields = ("name",)
    fields = ("club", "name")

    def save_model(self, request: HttpRequest, obj: Member, form: Any, change: bool) -> None:
        obj.key = name_key(obj.name)  # the registry's identity, as in ``tournament.clubs``
        super().save_model(request, obj, form, change)

"""A team event's teams in the admin (issue 27): each team with its roster and its line-ups, read-only; teams and
line-ups are entered through the services the API calls (``POST /api/events/{slug}/teams/``, the line-up form
linked from the team's page), so the admin refuses nothing the API would take and takes nothing it refuses."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from tournaments import models
from tournaments.admin.scoped import EventScoped


class MemberInline(admin.TabularInline):
    model = models.TeamMember
    extra = 0
    fields = ["board", "player"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class LineupInline(admin.TabularInline):
    model = models.Lineup
    extra = 0
    fields = ["round_number", "players", "submitted_by", "submitted_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(models.Team)
class TeamAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["name", "event", "seed", "captain", "page"]
    search_fields = ["name", "event__name"]
    readonly_fields = ["event", "name", "seed", "captain"]
    inlines = [MemberInline, LineupInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="Page")
    def page(self, obj):
        return format_html('<a href="{}">team page</a>', reverse("event-team", args=[obj.event.slug, obj.pk]))

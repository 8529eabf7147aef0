"""Rounds (their boards and byes, read-only here: the review page edits pairings, the result grid enters results),
publishing and deleting unpublished rounds, and the audit trail."""

from __future__ import annotations

from functools import partial

from django.contrib import admin
from django.urls import path, reverse
from django.utils.html import format_html_join

from tournaments import models, services
from tournaments.admin.round_pages import diagram_view, print_view, results_view, review_view
from tournaments.admin.scoped import EventRoleInline, EventScoped, run_on_each
from tournaments.models import Game


class GameInline(EventRoleInline, admin.TabularInline):
    """Boards of a round as they stand; changes go through the review page and the result grid."""

    model = Game
    extra = 0
    can_delete = False
    fields = ["board", "white", "black", "variant", "result", "termination", "white_points", "black_points", "result_status"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ByeInline(EventRoleInline, admin.TabularInline):
    model = models.Bye
    extra = 0
    can_delete = False
    readonly_fields = ["player", "kind", "points"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(models.Round)
class RoundAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["event", "number", "status", "starts_at", "variant_block", "published_at", "pages"]
    list_filter = ["status"]
    list_select_related = ["event", "variant_block"]
    readonly_fields = ["event", "number", "status", "variant_block", "published_at", "starts_at", "pages"]
    inlines = [GameInline, ByeInline]
    actions = ["publish", "delete_unpublished"]

    @admin.display(description="Director")
    def pages(self, obj):
        links = [("Review", "review"), ("Results", "results"), ("Print", "print")]
        urls = ((reverse(f"admin:tournaments_round_{name}", args=[obj.pk]), label) for label, name in links)
        return format_html_join(" · ", '<a href="{}">{}</a>', urls)

    def has_add_permission(self, request, obj=None):
        return False  # rounds are made by pairing (the event's run sheet)

    def get_urls(self):
        def page(route: str, view, name: str):
            return path(f"<int:pk>/{route}/", self.admin_site.admin_view(partial(view, self)), name=f"tournaments_round_{name}")

        extra = [
            page("review", review_view, "review"),
            page("results", results_view, "results"),
            page("print", print_view, "print"),
            page("diagram", diagram_view, "diagram"),
        ]
        return extra + super().get_urls()

    @admin.action(description="Publish the selected rounds")
    def publish(self, request, queryset):
        run_on_each(request, queryset, services.publish_round, "{} published")

    @admin.action(description="Delete the selected unpublished rounds")
    def delete_unpublished(self, request, queryset):
        run_on_each(request, queryset.order_by("-number"), services.delete_round, "{}: deleted")


@admin.register(models.PairingChange)
class PairingChangeAdmin(EventScoped, admin.ModelAdmin):
    """The audit trail: who did what, when, and the state before and after."""

    list_display = ["at", "event", "round", "user", "action", "description"]
    list_filter = ["action"]
    list_select_related = ["event", "round", "user"]
    search_fields = ["description"]
    readonly_fields = ["event", "round", "user", "at", "action", "description", "before", "after"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # an audit trail is never edited

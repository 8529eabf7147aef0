"""Registrations people made themselves (issue 23): the organizer's list, to approve or refuse each."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from tournaments import models
from tournaments.admin.scoped import EventScoped, error_text
from tournaments.services.logins import may_manage_logins
from tournaments.services.self_registration import decide


def outcome(entry: models.SignUp) -> str:
    """What became of a decided registration, as the director must hear it: approved is not yet a place."""
    if entry.status == models.SignUp.Status.REFUSED:
        return "refused"
    if entry.status == models.SignUp.Status.WAITING:
        return "approved, and on the waiting list: the event is full"
    if entry.status == models.SignUp.Status.ACTIVE:
        return "approved: registered"
    return "approved; it counts once the player confirms the e-mail address"


@admin.register(models.SignUp)
class SignUpAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["name", "event", "rating", "federation", "status", "email_confirmed_at", "created_at"]
    list_filter = ["status"]
    search_fields = ["name", "user__email", "event__name"]
    readonly_fields = [f.name for f in models.SignUp._meta.fields]
    actions = ["approve", "refuse"]

    def has_add_permission(self, request) -> bool:
        return False  # people register themselves; the director enters players by import or late entry

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def _decide(self, request, queryset, approve: bool) -> None:
        for entry in queryset.select_related("event"):
            if not may_manage_logins(request.user, entry.event):
                messages.error(request, f"{entry}: only the organizer of {entry.event} decides")
                continue
            try:
                decided = decide(entry, approve=approve, by=request.user)
                messages.success(request, f"{entry.name}: {outcome(decided)}")
            except ValidationError as exc:
                messages.error(request, f"{entry.name}: {error_text(exc)}")

    @admin.action(description="Approve the selected registrations")
    def approve(self, request, queryset):
        self._decide(request, queryset, True)

    @admin.action(description="Refuse the selected registrations")
    def refuse(self, request, queryset):
        self._decide(request, queryset, False)

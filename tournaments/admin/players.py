"""Players, registrations (withdrawing a player) and bye requests."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q

from tournaments import models, services
from tournaments.admin.scoped import EventScoped, error_text, refuse


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "rating", "federation", "user"]
    search_fields = ["name", "fide_id"]

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        return request.user.is_staff

    def has_add_permission(self, request):
        return request.user.is_staff

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser or request.user.has_perm("tournaments.change_player") or obj is None

    def get_queryset(self, request):
        """Everyone for staff with the global permission; a director sees the players of the events they run
        (organize or arbitrate) and those registered nowhere yet (just added, to be registered): never the
        players, and their linked accounts, of somebody else's event."""
        qs = super().get_queryset(request)
        user = request.user
        if user.is_superuser or user.has_perm("tournaments.view_player"):
            return qs
        runs = models.Event.objects.filter(Q(organizer=user) | Q(arbiters=user)).values("pk")
        return qs.filter(Q(registrations__event__in=runs) | Q(registrations__isnull=True)).distinct()


def seed_from(registration: models.Registration) -> str:
    """Where a starting rank comes from, in words: the organizer gave it, or the rating order (FIDE C.04.2)."""
    if registration.pk is None:
        return "—"
    return "given" if registration.seed_given and registration.seed else "by rating"


@admin.register(models.Registration)
class RegistrationAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["player", "event", "seed", "seed_from_column", "status", "joined_round", "withdrawn_after_round"]
    list_filter = ["status"]
    search_fields = ["player__name", "event__name"]
    readonly_fields = ["seed_from_column", "status", "joined_round", "withdrawn_after_round"]
    autocomplete_fields = ["player"]
    actions = ["withdraw"]

    @admin.display(description="Seed from")
    def seed_from_column(self, obj) -> str:
        return seed_from(obj)

    @admin.action(description="Withdraw the selected players")
    def withdraw(self, request, queryset):
        for reg in queryset.select_related("event", "player"):
            if not services.is_arbiter(request.user, reg.event):
                messages.error(request, f"{reg}: you are not an arbiter of this event")
                continue
            try:
                services.withdraw_player(reg.event, reg.player, by=request.user)
                messages.success(request, f"{reg.player} withdrawn from {reg.event}")
            except ValidationError as exc:
                messages.error(request, error_text(exc))

    def save_model(self, request, obj, form, change):
        if change:
            if "seed" in form.changed_data:
                obj.seed_given = obj.seed > 0  # a number typed is given; 0 gives the rating order back
            super().save_model(request, obj, form, change)
            services.rank_unseeded(obj.event)
            return None
        try:
            services.register_player(obj.event, obj.player, seed=obj.seed or None, by=request.user)
        except ValidationError as exc:
            refuse(request, error_text(exc))


@admin.register(models.ByeRequest)
class ByeRequestAdmin(EventScoped, admin.ModelAdmin):
    event_path = "registration__event__"
    list_display = ["registration", "round_number"]

    def save_model(self, request, obj, form, change):
        try:
            saved = services.request_bye(obj.registration.event, obj.registration.player, obj.round_number, by=request.user)
        except ValidationError as exc:
            refuse(request, error_text(exc))
            return
        obj.pk = saved.pk  # the admin's message and redirect name the request the service saved

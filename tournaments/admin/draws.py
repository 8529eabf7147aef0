"""The dice of each variant block and the colour draw, read-only: the dice ceremony page (the event's run sheet)
rolls, records and corrects dice through tournaments.services, with every change audited."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from tournaments import models, services
from tournaments.admin.scoped import EventScoped


@admin.register(models.VariantBlock)
class VariantBlockAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["event", "index", "method", "first_shown", "first_roll", "second_roll", "commitment", "rolled_by",
                    "rolled_at", "ceremony"]  # fmt: skip
    list_select_related = ["event", "rolled_by"]
    readonly_fields = ["event", "index", "method", "commitment", "revealed_seed", "identity", "first_shown", "second_shown",
                       "first_roll", "second_roll", "replaced_reason", "array", "castling", "start_position", "rolled_by",
                       "rolled_at", "committed_at", "ceremony"]  # fmt: skip
    exclude = ["seed"]

    @admin.display(description="Seed (revealed after the server's roll)")
    def revealed_seed(self, obj):
        return services.revealed_seed(obj) or "—"

    @admin.display(description="Dice ceremony")
    def ceremony(self, obj):
        return format_html('<a href="{}">Roll or record dice</a>', reverse("admin:tournaments_event_dice", args=[obj.event_id]))

    def has_add_permission(self, request, obj=None):
        return False  # blocks are committed with the event; dice are rolled on the ceremony page

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(models.ColourDraw)
class ColourDrawAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["event", "commitment", "first_white", "drawn_at"]
    readonly_fields = ["event", "commitment", "identity", "shown_seed", "first_white", "committed_at", "drawn_at", "drawn_by"]
    exclude = ["seed"]

    @admin.display(description="Seed (revealed after the draw)")
    def shown_seed(self, obj):
        return obj.seed if obj.drawn_at else "—"

    def has_add_permission(self, request, obj=None):
        return False

"""The dice of each variant block (server rolls read-only, physical dice entered by an arbiter) and the colour draw."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from tournaments import models, services
from tournaments.admin.scoped import EventScoped, error_text, refuse


class VariantBlockForm(forms.ModelForm):
    class Meta:
        model = models.VariantBlock
        fields = ["event", "index", "first_roll", "second_roll"]


@admin.register(models.VariantBlock)
class VariantBlockAdmin(EventScoped, admin.ModelAdmin):
    """Server blocks are read-only; an arbiter enters physical dice by adding a block (or editing an unrolled one)."""

    form = VariantBlockForm
    list_display = ["event", "index", "method", "first_roll", "second_roll", "commitment", "rolled_by", "rolled_at"]

    def get_readonly_fields(self, request, obj=None):
        shown = ["method", "commitment", "revealed_seed", "identity", "array", "castling", "start_position", "rolled_by",
                 "rolled_at", "committed_at"]  # fmt: skip
        if obj is not None and (obj.rolled_at or obj.rounds.exists()):
            return ["event", "index", "first_roll", "second_roll", *shown]
        return ["identity", "array", "castling", "start_position", "rolled_by", "rolled_at", "committed_at", "method",
                "commitment"]  # fmt: skip

    @admin.display(description="Seed (revealed after the roll)")
    def revealed_seed(self, obj):
        return services.revealed_seed(obj) or "—"

    def save_model(self, request, obj, form, change):
        try:
            services.enter_physical_roll(
                obj.event, obj.index, form.cleaned_data["first_roll"], form.cleaned_data["second_roll"] or None, by=request.user
            )
        except ValidationError as exc:
            refuse(request, error_text(exc))


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

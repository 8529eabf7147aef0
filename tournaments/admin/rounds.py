"""Rounds: their boards (pairings while unpublished, results after) and byes, publishing, undoing a pairing, and
the log of pairing changes."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments import models, services
from tournaments.admin.scoped import EventRoleInline, EventScoped, error_text, refuse, run_on_each
from tournaments.models import Game


class GameResultForm(forms.ModelForm):
    final_position = forms.CharField(
        required=False,
        max_length=300,
        help_text="Final position string: needed for endings decided on material (agreement, repetition, ...) "
        "under dynamic scoring.",
    )

    class Meta:
        model = Game
        fields = ["white", "black", "result", "termination"]


class GameInline(EventRoleInline, admin.TabularInline):
    """Boards of a round: players while unpublished, results after (through tournaments.services.results.record_result)."""

    model = Game
    form = GameResultForm
    extra = 0
    can_delete = False
    fields = ["board", "white", "black", "variant", "result", "termination", "white_points", "black_points", "result_status"]
    readonly_fields = ["board", "variant", "white_points", "black_points", "result_status"]
    autocomplete_fields = ["white", "black"]

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if obj is not None and obj.status != models.Round.Status.PAIRED:
            fields.insert(fields.index("termination") + 1, "final_position")
        return fields

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is None or obj.status != models.Round.Status.PAIRED:
            fields += ["white", "black"]
        else:
            fields += ["result", "termination"]
        return fields

    def has_add_permission(self, request, obj=None):
        return False


class ByeInline(EventRoleInline, admin.TabularInline):
    model = models.Bye
    extra = 0
    can_delete = False
    readonly_fields = ["player", "kind", "points"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(models.Round)
class RoundAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["event", "number", "status", "variant_block", "published_at"]
    list_filter = ["status"]
    readonly_fields = ["event", "number", "status", "variant_block", "published_at"]
    inlines = [GameInline, ByeInline]
    actions = ["publish", "undo_pairing"]

    def has_add_permission(self, request, obj=None):
        return False  # rounds are made by pairing (Event actions)

    def save_formset(self, request, form, formset, change):
        if formset.model is not Game:
            return super().save_formset(request, form, formset, change)
        rnd = form.instance
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []  # saved by the services
        try:
            with transaction.atomic():  # every board of the form, or none
                if rnd.status == models.Round.Status.PAIRED:
                    boards = []
                    for f in sorted(formset.forms, key=lambda f: f.instance.board):
                        boards.append((f.cleaned_data["white"].pk, f.cleaned_data["black"].pk))
                    if boards != [(g.white_id, g.black_id) for g in rnd.games.order_by("board")]:
                        services.set_round_pairings(rnd, boards, by=request.user)
                else:
                    for f in formset.forms:
                        if {"result", "termination", "final_position"} & set(f.changed_data):
                            self._enter_result(request, f)
        except ValidationError as exc:
            refuse(request, f"Nothing saved: {error_text(exc)}")

    @staticmethod
    def _enter_result(request, form) -> None:
        game = Game.objects.get(pk=form.instance.pk)
        try:
            services.enter_result(
                game,
                result=form.cleaned_data["result"],
                termination=form.cleaned_data["termination"],
                position=form.cleaned_data.get("final_position", ""),
                by=request.user,
            )
        except ValidationError as exc:
            raise ValidationError(f"board {game.board}: {error_text(exc)}") from None

    @admin.action(description="Publish the selected rounds")
    def publish(self, request, queryset):
        run_on_each(request, queryset, services.publish_round, "{} published")

    @admin.action(description="Undo the pairing of the selected (unpublished) rounds")
    def undo_pairing(self, request, queryset):
        run_on_each(request, queryset, services.unpair_round, "{}: pairing undone")


@admin.register(models.PairingChange)
class PairingChangeAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["at", "event", "round", "user", "description"]
    list_filter = ["event"]
    readonly_fields = ["event", "round", "user", "at", "description"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

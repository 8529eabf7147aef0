"""The organizers' admin: events, players, rounds (pair, edit, publish), results, dice, colour report.

Permissions: superusers and staff holding the model permission see everything; any other staff user sees only the
events they organize or arbitrate. Arbiters run rounds and enter results; only the organizer changes the event
itself, imports players and closes it. Every write goes through tournaments.services, so the admin refuses bad
input with the same messages as the API and leaves nothing half-written.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from tournaments import models, services
from tournaments.models import Game


def _message(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(m for msgs in exc.message_dict.values() for m in msgs)
    return " ".join(exc.messages)


def _refused(request, text: str) -> None:
    """Show a service's refusal; the admin's own "saved successfully" message is then suppressed."""
    request._service_refused = True
    messages.error(request, text)


def _each(request, queryset, service: Callable[..., object], done: str) -> None:
    """Run ``service(row, by=user)`` on each selected row: ``done`` (formatted with the row) or the refusal per row."""
    for row in queryset:
        try:
            service(row, by=request.user)
            messages.success(request, done.format(row))
        except ValidationError as exc:
            messages.error(request, _message(exc))


class EventScoped:
    """Admin mixin: rows belong to an event reached through ``event_path``; access follows the event's roles."""

    event_path = "event__"

    def _sees_all(self, request, perm: str = "view") -> bool:
        user = request.user
        return user.is_superuser or user.has_perm(f"{self.opts.app_label}.{perm}_{self.opts.model_name}")

    def _events_of(self, request):
        return models.Event.objects.filter(Q(organizer=request.user) | Q(arbiters=request.user)).distinct()

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if self._sees_all(request):
            return qs
        return qs.filter(**{f"{self.event_path}in": self._events_of(request)}).distinct()

    def _event(self, obj):
        for part in self.event_path.rstrip("_").split("__") if self.event_path else []:
            obj = getattr(obj, part)
        return obj

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # An organizer or arbiter may pick only their own events (and their registrations) in add forms.
        if not self._sees_all(request, "change"):
            if db_field.name == "event":
                kwargs["queryset"] = self._events_of(request)
            elif db_field.name == "registration":
                kwargs["queryset"] = models.Registration.objects.filter(event__in=self._events_of(request))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def message_user(self, request, message, level=messages.INFO, *args, **kwargs):
        if level == messages.SUCCESS and getattr(request, "_service_refused", False):
            return  # a service refused the save: "added/changed successfully" would be false
        super().message_user(request, message, level, *args, **kwargs)

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        if self._sees_all(request):
            return True
        if obj is None:
            return request.user.is_staff and self._events_of(request).exists()
        return services.is_arbiter(request.user, self._event(obj))

    def has_change_permission(self, request, obj=None):
        if self._sees_all(request, "change"):
            return True
        return self.has_view_permission(request, obj)

    def has_add_permission(self, request, obj=None):
        return self._sees_all(request, "add") or (request.user.is_staff and self._events_of(request).exists())

    def has_delete_permission(self, request, obj=None):
        return self._sees_all(request, "delete")


class EventRoleInline:
    """Inline mixin: an inline is editable by whoever may change the parent (the event's roles decide)."""

    def _parent_event(self, obj):
        return obj if isinstance(obj, models.Event) else getattr(obj, "event", None)

    def has_view_permission(self, request, obj=None):
        event = self._parent_event(obj)
        return event is None or services.is_arbiter(request.user, event) or request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def has_add_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)


class RegistrationInline(EventRoleInline, admin.TabularInline):
    model = models.Registration
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "seed", "status", "joined_round", "withdrawn_after_round"]
    readonly_fields = ["status", "joined_round", "withdrawn_after_round"]

    def has_delete_permission(self, request, obj=None):
        # Once round 1 is paired a registration is history: withdraw the player instead.
        return super().has_delete_permission(request, obj) and not (obj and obj.pk and obj.rounds.exists())


class ForbiddenPairingInline(EventRoleInline, admin.TabularInline):
    model = models.ForbiddenPairing
    extra = 0
    autocomplete_fields = ["player_a", "player_b"]


class CsvImportForm(forms.Form):
    file = forms.FileField(help_text="Columns: name (required), rating, federation, fide_id, seed. UTF-8.")


@admin.register(models.Event)
class EventAdmin(EventScoped, admin.ModelAdmin):
    event_path = ""
    list_display = ["name", "slug", "format", "variant_policy", "scoring", "status", "organizer"]
    list_filter = ["format", "status", "scoring"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    inlines = [RegistrationInline, ForbiddenPairingInline]
    actions = ["pair_next_round", "publish_paired_round", "close_events"]
    readonly_fields = ["status", "tools"]

    @admin.display(description="Tools")
    def tools(self, obj):
        if not obj.pk:
            return "—"
        return format_html(
            '<a href="{}">Import players from CSV</a> · <a href="{}">Colour report</a>',
            reverse("admin:tournaments_event_import_csv", args=[obj.pk]),
            reverse("admin:tournaments_event_colour_report", args=[obj.pk]),
        )

    def get_queryset(self, request):
        qs = admin.ModelAdmin.get_queryset(self, request)
        if self._sees_all(request):
            return qs
        return qs.filter(Q(organizer=request.user) | Q(arbiters=request.user)).distinct()

    def _event(self, obj):
        return obj

    def has_change_permission(self, request, obj=None):
        if self._sees_all(request, "change"):
            return True
        if obj is None:
            return self.has_view_permission(request)
        return services.is_arbiter(request.user, obj)

    def has_add_permission(self, request, obj=None):
        return request.user.is_staff  # any staff user may organize an event of their own

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and not services.is_organizer(request.user, obj) and not self._sees_all(request, "change"):
            fields += ["name", "slug", "format", "rounds_planned", "variant_policy", "variant_key", "time_control",
                       "scoring", "tiebreaks", "organizer", "arbiters", "is_public", "starts_on"]  # fmt: skip
        return fields

    def get_changeform_initial_data(self, request):
        return {"organizer": request.user.pk}

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        services.prepare_event(obj)

    def save_formset(self, request, form, formset, change):
        if formset.model is not models.Registration:
            return super().save_formset(request, form, formset, change)
        event = form.instance
        instances = formset.save(commit=False)
        try:
            with transaction.atomic():  # all registrations of the form, or none
                for obj in formset.deleted_objects:
                    obj.delete()
                for reg in instances:
                    if reg.pk:
                        reg.save()
                        continue
                    services.register_player(event, reg.player, seed=reg.seed or None, by=request.user)
        except ValidationError as exc:
            _refused(request, f"Registrations not saved: {_message(exc)}")

    # --- actions ------------------------------------------------------------------------------------------
    @admin.action(description="Pair and publish the next round (background task)")
    def pair_next_round(self, request, queryset):
        from tournaments.tasks.pairing import pair_and_publish_round

        for event in queryset:
            if not services.is_arbiter(request.user, event):
                messages.error(request, f"{event}: you are not an arbiter of this event")
                continue
            result = pair_and_publish_round.delay(event.pk, None, True, request.user.pk)
            if result.ready():  # eager (no broker): we know the outcome now
                outcome = result.get()
                if outcome.get("ok"):
                    messages.success(request, f"{event}: round {outcome['round']} paired and published")
                else:
                    messages.error(request, f"{event}: {outcome['error']}")
            else:
                messages.info(request, f"{event}: pairing queued")

    @admin.action(description="Publish the paired round")
    def publish_paired_round(self, request, queryset):
        for event in queryset:
            rnd = event.rounds.filter(status=models.Round.Status.PAIRED).first()
            if rnd is None:
                messages.warning(request, f"{event}: no paired, unpublished round")
                continue
            if not services.is_arbiter(request.user, event):
                messages.error(request, f"{event}: you are not an arbiter of this event")
                continue
            services.publish_round(rnd, by=request.user)
            messages.success(request, f"{event}: round {rnd.number} published")

    @admin.action(description="Close the event")
    def close_events(self, request, queryset):
        for event in queryset:
            if not services.is_organizer(request.user, event) and not self._sees_all(request, "change"):
                messages.error(request, f"{event}: only the organizer closes the event")
                continue
            try:
                services.close_event(event, by=request.user)
                messages.success(request, f"{event}: closed")
            except ValidationError as exc:
                messages.error(request, f"{event}: {_message(exc)}")

    # --- extra pages ----------------------------------------------------------------------------------------
    def get_urls(self):
        extra = [
            path("<int:pk>/import-csv/", self.admin_site.admin_view(self.import_csv_view), name="tournaments_event_import_csv"),
            path(
                "<int:pk>/colour-report/",
                self.admin_site.admin_view(self.colour_report_view),
                name="tournaments_event_colour_report",
            ),
        ]
        return extra + super().get_urls()

    def import_csv_view(self, request, pk: int):
        event = get_object_or_404(self.get_queryset(request), pk=pk)
        if not (services.is_organizer(request.user, event) or self._sees_all(request, "change")):
            messages.error(request, "Only the organizer imports players.")
            return redirect(reverse("admin:tournaments_event_change", args=[pk]))
        form = CsvImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            raw = form.cleaned_data["file"].read()
            try:
                text = raw.decode("utf-8-sig")
                regs = services.import_players(event, text, by=request.user)
            except UnicodeDecodeError:
                messages.error(request, "The file is not UTF-8 text; nothing was imported.")
            except ValidationError as exc:
                messages.error(request, f"{_message(exc)}. Nothing was imported.")
            else:
                messages.success(request, f"Imported {len(regs)} players.")
                return redirect(reverse("admin:tournaments_event_change", args=[pk]))
        context = {**self.admin_site.each_context(request), "opts": self.opts, "event": event, "form": form,
                   "title": f"Import players into {event}"}  # fmt: skip
        return TemplateResponse(request, "admin/tournaments/event/import_csv.html", context)

    def colour_report_view(self, request, pk: int):
        event = get_object_or_404(self.get_queryset(request), pk=pk)
        context = {**self.admin_site.each_context(request), "opts": self.opts, "event": event,
                   "report": services.colour_report(event), "title": f"Colour report: {event}"}  # fmt: skip
        return TemplateResponse(request, "admin/tournaments/event/colour_report.html", context)


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


@admin.register(models.Registration)
class RegistrationAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["player", "event", "seed", "status", "joined_round", "withdrawn_after_round"]
    list_filter = ["status"]
    search_fields = ["player__name", "event__name"]
    readonly_fields = ["status", "joined_round", "withdrawn_after_round"]
    autocomplete_fields = ["player"]
    actions = ["withdraw"]

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
                messages.error(request, _message(exc))

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        try:
            services.register_player(obj.event, obj.player, seed=obj.seed or None, by=request.user)
        except ValidationError as exc:
            _refused(request, _message(exc))


@admin.register(models.ByeRequest)
class ByeRequestAdmin(EventScoped, admin.ModelAdmin):
    event_path = "registration__event__"
    list_display = ["registration", "round_number"]

    def save_model(self, request, obj, form, change):
        try:
            services.request_bye(obj.registration.event, obj.registration.player, obj.round_number, by=request.user)
        except ValidationError as exc:
            _refused(request, _message(exc))


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
            _refused(request, f"Nothing saved: {_message(exc)}")

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
            raise ValidationError(f"board {game.board}: {_message(exc)}") from None

    @admin.action(description="Publish the selected rounds")
    def publish(self, request, queryset):
        _each(request, queryset, services.publish_round, "{} published")

    @admin.action(description="Undo the pairing of the selected (unpublished) rounds")
    def undo_pairing(self, request, queryset):
        _each(request, queryset, services.unpair_round, "{}: pairing undone")


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
            _refused(request, _message(exc))


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


@admin.register(models.PairingChange)
class PairingChangeAdmin(EventScoped, admin.ModelAdmin):
    list_display = ["at", "event", "round", "user", "description"]
    list_filter = ["event"]
    readonly_fields = ["event", "round", "user", "at", "description"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

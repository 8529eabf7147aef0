"""The event admin: settings, registrations and forbidden pairings inline, the round actions, CSV import, colour report.

Arbiters run rounds; only the organizer changes the event itself, imports players and closes it.
"""

from __future__ import annotations

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
from tournaments.admin.scoped import EventRoleInline, EventScoped, error_text, refuse


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
            refuse(request, f"Registrations not saved: {error_text(exc)}")

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
                messages.error(request, f"{event}: {error_text(exc)}")

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
                messages.error(request, f"{error_text(exc)}. Nothing was imported.")
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

"""The event admin: settings, registrations and forbidden pairings inline, the round actions, CSV import, colour report.

Arbiters run rounds; only the organizer changes the event itself, imports players and closes it.
"""

from __future__ import annotations

from functools import partial

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

import tournaments.admin.logins as logins
import tournaments.services.audit as log
from tournaments import models, services
from tournaments.admin.director import dice_view, event_for, hub_view, import_rows_errors, players_view
from tournaments.admin.forms import EventForm
from tournaments.admin.players import seed_from
from tournaments.admin.scoped import EventRoleInline, EventScoped, error_text, refuse
from tournaments.services import event_settings
from tournaments.services.audit import EVENT_CREATED, audit
from tournaments.services.dice import rolled_text
from tournaments.services.way_in_settings import SETTINGS as WAY_IN_SETTINGS
from tournaments.services.way_in_settings import update_way_in


class RegistrationInline(EventRoleInline, admin.TabularInline):
    model = models.Registration
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "seed", "seed_from", "status", "joined_round", "withdrawn_after_round"]
    readonly_fields = ["seed_from", "status", "joined_round", "withdrawn_after_round"]

    @admin.display(description="Seed from")
    def seed_from(self, obj) -> str:
        return seed_from(obj)

    def has_delete_permission(self, request, obj=None):
        # Once round 1 is paired a registration is history: withdraw the player instead.
        return super().has_delete_permission(request, obj) and not (obj and obj.pk and obj.rounds.exists())


class ForbiddenPairingInline(EventRoleInline, admin.TabularInline):
    model = models.ForbiddenPairing
    extra = 0
    autocomplete_fields = ["player_a", "player_b"]


class SectionInline(admin.TabularInline):
    """The event's sections (issue 27), each run from its own page ("Run"); they are added through the organizer
    API's ``sections`` (one service, services.sections.add_section), so this list changes nothing."""

    model = models.Section
    fk_name = "event"
    extra = 0
    fields = ["name", "slug", "band", "players", "run"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="Rating band")
    def band(self, obj) -> str:
        return obj.band() or "—"

    @admin.display(description="Players")
    def players(self, obj) -> int:
        return obj.body.registrations.count()

    @admin.display(description="Run")
    def run(self, obj):
        return format_html('<a href="{}">Run {}</a>', reverse("admin:tournaments_event_director", args=[obj.body_id]), obj.name)


class CsvImportForm(forms.Form):
    file = forms.FileField(help_text="A CSV file in UTF-8 with the columns above.")


def _save_forbidden_pairings(request, event: models.Event, formset) -> None:
    """Forbidden pairings added, changed or removed: saved together, and the change in the audit trail."""
    with transaction.atomic():
        formset.save()
        lines = [f"Forbidden: {p.player_a} - {p.player_b}" + (f" ({p.reason})" if p.reason else "") for p in formset.new_objects]
        lines += [f"Changed: {p.player_a} - {p.player_b}" for p, _ in formset.changed_objects]
        lines += [f"No longer forbidden: {p.player_a} - {p.player_b}" for p in formset.deleted_objects]
        if lines:
            audit(event, log.FORBIDDEN_PAIRINGS_CHANGED, "\n".join(lines), by=request.user)


@admin.register(models.Event)
class EventAdmin(EventScoped, admin.ModelAdmin):
    event_path = ""
    list_display = ["name", "slug", "format", "variant_policy", "scoring", "status", "organizer", "run_link"]
    list_filter = ["format", "status", "scoring"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    inlines = [SectionInline, RegistrationInline, ForbiddenPairingInline]
    actions = ["announce_events", "pair_next_round", "publish_paired_round", "close_events"]
    readonly_fields = ["status", "pairing_system", "tools"]
    form = EventForm

    @admin.display(description="Pairing system")
    def pairing_system(self, obj):
        # Chosen from the variant policy (tournaments.services.pairing_system): shown, never set by hand.
        return services.pairing_system_label(obj) if obj.pk else "—"

    @admin.display(description="Director")
    def tools(self, obj):
        if not obj.pk:
            return "—"
        return format_html(
            '<a class="button" href="{}">Run the event</a> · <a href="{}">Dice ceremony</a> · '
            '<a href="{}">Import players from CSV</a> · <a href="{}">Late entry and withdrawal</a> · '
            '<a href="{}">Colour report</a> · <a href="{}">Audit trail</a>',
            reverse("admin:tournaments_event_director", args=[obj.pk]),
            reverse("admin:tournaments_event_dice", args=[obj.pk]),
            reverse("admin:tournaments_event_import_csv", args=[obj.pk]),
            reverse("admin:tournaments_event_players", args=[obj.pk]),
            reverse("admin:tournaments_event_colour_report", args=[obj.pk]),
            reverse("admin:tournaments_pairingchange_changelist") + f"?event={obj.pk}",
        )

    @admin.display(description="Run")
    def run_link(self, obj):
        return format_html('<a href="{}">Run</a>', reverse("admin:tournaments_event_director", args=[obj.pk]))

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

    def get_prepopulated_fields(self, request, obj=None):
        # Django cannot prepopulate a read-only field (KeyError 'slug'): someone who may only view the event
        # (an arbiter) gets no prepopulation.
        if "slug" in self.get_readonly_fields(request, obj):
            return {}
        return super().get_prepopulated_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and not services.is_organizer(request.user, obj) and not self._sees_all(request, "change"):
            fields += ["name", "slug", "format", "rounds_planned", "variant_policy", "variant_key", "time_control",
                       "scoring", "tiebreaks", "tiebreak_edition", "organizer", "arbiters", "is_public", "starts_on", "city",
                       "federation", "chief_arbiter", "baku_acceleration", "rated", "seed_by"]  # fmt: skip
        return fields

    def get_changeform_initial_data(self, request):
        return {"organizer": request.user.pk}

    def save_model(self, request, obj, form, change):
        if change:  # through the services the API calls: checked again under the lock, and audited
            names = [n for n in (*event_settings.LOCKED, *event_settings.OPEN) if n in form.fields or n == "variant_options"]
            way_in = {n: getattr(obj, n) for n in WAY_IN_SETTINGS if n in form.fields}
            before = models.Event.objects.get(pk=obj.pk)
            also = ["arbiters"] if "arbiters" in form.changed_data else []
            try:
                with transaction.atomic():
                    event_settings.update_event(before, {n: getattr(obj, n) for n in names}, by=request.user, also=also)
                    if way_in:
                        update_way_in(before, way_in, by=request.user)
            except ValidationError as exc:  # changed by someone else since the form was checked
                refuse(request, f"Nothing saved: {error_text(exc)}")
                return
            services.prepare_event(obj)  # more planned rounds: their blocks' commitments
            return
        super().save_model(request, obj, form, change)
        services.prepare_event(obj)
        if not change:
            audit(obj, EVENT_CREATED, f"Event created ({obj.get_status_display().lower()})", by=request.user)
            messages.info(request, f"{obj} is a draft: only you and its arbiters see it until you announce it.")

    def response_add(self, request, obj, post_url_continue=None):
        if "_continue" not in request.POST and "_addanother" not in request.POST:
            return redirect(reverse("admin:tournaments_event_director", args=[obj.pk]))
        return super().response_add(request, obj, post_url_continue)

    def save_formset(self, request, form, formset, change):
        if formset.model is models.ForbiddenPairing:
            return _save_forbidden_pairings(request, form.instance, formset)
        if formset.model is not models.Registration:
            return super().save_formset(request, form, formset, change)
        event = form.instance
        instances = formset.save(commit=False)
        typed = {f.instance.pk for f in formset.forms if f.instance.pk and "seed" in f.changed_data}
        try:
            with transaction.atomic():  # all registrations of the form, or none
                for obj in formset.deleted_objects:
                    obj.delete()
                seeds = []
                for reg in instances:
                    if reg.pk:
                        before = models.Registration.objects.get(pk=reg.pk).seed
                        reg.seed_given = reg.seed > 0 if reg.pk in typed else reg.seed_given  # 0: by rating
                        reg.save()
                        seeds += [f"{reg.player}: seed {before} → {reg.seed}"] if before != reg.seed else []
                        continue
                    services.register_player(event, reg.player, seed=reg.seed or None, by=request.user, rank_now=False)
                services.rank_unseeded(event)  # seed 0 or none: by rating (FIDE C.04.2) until round 1 is paired
                if seeds:
                    audit(event, log.SEEDS_CHANGED, "Pairing numbers changed:\n" + "\n".join(seeds), by=request.user)
        except ValidationError as exc:
            refuse(request, f"Registrations not saved: {error_text(exc)}")

    # --- actions ------------------------------------------------------------------------------------------
    @admin.action(description="Announce (make the draft public)")
    def announce_events(self, request, queryset):
        for event in queryset:
            if not (services.is_organizer(request.user, event) or self._sees_all(request, "change")):
                messages.error(request, f"{event}: only the organizer announces the event")
                continue
            services.announce_event(event, by=request.user)
            messages.success(request, f"{event}: announced")

    @admin.action(description="Pair the next round (unpublished, for review)")
    def pair_next_round(self, request, queryset):
        paired = []
        for event in queryset:
            if not services.is_arbiter(request.user, event):
                messages.error(request, f"{event}: you are not an arbiter of this event")
                continue
            try:
                outcome = services.pair_round_outcome(event, by=request.user)
            except ValidationError as exc:
                messages.error(request, f"{event}: {error_text(exc)}")
                continue
            rnd = outcome.round
            if outcome.rolled_now:
                messages.warning(request, f"{event}: block {rnd.variant_block.index} had not been rolled: "
                                          f"the server rolled it now ({rolled_text(rnd.variant_block)})")  # fmt: skip
            messages.success(request, f"{event}: round {rnd.number} paired, not published: review it")
            paired.append(rnd)
        if len(paired) == 1:
            return redirect(reverse("admin:tournaments_round_review", args=[paired[0].pk]))
        return None

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
            try:
                services.publish_round(rnd, by=request.user)
            except ValidationError as exc:
                messages.error(request, f"{event}: {error_text(exc)}")
                continue
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
        def page(route: str, view, name: str):
            return path(f"<int:pk>/{route}/", self.admin_site.admin_view(partial(view, self)), name=f"tournaments_event_{name}")

        extra = [
            page("director", hub_view, "director"),
            page("dice", dice_view, "dice"),
            page("players", players_view, "players"),
            path("<int:pk>/import-csv/", self.admin_site.admin_view(self.import_csv_view), name="tournaments_event_import_csv"),
            page("colour-report", EventAdmin.colour_report_view, "colour_report"),
            page("logins", logins.logins_view, "logins"),  # issue 23
        ]
        return extra + super().get_urls()

    def import_csv_view(self, request, pk: int):
        """Upload a CSV: every row is checked and every error shown in a table; nothing is saved unless all are good
        ("Check only" saves nothing in any case)."""
        event = event_for(self, request, pk, organizer=True)
        form = CsvImportForm(request.POST or None, request.FILES or None)
        errors: list[dict] = []
        if request.method == "POST" and form.is_valid():
            dry_run = "check" in request.POST
            try:
                text = form.cleaned_data["file"].read().decode("utf-8-sig")
                done = services.import_players(event, text, by=request.user, dry_run=dry_run)
            except UnicodeDecodeError:
                errors = [{"row": None, "field": "file", "reason": "the file is not UTF-8 text"}]
            except ValidationError as exc:
                errors = import_rows_errors(exc)
            else:
                if dry_run:
                    messages.success(request, f"All {len(done.rows)} rows are good; nothing was saved yet.")
                else:
                    messages.success(request, f"Imported {len(done.registrations)} players.")
                    return redirect(reverse("admin:tournaments_event_director", args=[pk]))
            if errors:
                messages.error(request, f"{len(errors)} problem(s) in the file: nothing was imported.")
        context = {**self.admin_site.each_context(request), "opts": self.opts, "event": event, "form": form,
                   "errors": errors, "title": f"Import players into {event}", "page": "import",
                   "hub_url": reverse("admin:tournaments_event_director", args=[pk])}  # fmt: skip
        return TemplateResponse(request, "admin/tournaments/event/import_csv.html", context)

    def colour_report_view(self, request, pk: int):
        event = event_for(self, request, pk)
        context = {**self.admin_site.each_context(request), "opts": self.opts, "event": event,
                   "report": services.colour_report(event), "title": f"Colour report: {event}",
                   "hub_url": reverse("admin:tournaments_event_director", args=[pk])}  # fmt: skip
        return TemplateResponse(request, "admin/tournaments/event/colour_report.html", context)

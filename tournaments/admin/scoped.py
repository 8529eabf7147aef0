"""What every admin page of an event's rows shares: access by the event's roles, and showing a service's refusal.

Permissions: superusers and staff holding the model permission see everything; any other staff user sees only the
events they organize or arbitrate (:class:`EventScoped`); an inline is editable by whoever may change its parent
(:class:`EventRoleInline`). Every write goes through tournaments.services, so the admin refuses bad input with the
same messages as the API and leaves nothing half-written.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q

from tournaments import models, services


def error_text(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(m for msgs in exc.message_dict.values() for m in msgs)
    return " ".join(exc.messages)


# The requests whose save a service refused (weakly held: gone with the request): the admin's own "saved
# successfully" message is then suppressed. Kept here rather than as an attribute set on Django's request.
_REFUSED: weakref.WeakSet = weakref.WeakSet()


def refuse(request, text: str) -> None:
    """Show a service's refusal; the admin's own "saved successfully" message is then suppressed."""
    _REFUSED.add(request)
    messages.error(request, text)


def run_on_each(request, queryset, service: Callable[..., object], done: str) -> None:
    """Run ``service(row, by=user)`` on each selected row: ``done`` (formatted with the row) or the refusal per row."""
    for row in queryset:
        try:
            service(row, by=request.user)
            messages.success(request, done.format(row))
        except ValidationError as exc:
            messages.error(request, error_text(exc))


def _number(value: str | None) -> int | None:
    return int(value) if value and value.isascii() and value.isdigit() and len(value) < 10 else None


def event_filter(field: str) -> type[admin.SimpleListFilter]:
    """A list filter by event (``field`` leads to the event), offering the events the user runs."""

    class EventFilter(admin.SimpleListFilter):
        title = "event"
        parameter_name = "event"

        def lookups(self, request, model_admin):
            events = models.Event.objects.visible_to(request.user)
            if not models.sees_every_event(request.user):
                events = events.filter(Q(organizer=request.user) | Q(arbiters=request.user)).distinct()
            return [(e.pk, e.name) for e in events.order_by("-created_at")[:200]]

        def queryset(self, request, queryset):
            pk = _number(self.value())
            return queryset.filter(**{f"{field}__pk": pk}) if pk else queryset

    return EventFilter


def round_filter(field: str) -> type[admin.SimpleListFilter]:
    """A list filter by round number (``field`` is the number), of the chosen event's rounds when one is chosen."""

    class RoundFilter(admin.SimpleListFilter):
        title = "round"
        parameter_name = "round"

        def lookups(self, request, model_admin):
            rounds = models.Round.objects.all()
            event = _number(request.GET.get("event"))
            if event:
                rounds = rounds.filter(event_id=event)
            numbers = sorted(set(rounds.values_list("number", flat=True)))[:100]
            return [(n, f"Round {n}") for n in numbers]

        def queryset(self, request, queryset):
            number = _number(self.value())
            return queryset.filter(**{field: number}) if number else queryset

    return RoundFilter


class EventScoped:
    """Admin mixin: rows belong to an event reached through ``event_path``; access follows the event's roles.

    Every list gets filters by event and, for rows of a round, by round number (:meth:`get_list_filter`).
    """

    event_path = "event__"

    def get_list_filter(self, request):
        filters = list(super().get_list_filter(request))
        if not self.event_path:
            return filters
        field = self.event_path[: -len("__")]
        if field not in filters:
            filters.insert(0, event_filter(field))
        prefix = self.event_path[: -len("event__")]
        if prefix.endswith("round__"):
            filters.insert(1, round_filter(f"{prefix}number"))
        elif self.opts.model is models.Round:
            filters.insert(1, round_filter("number"))
        return filters

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
        if level == messages.SUCCESS and request in _REFUSED:
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

"""Tasks in the admin: each one's state, runs and last failure, read-only.

Superusers and staff holding the ``outbox.view_task`` permission see every task; any other staff user (an
organizer, an arbiter) sees the tasks they asked for (``requested_by``), such as pairing a round of their event.
"""

from __future__ import annotations

from django.contrib import admin

from outbox.models import Mail, Task


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    # What an organizer looks for first: which task, how it stands, why it failed; the rest is on its page.
    list_display = ("what", "state", "failure", "runs", "created_at")
    list_display_links = ("what",)
    list_filter = ("state", "name")
    search_fields = ("target", "name", "error")
    date_hierarchy = "created_at"
    readonly_fields = [f.name for f in Task._meta.fields]

    @admin.display(description="task", ordering="target")
    def what(self, task: Task) -> str:
        return task.target or task.name

    @admin.display(description="last failure")
    def failure(self, task: Task) -> str:
        return task.error.splitlines()[0][:120] if task.error else ""

    def _sees_all(self, request) -> bool:
        return request.user.is_superuser or request.user.has_perm("outbox.view_task")

    def get_queryset(self, request):
        qs = super().get_queryset(request).select_related("requested_by")
        return qs if self._sees_all(request) else qs.filter(requested_by=request.user)

    def has_module_permission(self, request) -> bool:
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None) -> bool:
        if self._sees_all(request):
            return True
        if not (request.user.is_active and request.user.is_staff):
            return False
        return obj is None or obj.requested_by_id == request.user.pk

    def has_add_permission(self, request) -> bool:
        return False  # tasks are recorded by the writes that need them

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser


@admin.register(Mail)
class MailAdmin(admin.ModelAdmin):
    """The mails recorded and whether they went out (superusers and ``outbox.view_mail`` only: they hold links)."""

    list_display = ("kind", "to", "subject", "created_at", "sent_at", "attempts")
    list_filter = ("kind",)
    search_fields = ("to", "subject", "error")
    readonly_fields = [f.name for f in Mail._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

"""A team event's teams and line-ups in the admin (issue 27). A team is added or changed (name, captain, roster in
board order) and a round's line-up entered through the services the API calls (``POST /api/events/{slug}/teams/``,
``PUT /api/events/{slug}/rounds/{n}/lineups/{team_id}/``): the form first runs the service on what was typed in a
savepoint it rolls back, so a refusal is shown next to its field with the input kept and nothing written; the save
then runs it for real. The admin thereby refuses exactly what the API refuses."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from tournaments import models, services
from tournaments.admin.scoped import EventScoped, error_text, refuse
from tournaments.services.teams import TEAM, create_team, submit_lineup, update_team

MAX_ID = 2**63 - 1


class _DryRun(Exception):
    """Raised inside the savepoint to roll back a service run that succeeded."""


def player_ids(text: str, field: str) -> list[int]:
    """Player ids typed as ``12, 15, 9`` (commas or spaces), in the order typed."""
    tokens = (text or "").replace(",", " ").split()
    if not all(t.isascii() and t.isdigit() and 0 < int(t) <= MAX_ID for t in tokens):
        raise ValidationError({field: "player ids are whole numbers, separated by commas (e.g. 12, 15, 9)"})
    return [int(t) for t in tokens]


class ServiceCheckedForm(forms.ModelForm):
    """A form whose model checks are the service's: ``service()`` runs and is rolled back; its refusals are put on
    the fields (``renamed`` maps the service's field names to the form's)."""

    renamed: dict[str, str] = {}

    def service(self) -> Callable[[], object] | None:
        raise NotImplementedError

    def _post_clean(self) -> None:
        if self.errors:
            return
        try:
            run = self.service()
            with transaction.atomic():
                if run is not None:
                    run()
                raise _DryRun
        except _DryRun:
            return
        except ValidationError as exc:
            errors = exc.message_dict if hasattr(exc, "error_dict") else {None: exc.messages}
            for field, reasons in errors.items():
                name = self.renamed.get(field, field)
                for reason in reasons:
                    self.add_error(name if name in self.fields else None, reason)


class TeamForm(ServiceCheckedForm):
    captain = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID, label="Captain (player id)",
                                 help_text="One of the roster: may submit the team's line-ups.")  # fmt: skip
    roster = forms.CharField(widget=forms.Textarea(attrs={"rows": 2, "cols": 40}), label="Roster (player ids)",
                             help_text="Board 1 first, separated by commas, e.g. 12, 15, 9, 21.")  # fmt: skip
    renamed = {"competitor": "event"}

    class Meta:
        model = models.Team
        fields = ["event", "name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        team = self.instance
        if team.pk and not self.is_bound:
            self.initial.update(name=team.name, captain=team.captain_id,
                                roster=", ".join(str(m.player_id) for m in team.members.order_by("board")))  # fmt: skip

    def clean_roster(self) -> list[int]:
        return player_ids(self.cleaned_data["roster"], "roster")

    def service(self) -> Callable[[], object]:
        data, by = self.cleaned_data, getattr(self, "user", None)
        values = {"name": data.get("name", ""), "roster": data["roster"], "captain": data.get("captain"), "by": by}
        if self.instance.pk:
            return lambda: update_team(self.instance, **values)
        return lambda: create_team(data["event"], **values)


class MemberInline(admin.TabularInline):
    """The roster as saved, with each player's id (what the roster field takes); changed through that field."""

    model = models.TeamMember
    extra = 0
    fields = ["board", "player", "player_number"]
    readonly_fields = fields
    can_delete = False

    @admin.display(description="Player id")
    def player_number(self, obj) -> int:
        return obj.player_id

    def has_view_permission(self, request, obj=None):
        return obj is None or request.user.is_superuser or services.is_arbiter(request.user, obj.event)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(models.Team)
class TeamAdmin(EventScoped, admin.ModelAdmin):
    form = TeamForm
    list_display = ["name", "event", "seed", "captain", "page"]
    search_fields = ["name", "event__name"]

    def get_fields(self, request, obj=None):
        return ["event", "seed", "name", "captain", "roster", "lineups"] if obj else ["event", "name", "captain", "roster"]

    def get_readonly_fields(self, request, obj=None):
        return ["event", "seed", "lineups"] if obj else []

    def get_inlines(self, request, obj):
        return [MemberInline] if obj else []

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        form.user = request.user
        return form

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "event":  # only team events take teams (the service refuses the others too)
            field.queryset = field.queryset.filter(competitor=TEAM)
        return field

    def has_delete_permission(self, request, obj=None):
        return False  # the API deletes no team: a team that played is part of the record

    def save_model(self, request, obj, form, change):
        try:
            saved = form.service()()  # checked by the form; run again under the transaction the admin opened
        except ValidationError as exc:  # changed by someone else since the form was checked
            refuse(request, error_text(exc))
            return
        obj.pk, obj.event_id, obj.name, obj.captain_id, obj.seed = (saved.pk, saved.event_id, saved.name,
                                                                   saved.captain_id, saved.seed)  # fmt: skip

    @admin.display(description="Line-ups")
    def lineups(self, obj):
        names = dict(models.Player.objects.filter(team_memberships__team=obj).values_list("pk", "name"))
        rows = [(lineup.round_number, reverse("admin:tournaments_lineup_change", args=[lineup.pk]),
                 ", ".join(names.get(pid, str(pid)) for pid in lineup.players))
                for lineup in obj.lineups.order_by("round_number")]  # fmt: skip
        add = reverse("admin:tournaments_lineup_add") + f"?team={obj.pk}"
        listed = format_html_join("", '<li>Round {}: <a href="{}">{}</a></li>', rows)
        return format_html('<ul style="margin:0">{}</ul><a href="{}">Enter a line-up</a>', listed, add)

    @admin.display(description="Page")
    def page(self, obj):
        return format_html('<a href="{}">team page</a>', reverse("event-team", args=[obj.event.slug, obj.pk]))


class LineupForm(ServiceCheckedForm):
    boards = forms.CharField(label="Boards (player ids)", widget=forms.TextInput(attrs={"size": 40}),
                             help_text="Players of the roster, board 1 first, in roster order.")  # fmt: skip
    renamed = {"round": "round_number"}

    class Meta:
        model = models.Lineup
        fields = ["team", "round_number"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and not self.is_bound:
            self.initial["boards"] = ", ".join(map(str, self.instance.players))

    def clean_boards(self) -> list[int]:
        return player_ids(self.cleaned_data["boards"], "boards")

    def service(self) -> Callable[[], object]:
        data, lineup = self.cleaned_data, self.instance
        team = lineup.team if lineup.pk else data["team"]
        number = lineup.round_number if lineup.pk else data["round_number"]
        return lambda: submit_lineup(team, number, data["boards"], by=getattr(self, "user", None))


@admin.register(models.Lineup)
class LineupAdmin(EventScoped, admin.ModelAdmin):
    event_path = "team__event__"
    form = LineupForm
    list_display = ["team", "round_number", "players", "submitted_by", "submitted_at"]
    list_select_related = ["team"]

    def get_fields(self, request, obj=None):
        return ["team", "round_number", "boards", "submitted_by", "submitted_at"] if obj else ["team", "round_number", "boards"]

    def get_readonly_fields(self, request, obj=None):
        return ["team", "round_number", "submitted_by", "submitted_at"] if obj else []

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        form.user = request.user
        return form

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "team" and not self._sees_all(request, "change"):
            kwargs["queryset"] = models.Team.objects.filter(event__in=self._events_of(request))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_delete_permission(self, request, obj=None):
        return False  # as the API: a line-up is replaced, never deleted (without one the roster's first N play)

    def save_model(self, request, obj, form, change):
        try:
            saved = form.service()()
        except ValidationError as exc:
            refuse(request, error_text(exc))
            return
        obj.pk, obj.team_id, obj.round_number, obj.players = saved.pk, saved.team_id, saved.round_number, saved.players

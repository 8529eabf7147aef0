"""Admin for games and result reports, scoped like the tournaments admin: an organizer or arbiter sees the games
and reports of their own events only (staff with the model permissions see all). Results are never typed in
here: they are written by tournaments.services.results.record_result (the round page, the result API, or "accept" below)."""

from django.contrib import admin
from django.core.exceptions import ValidationError

from games import models
from games.reports import record_report, resolve_open_reports
from tournaments import services
from tournaments.admin import EventScoped
from tournaments.models import Game

RESULT_FIELDS = ["result", "termination", "white_points", "black_points", "result_status"]


@admin.register(Game)
class GameAdmin(EventScoped, admin.ModelAdmin):
    event_path = "round__event__"
    list_display = ["round", "board", "white", "black", "result", "termination", "result_status", "status"]
    list_filter = ["status", "result_status"]
    list_select_related = ["round__event", "white", "black"]
    readonly_fields = ["round", "board", "white", "black", *RESULT_FIELDS]

    def has_add_permission(self, request, obj=None):
        return False  # games are made by pairing a round


@admin.register(models.ResultReport)
class ResultReportAdmin(EventScoped, admin.ModelAdmin):
    """Reports awaiting confirmation and disputes: the arbiter accepts one, or enters the result on the round page."""

    event_path = "game__round__event__"
    list_display = ["game", "reporter", "outcome", "termination", "white_points", "black_points", "status", "responder"]
    list_filter = ["status", "game__round__event"]
    search_fields = ["game__white__name", "game__black__name", "reporter__username"]
    list_select_related = ["game__round__event", "game__white", "game__black", "reporter", "responder"]
    readonly_fields = ["game", "reporter", "outcome", "termination", "position", "white_points", "black_points", "status",
                       "responder", "comment", "created_at", "updated_at"]  # fmt: skip
    actions = ["accept_reports"]

    def has_add_permission(self, request, obj=None):
        return False  # players report through the API

    def has_change_permission(self, request, obj=None):
        return False  # a report is what a player said; the decision is a result, not an edited report

    @admin.action(description="Accept the selected reports as the final result")
    def accept_reports(self, request, queryset):
        accepted = 0
        for report in queryset.select_related("game__round__event"):
            game = report.game
            if not services.is_arbiter(request.user, game.round.event):
                self.message_user(request, f"{game}: you are not an arbiter of {game.round.event}", level="error")
                continue
            try:
                record_report(report, by=request.user)
            except ValidationError as exc:
                self.message_user(request, f"{game}: {'; '.join(exc.messages)}", level="error")
                continue
            resolve_open_reports(game, by=request.user)
            accepted += 1
        self.message_user(request, f"{accepted} result(s) made final.")

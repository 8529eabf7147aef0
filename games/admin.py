from django.contrib import admin

from games import models


@admin.register(models.Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "board", "white", "black", "result", "termination", "result_status", "status"]
    list_filter = ["status", "result_status"]
    list_select_related = ["round__event", "white", "black"]


@admin.register(models.ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    """Reports awaiting confirmation and disputes: organizers enter the decision through the result API or the game."""

    list_display = ["game", "reporter", "outcome", "termination", "white_points", "black_points", "status", "responder"]
    list_filter = ["status", "game__round__event"]
    search_fields = ["game__white__name", "game__black__name", "reporter__username"]
    list_select_related = ["game__round__event", "game__white", "game__black", "reporter", "responder"]
    readonly_fields = ["created_at", "updated_at"]
    raw_id_fields = ["game", "reporter", "responder"]
    actions = ["accept_reports"]

    @admin.action(description="Accept the selected reports as the final result")
    def accept_reports(self, request, queryset):
        from django.core.exceptions import ValidationError

        from games.results import record_result
        from games.serializers_results import OUTCOMES

        accepted = 0
        for report in queryset.select_related("game"):
            try:
                record_result(
                    report.game,
                    result=OUTCOMES[report.outcome],
                    termination=report.termination,
                    position=report.position,
                    by=request.user,
                )
            except ValidationError as exc:
                self.message_user(request, f"{report.game}: {'; '.join(exc.messages)}", level="error")
                continue
            report.game.reports.filter(status__in=["pending", "disputed"]).update(
                status=models.ResultReport.Status.RESOLVED, responder=request.user
            )
            accepted += 1
        self.message_user(request, f"{accepted} result(s) made final.")

"""Admin for games, result reports, and draw offers and claims (with the arbiter's queue of perpetual-check claims),
scoped like the tournaments admin: an organizer or arbiter sees the games and reports of their own events only (staff
with the model permissions see all). Results are never typed in here: they are written by
tournaments.services.results.record_result (the round page, the result API, "accept" or "uphold" below)."""

from django.contrib import admin
from django.core.exceptions import ValidationError

from games import game_admin, models
from games.play.perpetual import decide_perpetual_claim
from games.reports import record_report
from record.refusals import Refusal
from tournaments import services
from tournaments.admin import EventScoped

__all__ = ["game_admin"]  # the Game admin (read-only internals, the arbiter's page) lives in games.game_admin


@admin.register(models.ResultReport)
class ResultReportAdmin(EventScoped, admin.ModelAdmin):
    """Reports awaiting confirmation and disputes: the arbiter accepts one, or enters the result on the round page."""

    event_path = "game__round__event__"
    list_display = ["game", "reporter", "result", "termination", "white_points", "black_points", "status", "settled_by"]
    list_filter = ["status", "game__round__event"]
    search_fields = ["game__white__name", "game__black__name", "reporter__username"]
    list_select_related = ["game__round__event", "game__white", "game__black", "reporter", "responder"]
    readonly_fields = ["game", "reporter", "result", "termination", "position", "white_points", "black_points", "status",
                       "responder", "comment", "settled_by", "decision", "created_at", "updated_at"]  # fmt: skip
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
            accepted += 1
        self.message_user(request, f"{accepted} result(s) made final.")


@admin.register(models.GameAction)
class GameActionAdmin(EventScoped, admin.ModelAdmin):
    """Draw offers and claims made in live games. Filtered to "Awaiting the arbiter" it is the arbiter's queue of
    perpetual-check claims the opponent did not concede: read the moves, then uphold or reject (games.play.perpetual)."""

    event_path = "game__round__event__"
    list_display = ["game", "kind", "seat", "army", "status", "move_list", "created_at", "decided_by"]
    list_filter = ["status", "kind"]
    list_select_related = ["game__round__event", "game__white", "game__black", "decided_by"]
    readonly_fields = ["game", "kind", "seat", "army", "ply", "move_list", "position", "status", "created_at", "decided_at",
                       "decided_by", "note"]  # fmt: skip
    exclude = ["moves"]
    actions = ["uphold_claims", "reject_claims"]

    def has_add_permission(self, request, obj=None):
        return False  # players make offers and claims through the API

    @admin.display(description="Moves when made")
    def move_list(self, obj) -> str:
        return " ".join(obj.moves) or "(none)"

    def _decide(self, request, queryset, uphold: bool) -> None:
        decided = 0
        for action in queryset:
            try:
                decide_perpetual_claim(action.pk, uphold=uphold, by=request.user)
            except Refusal as exc:
                self.message_user(request, f"{action.game}: {exc.reason}", level="error")
                continue
            decided += 1
        self.message_user(request, f"{decided} claim(s) {'upheld' if uphold else 'rejected'}.")

    @admin.action(description="Uphold the selected perpetual-check claims: the checking player wins")
    def uphold_claims(self, request, queryset):
        self._decide(request, queryset, uphold=True)

    @admin.action(description="Reject the selected perpetual-check claims: play on")
    def reject_claims(self, request, queryset):
        self._decide(request, queryset, uphold=False)

"""The Game admin: a game's internals shown read-only, and the arbiter's page that acts through the services.

Moves, clock, status, version, variant, start and position are the live game's own record: written by play (the
move path, the flag check) and by the services, never typed in, so no edit here can leave a game its pages cannot
show. What an arbiter does to a game goes through the same functions as the API, each checked by the game's state
(record.game_states) and written to the event's audit trail: a result (tournaments.services.enter_result ->
record_result), the clock (games.play.arbiter.arbiter_clock) and a forfeit (a result whose ending is ``forfeit``).
"""

from __future__ import annotations

import json
from functools import partial

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from games.api_live import MAX_ADJUST_SECONDS
from games.play.arbiter import arbiter_clock
from record.refusals import Refusal
from tournaments import services
from tournaments.admin import EventScoped
from tournaments.admin.forms import ResultRowForm
from tournaments.admin.scoped import error_text
from tournaments.models import Game
from tournaments.services.corrections import FORFEIT_RESULTS
from tournaments.services.errors import RowErrors
from variants.terminations import FORFEIT

RESULT_FIELDS = ["result", "termination", "white_points", "black_points", "result_status"]
INTERNALS = ["variant", "start_options", "start_position", "status", "position", "move_list", "clock_shown",
             "controllers", "flag_deadline", "version", "started_at", "finished_at"]  # fmt: skip


class ClockForm(forms.Form):
    action = forms.ChoiceField(choices=[("pause", "Pause"), ("resume", "Resume"), ("adjust", "Add or take time")])
    side = forms.ChoiceField(choices=[("", "—"), ("white", "White army"), ("black", "Black army")], required=False)
    seconds = forms.IntegerField(required=False, min_value=-MAX_ADJUST_SECONDS, max_value=MAX_ADJUST_SECONDS,
                                 help_text="Seconds to add (negative: to take).")  # fmt: skip


class ForfeitForm(forms.Form):
    absent = forms.ChoiceField(
        label="Who forfeits", choices=[("", "—"), ("white", "White"), ("black", "Black"), ("both", "Both")]
    )


@admin.register(Game)
class GameAdmin(EventScoped, admin.ModelAdmin):
    event_path = "round__event__"
    list_display = ["round", "board", "white", "black", "result", "termination", "result_status", "status"]
    list_filter = ["status", "result_status"]
    list_select_related = ["round__event", "white", "black"]
    fields = ["round", "board", "white", "black", "arbiter", *RESULT_FIELDS, *INTERNALS]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False  # games are made by pairing a round

    def has_change_permission(self, request, obj=None):
        return False  # read-only: the arbiter acts on the arbiter's page, through the services

    def has_delete_permission(self, request, obj=None):
        return False  # a board goes only by a pairing edit (tournaments.services.pairing_edits)

    @admin.display(description="Arbiter")
    def arbiter(self, obj: Game) -> str:
        url = reverse("admin:tournaments_game_arbiter", args=[obj.pk])
        return format_html('<a class="button" href="{}">Result, clock or forfeit</a>', url)

    @admin.display(description="Moves")
    def move_list(self, obj: Game) -> str:
        return " ".join(str(m) for m in obj.moves) if isinstance(obj.moves, list) else json.dumps(obj.moves)

    @admin.display(description="Clock (as stored)")
    def clock_shown(self, obj: Game) -> str:
        return json.dumps(obj.clock, sort_keys=True)[:2000] if obj.clock else "—"

    def get_urls(self):
        view = self.admin_site.admin_view(partial(arbiter_view, self))
        return [path("<int:pk>/arbiter/", view, name="tournaments_game_arbiter"), *super().get_urls()]


def _game_for(model_admin, request, pk: int) -> Game:
    game = get_object_or_404(model_admin.get_queryset(request).select_related("round__event", "white", "black"), pk=pk)
    if not services.is_arbiter(request.user, game.round.event):
        raise PermissionDenied
    return game


def arbiter_view(model_admin, request, pk: int):
    """The arbiter's three forms for one game; each refusal is shown next to what was typed, nothing half-done."""
    game = _game_for(model_admin, request, pk)
    op = request.POST.get("op") if request.method == "POST" else None
    result = ResultRowForm(request.POST if op == "result" else None, game=game)
    clock = ClockForm(request.POST if op == "clock" else None, prefix="clock")
    forfeit = ForfeitForm(request.POST if op == "forfeit" else None, prefix="forfeit")
    form = {"result": result, "clock": clock, "forfeit": forfeit}.get(op or "")
    if form is not None and form.is_valid():
        try:
            done = _act(request, game, op, form)
        except (ValidationError, Refusal) as exc:
            _refused(request, form, exc)
        else:
            messages.success(request, done)
            return HttpResponseRedirect(reverse("admin:tournaments_game_arbiter", args=[game.pk]))
    event = game.round.event
    context = {**model_admin.admin_site.each_context(request), "opts": model_admin.opts, "game": game, "event": event,
               "title": f"Arbiter: round {game.round.number}, board {game.board}", "result": result, "clock": clock,
               "forfeit": forfeit, "state": game.state, "page": "game",
               "hub_url": reverse("admin:tournaments_event_director", args=[event.pk])}  # fmt: skip
    return TemplateResponse(request, "admin/tournaments/game/arbiter.html", context)


def _act(request, game: Game, op: str, form: forms.Form) -> str:
    by, data = request.user, form.cleaned_data
    if op == "result":
        row = form.row()
        if row is None:
            raise ValidationError({"result": "choose a result and how the game ended"})
        services.enter_results(game.round, [row], by=by)
        return f"Board {game.board}: result {row['result']} recorded."
    if op == "clock":
        if data["action"] == "adjust" and (not data.get("side") or data.get("seconds") is None):
            raise ValidationError({"seconds": "an adjustment names the army and the seconds"})
        arbiter_clock(game.pk, data["action"], side=data.get("side") or None, delta_ms=(data.get("seconds") or 0) * 1000, by=by)
        return f"Board {game.board}: clock {data['action']} done."
    services.enter_result(game, result=FORFEIT_RESULTS[data["absent"]], termination=FORFEIT, by=by)
    return f"Board {game.board}: forfeit recorded."


def _refused(request, form: forms.Form, exc: Exception) -> None:
    if isinstance(exc, Refusal):
        field, text = exc.field, exc.reason
        form.add_error(field if field in form.fields else None, text)
    elif isinstance(exc, RowErrors):
        text = "; ".join(e["reason"] for e in exc.errors)
        for error in exc.errors:
            name = form.field_for(error["field"]) if hasattr(form, "field_for") else error["field"]
            form.add_error(name if name in form.fields else None, error["reason"])
    else:
        text = error_text(exc)
        for field, messages_ in getattr(exc, "message_dict", {"__all__": exc.messages}).items():
            for message in messages_:
                form.add_error(field if field in form.fields else None, message)
    messages.error(request, f"Nothing changed: {text}")

"""The director's pages of a round: review before publishing, the result grid, the printable pairing list, and the
diagram preview of a typed position. Each page calls tournaments.services, as the organizer API does."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import escape

from tournaments import models, services
from tournaments.admin.forms import ExchangeForm, ResultRowForm, ScheduleForm
from tournaments.admin.scoped import error_text
from tournaments.board_svg import position_svg
from tournaments.public.queries import scores_before
from tournaments.public.variant import event_variant_key
from tournaments.services.check_in import left_out
from tournaments.services.errors import RowErrors, reasons
from tournaments.services.history import plays
from tournaments.services.pairing_edits import untouched
from tournaments.services.review import review_rows
from tournaments.team_results import round_matches
from variants.base import Engine, InvalidPositionError
from variants.registry import get_engine

MAX_POSITION = 300
#: The games whose players' reports wait for an answer or an arbiter: the grid and the run sheet flag them.
UNSETTLED = {models.Game.ResultStatus.DISPUTED: "Disputed", models.Game.ResultStatus.REPORTED: "Reported, unconfirmed"}
FIELD_LABELS = {"forcing_side": "forcing side", "checking_side": "checking side", "position": "final position"}


def round_for(model_admin, request, pk: int) -> models.Round:
    rnd = get_object_or_404(model_admin.get_queryset(request).select_related("event", "variant_block"), pk=pk)
    if not (services.is_arbiter(request.user, rnd.event) or models.sees_every_event(request.user)):
        raise PermissionDenied
    return rnd


def _render(model_admin, request, template: str, rnd: models.Round, title: str, **context) -> TemplateResponse:
    event = rnd.event
    context = {**model_admin.admin_site.each_context(request), "opts": model_admin.opts, "round": rnd, "event": event,
               "title": title, "hub_url": reverse("admin:tournaments_event_director", args=[event.pk]), **context}  # fmt: skip
    return TemplateResponse(request, template, context)


def _back(url_name: str, pk: int) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse(url_name, args=[pk]))


# --- review before publishing ---------------------------------------------------------------------------------------


def review_view(model_admin, request, pk: int):
    """The boards with the colour history that explains each colour; swap, exchange, move the bye, re-pair,
    schedule, publish or delete while the round is unpublished; once published, the corrections before play (swap,
    exchange, a forfeit or a bye instead of a board, unpublish) on boards whose game has no move and no result."""
    rnd = round_for(model_admin, request, pk)
    playing = [reg for reg in rnd.event.registrations.select_related("player").order_by("player__name") if plays(reg, rnd.number)]
    players = [(r.player_id, r.player.name) for r in playing]  # a withdrawn player is never offered
    exchange = ExchangeForm(request.POST if request.POST.get("op") in ("exchange", "move_bye") else None, players=players)
    schedule = ScheduleForm(request.POST if request.POST.get("op") == "schedule" else None,
                            initial={"starts_at": rnd.starts_at})  # fmt: skip
    if request.method == "POST":
        done = _review_action(request, rnd, exchange, schedule)
        if done is not None:
            return done
    rnd.refresh_from_db()
    review = review_rows(rnd)
    open_boards = {g.board for g in rnd.games.all() if untouched(g)}
    for board in review["boards"]:
        board["open"] = board["board"] in open_boards
    published = rnd.status == models.Round.Status.PUBLISHED
    context = {"review": review, "exchange": exchange, "schedule": schedule,
               "editable": rnd.status == models.Round.Status.PAIRED, "correctable": published and bool(open_boards),
               "unpublishable": published and len(open_boards) == len(review["boards"]),
               "confirm_delete": request.method == "POST" and request.POST.get("op") == "delete",
               "not_checked_in": left_out(rnd)}  # fmt: skip
    return _render(model_admin, request, "admin/tournaments/round/review.html", rnd, f"Review round {rnd.number}", **context)


def _review_action(request, rnd: models.Round, exchange: ExchangeForm, schedule: ScheduleForm):
    """Run the posted operation; a redirect when it is done, None to show the page again with what was typed."""
    op, by = request.POST.get("op"), request.user
    try:
        if op in BOARD_OPS:
            return _board_action(request, rnd, op)
        if op in ("exchange", "move_bye"):
            if not exchange.is_valid():
                return None
            data = exchange.cleaned_data
            services.exchange_players(rnd, data["first"], data["second"], by=by, override=data["override"])
            messages.success(request, "Players exchanged." if op == "exchange" else "The bye moved.")
        elif op == "repair":
            services.repair_round(rnd, by=by)
            messages.success(request, f"Round {rnd.number} paired again.")
        elif op == "schedule":
            if not schedule.is_valid():
                return None
            services.schedule_round(rnd, schedule.cleaned_data["starts_at"], by=by)
            messages.success(request, "Start time saved.")
        elif op == "publish":
            services.publish_round(rnd, by=by)
            messages.success(request, f"Round {rnd.number} published: the players and the public see it now.")
            return _back("admin:tournaments_round_results", rnd.pk)
        elif op == "unpublish":
            services.unpublish_round(rnd, by=by)
            messages.success(request, f"Round {rnd.number} unpublished: correct it, then publish it again.")
        elif op == "delete":
            if request.POST.get("confirm") != "yes":
                return None  # the page asks first (confirm_delete)
            event = rnd.event
            services.delete_round(rnd, by=by)
            messages.success(request, f"Round {rnd.number} deleted; pair it again when ready.")
            return _back("admin:tournaments_event_director", event.pk)
    except ValidationError as exc:
        _refused(request, exc, exchange if op in ("exchange", "move_bye") else None)
        return None
    return _back("admin:tournaments_round_review", rnd.pk)


BOARD_OPS = ("swap", "correct")
CORRECTIONS = {"swap": ("swap", ""), "forfeit-white": ("forfeit", "white"), "forfeit-black": ("forfeit", "black"),
               "forfeit-both": ("forfeit", "both"), "bye-white": ("bye", "white"), "bye-black": ("bye", "black")}  # fmt: skip


def _board_action(request, rnd: models.Round, op: str) -> HttpResponseRedirect:
    """A correction of one board (swap colours; after publication also a forfeit or a bye instead of it)."""
    game = get_object_or_404(rnd.games, board=_int(request.POST.get("board")) or 0)
    if op == "correct":
        op, side = CORRECTIONS.get(request.POST.get("correction", ""), ("", ""))
        if not op:
            messages.error(request, "Nothing changed: choose a correction.")
            return _back("admin:tournaments_round_review", rnd.pk)
    if op == "swap":
        services.swap_colours(game, by=request.user)
        messages.success(request, f"Board {game.board}: colours swapped.")
    elif op == "forfeit":
        services.forfeit_board(game, side, by=request.user)
        messages.success(request, f"Board {game.board}: forfeit recorded.")
    elif op == "bye":
        services.bye_board(game, side, by=request.user, override=request.POST.get("override", ""))
        messages.success(request, f"Board {game.board} replaced by a bye.")
    return _back("admin:tournaments_round_review", rnd.pk)


def _refused(request, exc: ValidationError, form) -> None:
    if isinstance(exc, RowErrors):
        text = "; ".join((f"board {e['board']}: " if e.get("board") else "") + e["reason"] for e in exc.errors)
    else:
        text = error_text(exc)
    messages.error(request, f"Nothing changed: {text}")
    if form is not None:
        for error in getattr(exc, "errors", None) or [{"field": f, "reason": r} for f, r in reasons(exc)]:
            field = error["field"] if error["field"] in form.fields else None
            form.add_error(field, error["reason"])


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isascii() and value.isdigit() and len(value) < 6 else None


# --- the result grid ------------------------------------------------------------------------------------------------


def results_view(model_admin, request, pk: int):
    """One row per board with choices; a save checks every row, reports every error next to its row and keeps
    everything typed; nothing is saved unless every row is good."""
    rnd = round_for(model_admin, request, pk)
    games = list(rnd.games.select_related("white", "black", "round__event").order_by("board"))
    data = request.POST if request.method == "POST" else None
    forms = [ResultRowForm(data, game=game) for game in games]
    bad: list[dict] = []
    if data is not None:
        rows = [form.row() for form in forms if form.is_valid() and not form.unchanged()]
        invalid = [form for form in forms if form.errors]
        if invalid:
            boards = ", ".join(str(form.game.board) for form in invalid)
            messages.error(request, f"Nothing saved: check board(s) {boards}. Everything you typed is still here.")
        elif not [r for r in rows if r]:
            messages.info(request, "Nothing to save: no result was typed or changed.")
        else:
            try:
                saved = services.enter_results(rnd, [r for r in rows if r], by=request.user)
            except ValidationError as exc:
                bad = _grid_errors(exc, {f.game.board: f for f in forms})
                messages.error(request, f"Nothing saved: {len(bad)} problem(s) on board(s) "
                               f"{', '.join(sorted({str(e['board']) for e in bad if e.get('board')}))}. "
                               "Everything you typed is still here.")  # fmt: skip
            else:
                messages.success(request, f"{len(saved)} result(s) saved.")
                return _back("admin:tournaments_round_results", rnd.pk)
    rows = [{"form": f, "game": f.game, "preview": _preview(f), "errors": bool(f.errors),
             "flag": UNSETTLED.get(f.game.result_status, "")} for f in forms]  # fmt: skip
    unsettled = [{"game": r["game"], "words": r["flag"].lower()} for r in rows if r["flag"]]
    context = {"rows": rows, "bad": bad, "unsettled": unsettled,
               "published": rnd.status not in (models.Round.Status.PAIRED, models.Round.Status.PENDING)}  # fmt: skip
    return _render(model_admin, request, "admin/tournaments/round/results.html", rnd, f"Results of round {rnd.number}", **context)


def _grid_errors(exc: ValidationError, forms: dict[int, ResultRowForm]) -> list[dict]:
    """Put each refusal next to its board's field; the list of them for the summary."""
    errors = exc.errors if isinstance(exc, RowErrors) else [{"board": None, "field": f, "reason": r} for f, r in reasons(exc)]
    for error in errors:
        form = forms.get(error.get("board"))
        if form is not None:
            form.add_error(form.field_for(error["field"]), error["reason"])
    return [{**error, "label": FIELD_LABELS.get(error["field"], error["field"])} for error in errors]


def _preview(form: ResultRowForm) -> str:
    """An SVG of the typed position (or of the live game's final one), shown under the field."""
    position = (form.data.get(form.add_prefix("position")) or "").strip() if form.is_bound else ""
    position = position or form.choices.live_position
    if not position:
        return ""
    try:
        return position_svg(get_engine(form.game.variant), position[:MAX_POSITION],
                            title=f"Board {form.game.board}: final position", svg_id=f"pv{form.game.board}")  # fmt: skip
    except (KeyError, InvalidPositionError) as exc:
        return f'<p class="errornote">Not a position: {escape(str(exc))}</p>'


def _round_engine(rnd: models.Round) -> type[Engine]:
    """The engine of the round's games: its block's variant, else the event's."""
    return get_engine(rnd.variant_block.variant_key if rnd.variant_block else event_variant_key(rnd.event))


def diagram_view(model_admin, request, pk: int):
    """The SVG of ``?position=`` for the live preview of the grid's position fields."""
    rnd = round_for(model_admin, request, pk)
    position = request.GET.get("position", "")[:MAX_POSITION]
    try:
        svg = position_svg(_round_engine(rnd), position, title="Final position", svg_id="preview")
    except (KeyError, InvalidPositionError) as exc:
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="480" height="40" role="img"><text x="4" y="24" '
               f'font-family="sans-serif" font-size="14">Not a position: {escape(str(exc))}</text></svg>')  # fmt: skip
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["X-Content-Type-Options"] = "nosniff"
    return response


# --- the printable pairing list ---------------------------------------------------------------------------------------


def print_view(model_admin, request, pk: int):
    """The pairing list to pin on the wall: by board (pairing numbers, ratings, points before the round) and
    alphabetically, with the byes and, where dice chose it, the array to set the boards up from (a print stylesheet)."""
    rnd = round_for(model_admin, request, pk)
    games = list(rnd.games.select_related("white", "black").order_by("board"))
    numbers = dict(models.Registration.objects.filter(event=rnd.event).values_list("player_id", "seed"))
    before = scores_before(rnd)

    def seat(player: models.Player) -> dict:
        points = before.get(player.pk, 0.0)
        return {"name": player.name, "number": numbers.get(player.pk), "rating": player.rating, "points": points}

    matches = round_matches(rnd) if rnd.event.competitor == "team" else {}
    boards = [{"board": g.board, "white": seat(g.white), "black": seat(g.black), "result": g.result,
               "match": matches.get(g.board)} for g in games]  # fmt: skip
    seats = [(g.white.name, g.board, "White", g.black.name) for g in games]
    seats += [(g.black.name, g.board, "Black", g.white.name) for g in games]
    context = {"round": rnd, "event": rnd.event, "boards": boards, "alphabetical": sorted(seats), "array": _array_svg(rnd),
               "byes": rnd.byes.select_related("player").order_by("player__name")}  # fmt: skip
    return TemplateResponse(request, "admin/tournaments/round/print.html", context)


def _array_svg(rnd: models.Round) -> str:
    """The start position the round's dice chose, drawn ("" where no dice were rolled for it)."""
    block = rnd.variant_block
    if block is None or not block.rolled_at or not block.array:
        return ""
    title = f"Round {rnd.number}: the array rolled, to set every board up from"
    return position_svg(get_engine(block.variant_key), block.start_position, title=title, svg_id="array")

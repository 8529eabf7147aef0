"""The players' report page, ``/games/{id}/report/``: report a result, confirm or dispute the opponent's.

A client of the report API, like the play page is of the live API: the page shows the game's state and its
reports, and its script (static/js/report.js) sends the report, the confirmation or the dispute to
``/api/games/{id}/report/`` (and ``confirm/``, ``dispute/``) with the session login, so the page and the API refuse
alike (games.reports and the game's state decide). How the game may end is the variant's own endings
(``Engine.endings``); the side a stalemate or a perpetual check needs, and whether the ending is decided on
material, are the event's scoring profile's (``board_choices``); the final position is set up in the board editor
(static/js/board-editor.js, tournaments/board_editor.py). Every change is pushed over the game's socket, on which
the page reloads: both players see the new state at once.

Without its script (the link of the mail that tells a player of the opponent's report, opened in a mail client's
browser), the confirm and dispute buttons post the page's own form, answered through the same service
(games.reports.answer_report) with the API's status for a refusal. Opening the page changes nothing.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from config.api_errors import kind_of, status_of
from games.models import ResultReport
from games.play.live_game import LiveGame
from games.play.reads import visible_game
from games.play.seats import seats_of
from games.reports import OPEN, answer_report
from record import game_states
from record.refusals import Refusal
from tournaments.board_svg import position_svg
from tournaments.models import Game
from tournaments.services.result_grid import RESULT_LABELS, board_choices
from variants.base import InvalidPositionError
from variants.registry import get_engine

MAX_ID = 2**63 - 1
ANSWERS = {"confirm": game_states.CONFIRM, "dispute": game_states.DISPUTE}
DONE_WORDS = {"confirm": "Confirmed: the result is final.", "dispute": "Disputed: an arbiter decides the result."}
STATE_WORDS = {
    game_states.PAIRED: "No result yet",
    game_states.IN_PLAY: "In play",
    game_states.REPORTED: "Result reported",
    game_states.DISPUTED: "Result disputed",
    game_states.FINAL: "Result final",
}


def _diagram(game: Game, report: ResultReport | None) -> str:
    if report is None or not report.position:
        return ""
    try:
        return position_svg(get_engine(game.variant), report.position, title="The final position reported",
                            svg_id=f"report{report.pk}")  # fmt: skip
    except (KeyError, InvalidPositionError):
        return ""


def _endings(game: Game) -> dict:
    """The endings this game may have, with what the scoring needs of each (a side, the final position)."""
    choices = board_choices(game)
    names = choices.terminations
    return {
        "options": [(name, choices.label(name)) for name in names],
        "sides": {n: choices.side_field(n) for n in names if choices.side_field(n)},  # forcing_side / checking_side
        "material": [n for n in names if choices.needs_position(n)],
    }


def _reports(game: Game, user) -> dict:
    """The reports that matter to ``user`` now: the opponent's awaiting an answer, their own open one, and the
    history (superseded ones left out)."""
    rows = list(game.reports.select_related("reporter", "responder", "settled_by").exclude(status=ResultReport.Status.SUPERSEDED))
    theirs = next((r for r in rows if r.status == ResultReport.Status.PENDING and r.reporter_id != user.pk), None)
    mine = next((r for r in rows if r.status in OPEN and r.reporter_id == user.pk), None)
    names = {game.white.user_id: game.white.name, game.black.user_id: game.black.name}
    history = [{"report": r, "by": names.get(r.reporter_id, r.reporter.get_username())} for r in rows]
    return {"reports": history, "theirs": theirs, "mine": mine, "theirs_by": names.get(theirs.reporter_id) if theirs else ""}


def recorded_note(game: Game, report: ResultReport | None) -> str:
    """What the page says before anyone confirms ``report`` when the game would keep another result than the one
    reported (dynamic scoring: the points decide); "" when they agree."""
    if report is None or report.recorded_result == report.result:
        return ""
    choices = board_choices(game)
    leader = "White" if report.white_points > report.black_points else "Black"
    why = "is ahead on material" if choices.needs_position(report.termination) else "scores more"
    points = f"{float(report.white_points):g}–{float(report.black_points):g}"
    said = report.result.replace("1/2", "½")
    return (f"{said} by {choices.label(report.termination).lower()} is recorded as {report.recorded_result}, "
            f"{points}: {leader} {why}.")  # fmt: skip


def _answer_from_form(request, game: Game) -> tuple[dict, int]:
    """The page's own form (no script): confirm or dispute the opponent's report; (what to show, status)."""
    answer, comment = request.POST.get("answer", ""), request.POST.get("comment", "")[:500]
    try:
        if answer not in ANSWERS:
            raise ValidationError("choose confirm or dispute")
        answer_report(game, request.user, ANSWERS[answer], comment)
    except (ValidationError, Refusal) as exc:  # game_states.Refused is a Refusal
        error = "; ".join(exc.messages) if isinstance(exc, ValidationError) else exc.reason
        return {"error": error, "comment": comment}, status_of(kind_of(exc))  # the API's status (config.api_errors)
    game.refresh_from_db()
    return {"done": DONE_WORDS[answer]}, 200


@login_required
@require_http_methods(["GET", "POST"])
def report_page(request, game_id: int):
    """The report page of one of the player's games; anyone else is shown why not (403)."""
    game = visible_game(game_id, request.user) if game_id <= MAX_ID else None
    if game is None:
        raise Http404("no such game")
    seats = seats_of(LiveGame(game), request.user)
    if not seats:
        return render(request, "games/report.html", {"game": game, "not_yours": True}, status=403)
    shown, status = _answer_from_form(request, game) if request.method == "POST" else ({}, 200)
    state = game.state
    found = _reports(game, request.user)
    endings = _endings(game)
    context = {
        "game": game,
        "event": game.round.event,
        "variant_name": get_engine(game.variant).name,
        "you": "white" if "white" in seats else "black",
        "state": state,
        "state_words": STATE_WORDS.get(state, state),
        "may_report": game_states.allows(state, game_states.REPORT),
        "report_refused": game_states.refusal(state, game_states.REPORT),
        "results": list(RESULT_LABELS.items()),
        "endings": endings,
        "diagram": _diagram(game, found["theirs"] or found["mine"]),
        "recorded_note": recorded_note(game, found["theirs"] or found["mine"]),
        "config": {
            "game": game.pk,
            "state": state,
            "version": game.version,
            "editor": reverse("board-editor", args=[game.pk]),
            "api": f"/api/games/{game.pk}/",
            "sides": endings["sides"],
            "material": endings["material"],
        },
        **found,
        **shown,
    }
    return render(request, "games/report.html", context, status=status)

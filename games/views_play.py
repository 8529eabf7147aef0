"""The players' pages: ``/games/{id}/play/`` (play a game by clicking the board), its board data, and "My games"
(the report page is games.views_report).

The play page is the API's client: it reads ``GET /api/games/{id}/`` (or the game's socket) and sends moves and
game actions to the API with the session login and its CSRF token; nothing is played here. What the page cannot
read from the API, where each legal move goes on the board, comes from ``/games/{id}/play/data/``
(:mod:`games.move_squares`). Only the players of a game may open its play page; everybody else watches the live
page. A game that is not visible (an unpublished round, a private event) does not exist for the page.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from config.api_errors import as_refusal, refusal_json
from games.models import ResultReport
from games.move_squares import play_data
from games.play.claims import CLAIM_KINDS
from games.play.live_game import LiveGame
from games.play.reads import refresh_for_read, visible_game
from games.play.seats import seats_of
from games.play.store import PLAYABLE_ROUND_STATES
from games.serializers_live import game_detail
from record import game_states
from record.refusals import CONFLICT, NOT_FOUND, Refusal
from tournaments.models import Game
from variants.base import ARMIES, FIFTY_MOVES, PERPETUAL_CHECK, THREEFOLD, IllegalMoveError, InvalidPositionError
from variants.legend import figure_path
from variants.pieces import PIECES
from variants.registry import VariantUnavailable, get_engine

MAX_ID = 2**63 - 1  # a bigger id would overflow PostgreSQL's bigint: no such game
POLL_SECONDS = 3  # how often the page asks for the state when no socket carries it
RECENT_FINISHED = 10
# The claims a player may make from the page: (what the page calls it, whether it goes with the next move).
CLAIMS = {
    THREEFOLD: ("threefold repetition", "Threefold repetition", True),
    FIFTY_MOVES: ("the fifty-move rule", "Fifty-move rule", True),
    PERPETUAL_CHECK: ("perpetual check", "Perpetual check", False),
}


def _visible(request, game_id: int) -> Game:
    game = visible_game(game_id, request.user) if game_id <= MAX_ID else None
    if game is None:
        raise Http404("no such game")
    return game


def _figures() -> dict[str, dict[str, str]]:
    """Every figure's URL by piece name and colour, for the page's script."""
    return {name: {color: static(figure_path(name, color)) for color in ARMIES} for name in PIECES}


def _page_config(game: Game, seats: set[str]) -> dict:
    """What the page's script needs besides the game state: who is looking, where to send what, the figures."""
    engine = get_engine(game.variant)
    api = f"/api/games/{game.pk}/"
    return {
        "game": game.pk,
        "seats": sorted(seats),
        "files": engine.files,
        "ranks": engine.ranks,
        "simultaneous": engine.simultaneous,
        "canSwitch": engine.can_switch,
        "claims": [
            {"kind": kind, "label": CLAIMS[kind][1], "withMove": CLAIMS[kind][2]}
            for kind in CLAIM_KINDS
            if kind in engine.claims and kind in CLAIMS  # the engine's claimable endings (Reach has none of these)
        ],
        "claimNames": {kind: words for kind, (words, _, _) in CLAIMS.items()},
        "urls": {
            "state": api,
            "move": f"{api}moves/",
            "resign": f"{api}resign/",
            "draw": f"{api}draw/",
            "claim": f"{api}claim/",
            "data": reverse("game-play-data", args=[game.pk]),
            "socket": f"/ws/games/{game.pk}/",
            "watch": reverse("game-live", args=[game.pk]),
            "report": reverse("game-report", args=[game.pk]),
        },
        "poll": POLL_SECONDS,
        "figures": _figures(),
        "symbols": {piece.symbol: name for name, piece in PIECES.items()},
    }


def _data_json(game: Game) -> dict:
    data = play_data(game)
    return {"version": data.version, "moves": data.moves, "history": data.history}


@login_required
@require_GET
def play_page(request, game_id: int):
    """The board a player plays on; anyone else is told to watch the live page (403)."""
    game = _visible(request, game_id)
    seats = seats_of(LiveGame(game), request.user)
    if not seats:
        return render(request, "games/play.html", {"game": game, "not_yours": True}, status=403)
    now = timezone.now()
    try:
        game = refresh_for_read(game, now)
        detail = game_detail(game, request.user, now)
        data = _data_json(game)
    except (IllegalMoveError, InvalidPositionError, VariantUnavailable):
        raise Http404("this game's record cannot be shown") from None
    context = {
        "game": game,
        "event": game.round.event,
        "variant_name": get_engine(game.variant).name,
        "detail": detail,
        "data": data,
        "config": _page_config(game, seats),
    }
    return render(request, "games/play.html", context)


@require_GET
def play_data_view(request, game_id: int):
    """The board data of the current version: the legal moves as squares and the positions so far (JSON)."""
    try:
        game = _visible(request, game_id)
        game = refresh_for_read(game, timezone.now())
        body = _data_json(game)
    except Http404:
        return refusal_json(Refusal(NOT_FOUND, "game", "no such game"))
    except (IllegalMoveError, InvalidPositionError) as exc:
        return refusal_json(Refusal(CONFLICT, "game", f"the stored game does not replay: {exc}"))
    except (Refusal, VariantUnavailable) as exc:  # answered as the API answers them (config.api_errors)
        return refusal_json(as_refusal(exc))
    response = JsonResponse(body)
    response["Cache-Control"] = "no-store"
    return response


def _my_game_row(game: Game, user, waiting: frozenset[int] | set[int] = frozenset()) -> dict:
    army = "white" if game.white.user_id == user.pk else "black"
    opponent = game.black if army == "white" else game.white
    state = game.state
    return {
        "game": game,
        "army": army,
        "opponent": opponent,
        "variant": get_engine(game.variant).name,
        "play_url": reverse("game-play", args=[game.pk]),
        "watch_url": reverse("game-live", args=[game.pk]),
        "report_url": reverse("game-report", args=[game.pk]),
        "state": state,
        "settling": state in (game_states.REPORTED, game_states.DISPUTED),
        "your_answer": game.pk in waiting,  # the opponent's report waits for this player's answer
        "live": game.status == Game.Status.LIVE and not game.result and state == game_states.IN_PLAY,
    }


@login_required
@require_GET
def my_games(request):
    """The logged-in player's games: in play, then upcoming (published, not started), then the last finished."""
    mine = (
        Game.objects.filter(Q(white__user=request.user) | Q(black__user=request.user))
        .filter(round__status__in=PLAYABLE_ROUND_STATES)  # a private event's games are its players' too
        .select_related("round__event", "white", "black")
    )
    current = mine.exclude(status=Game.Status.FINISHED).exclude(result__gt="")
    current = current.order_by("round__starts_at", "round__event__name", "round__number", "board")
    finished = mine.filter(Q(status=Game.Status.FINISHED) | Q(result__gt="")).order_by("-finished_at", "-round__number")
    waiting = set(
        ResultReport.objects.filter(game__in=current, status=ResultReport.Status.PENDING)
        .exclude(reporter=request.user)
        .values_list("game_id", flat=True)
    )
    rows = [_my_game_row(g, request.user, waiting) for g in current]
    sections = [
        {"id": "live", "title": "In play", "playable": True, "empty": "No game of yours is in play.",
         "rows": [r for r in rows if r["live"]]},
        {"id": "results", "title": "Results to settle", "playable": False, "hide_empty": True, "empty": "",
         "rows": [r for r in rows if r["settling"]]},
        {"id": "upcoming", "title": "Upcoming", "playable": True,
         "empty": "No published pairing waits for you: your games appear here when the organizer publishes a round.",
         "rows": [r for r in rows if not r["live"] and not r["settling"]]},
        {"id": "finished", "title": "Recently finished", "playable": False, "empty": "No finished game yet.",
         "rows": [_my_game_row(g, request.user) for g in finished[:RECENT_FINISHED]]},
    ]  # fmt: skip
    return render(request, "games/my_games.html", {"sections": sections})

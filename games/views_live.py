"""The public live page of a game: board and clocks, kept current by the game's socket (/ws/games/{id}/).

No login is needed to watch, and the page shows what the public API shows (never a sealed Parity move). The server
renders the state when the page loads; games/static/games/live-page.js then draws each state the socket pushes
(falling back to a slow poll of the API only while the socket is down). Without JavaScript the page is still
complete; a "refresh" link reloads it. The fragment view renders the same state part alone.
"""

from __future__ import annotations

from html import escape

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.play.reads import refresh_for_read, visible_game
from games.serializers_live import game_detail
from tournaments.board_svg import board_svg
from tournaments.models import Game
from variants.base import ARMIES, Engine, IllegalMoveError, InvalidPositionError
from variants.pieces import BY_SYMBOL
from variants.registry import VariantUnavailable, get_engine

PIECE_NAMES = {symbol: piece.name for symbol, piece in BY_SYMBOL.items()}  # the board's description, drawn in the page
AWAITING = {"opponent": "the opponent's answer", "arbiter": "the arbiter's decision", "turn": "the end of the turn"}


def _board_html(engine: type[Engine], position: str, title: str, start: str) -> str:
    """The project's SVG board, with the figure of every piece of the start position defined (the page's script
    moves them as the game goes on: a promotion or a drop brings back a kind the start had); a plain text
    fallback for a position the diagram cannot read."""
    try:
        figures = {p.figure for p in engine.squares(start).pieces} if start else set()
        return board_svg(engine.squares(position), title=title, svg_id="live-board", figures=sorted(figures))
    except Exception:  # a diagram failure must not hide the game: show the position string
        return f'<p class="note">Position: <code>{escape(position)}</code></p>'


def _format_ms(ms: int | None) -> str:
    if ms is None:
        return "–"
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _context(request, game_id: int) -> dict:
    game = None
    if game_id <= 2**63 - 1:  # a bigger id would overflow PostgreSQL's bigint
        game = visible_game(game_id, request.user)
    if game is None:
        raise Http404("no such game")
    now = timezone.now()
    try:
        game = refresh_for_read(game, now)
        detail = game_detail(game, None, now)  # the public view, whoever asks
    except (IllegalMoveError, InvalidPositionError, VariantUnavailable):
        # Stored moves that no longer replay (edited by hand), or the variant's engine failed to load: no page to show.
        raise Http404("this game's record cannot be shown") from None
    clocks = detail["clocks"]
    sides = []
    for army in ARMIES:
        seat = detail["controllers"][army]
        sides.append(
            {
                "army": army,
                "player": detail[seat]["name"],
                "remaining": _format_ms(clocks[army]["remaining_ms"]),
                "remaining_ms": clocks[army]["remaining_ms"],
                "running": clocks[army]["running"],
                "sealed": detail.get("sealed", {}).get(army, False),
            }
        )
    moves = detail["moves"]
    numbered = (
        [{"number": i + 1, "text": m} for i, m in enumerate(moves)]
        if detail["simultaneous"]
        else [{"number": i // 2 + 1, "text": " ".join(moves[i : i + 2])} for i in range(0, len(moves), 2)]
    )
    engine = get_engine(game.variant)
    title = f"Board {game.board}: {game.white.name} - {game.black.name}"
    return {
        "game": game,
        "detail": detail,
        "event": game.round.event,
        "variant_name": engine.name,
        "board": _board_html(engine, detail["position"], title, _start(game)),
        "sides": sides,
        "numbered_moves": numbered,
        "live": detail["status"] != Game.Status.FINISHED,
        "piece_names": PIECE_NAMES,
        **_waiting(detail),
    }


def _start(game: Game) -> str:
    """The game's start position (its variant's own start when the game has none of its own)."""
    if game.start_position:
        return game.start_position
    engine = get_engine(game.variant)
    return engine.start_position(**(game.start_options or {}))


def _waiting(detail: dict) -> dict:
    """Who offers a draw or claims, by name, for the state fragment (the socket script words it the same way)."""
    offer, claim = detail.get("draw_offer"), detail.get("claim")
    return {
        "offer_by": detail[offer["by"]]["name"] if offer else "",
        "claim_by": detail[claim["by"]]["name"] if claim else "",
        "claim_awaits": AWAITING.get(claim["awaiting"], "") if claim else "",
    }


@require_GET
def live_game(request, game_id: int):
    return render(request, "games/live.html", _context(request, game_id))


@require_GET
def live_fragment(request, game_id: int):
    """The part of the page that changes (board, clocks, offer or claim, moves, result), rendered alone."""
    response = render(request, "games/_live_state.html", _context(request, game_id))
    response["Cache-Control"] = "no-store"
    return response

"""What an event's socket announces (``/ws/events/{slug}/``), built from the record's changes after commit.

``round-published`` {event, round, url}; ``result-final`` {event, round, board, game, result, termination,
white_points, black_points, url}; ``standings-updated`` {event, url}; and to each logged-in player of a newly
published round ``your-game`` {event, round, board, game, seat, army, opponent, url}.
"""

from __future__ import annotations

import logging

from games.push import EVENT_MESSAGE, encode, event_group, player_group, push_game, send
from tournaments.models import Event, Game, Round
from variants.base import ARMIES, BLACK, WHITE

log = logging.getLogger(__name__)


def _news(group: str, message: dict) -> tuple[str, dict]:
    return group, {"type": EVENT_MESSAGE, "group": group, "text": encode(message)}


def _points(value) -> float | None:
    return float(value) if value is not None else None


def round_published(event: Event, rnd: Round) -> list[tuple[str, dict]]:
    """The event's announcement and, for each player with an account, their own game of the round."""
    base = {"event": event.slug, "round": rnd.number}
    url = f"/events/{event.slug}/rounds/{rnd.number}/"
    messages = [_news(event_group(event.pk), {"type": "round-published", **base, "url": url})]
    games = Game.objects.filter(round_id=rnd.pk).select_related("white__user", "black__user").order_by("board")
    for game in games:
        players = {WHITE: game.white, BLACK: game.black}
        for seat in ARMIES:
            user_id = players[seat].user_id
            if user_id is None:
                continue
            opponent = players[BLACK if seat == WHITE else WHITE]
            army = next((a for a, s in (game.controllers or {}).items() if s == seat), seat)
            mine = {"type": "your-game", **base, "board": game.board, "game": game.pk, "seat": seat, "army": army,
                    "opponent": opponent.name, "url": f"/games/{game.pk}/"}  # fmt: skip
            messages.append(_news(player_group(event.pk, user_id), mine))
    return messages


def result_final(event: Event, game: Game) -> list[tuple[str, dict]]:
    message = {
        "type": "result-final",
        "event": event.slug,
        "round": game.round.number,
        "board": game.board,
        "game": game.pk,
        "result": game.result,
        "termination": game.termination,
        "white_points": _points(game.white_points),
        "black_points": _points(game.black_points),
        "url": f"/games/{game.pk}/",
    }
    return [_news(event_group(event.pk), message)]


def standings_updated(event: Event) -> list[tuple[str, dict]]:
    message = {"type": "standings-updated", "event": event.slug, "url": f"/events/{event.slug}/standings/"}
    return [_news(event_group(event.pk), message)]


def announce_round(event_id: int, round_id: int) -> None:
    """After commit: the round's news (read again, so that what is sent is what was committed)."""
    try:
        rnd = Round.objects.select_related("event").get(pk=round_id)
        send(round_published(rnd.event, rnd))
    except Exception:
        log.exception("event %s round %s: the publication could not be pushed", event_id, round_id)


def announce_result(game_id: int) -> None:
    """After commit: the result on the event's socket and the final state on the game's."""
    try:
        game = Game.objects.select_related("round__event", "white__user", "black__user").get(pk=game_id)
        send(result_final(game.round.event, game))
        push_game(game)
    except Exception:
        log.exception("game %s: the final result could not be pushed", game_id)


def announce_standings(event_id: int) -> None:
    try:
        event = Event.objects.get(pk=event_id)
        send(standings_updated(event))
    except Exception:
        log.exception("event %s: the standings could not be pushed", event_id)

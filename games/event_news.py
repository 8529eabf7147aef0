"""What an event's socket announces (``/ws/events/{slug}/``), built from the record's changes after commit.

``round-published`` {event, round, url}; ``result-final`` {event, round, board, game, result, termination,
white_points, black_points, url}; ``standings-updated`` {event, url}; ``round-corrected`` {event, round, what, text,
url} (a published round's pairing corrected before play, or the round unpublished); to each logged-in player of a
newly published round ``your-game`` {event, round, board, game, seat, army, opponent, url}, and to each player a
correction concerns ``your-game-changed`` {event, round, text, board, game, seat, opponent, bye, url} (board, game,
seat and opponent None when the player has no game in the round now).
"""

from __future__ import annotations

import logging

from games.push import EVENT_MESSAGE, encode, event_group, player_group, push_game, send
from tournaments.models import Event, Game, Player, Round
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


def round_corrected(event: Event, rnd: Round, detail: dict) -> list[tuple[str, dict]]:
    """The event's announcement of a correction and, for each player it concerns who has an account, where they
    play now (nothing of an unpublished round but the fact)."""
    base = {"event": event.slug, "round": rnd.number, "text": detail.get("text", "")}
    published = rnd.status in (Round.Status.PUBLISHED, Round.Status.COMPLETE)
    url = f"/events/{event.slug}/rounds/{rnd.number}/" if published else f"/events/{event.slug}/"
    messages = [_news(event_group(event.pk), {"type": "round-corrected", **base, "what": detail.get("what", ""), "url": url})]
    concerned = set(detail.get("players") or ())
    games = Game.objects.filter(round_id=rnd.pk).select_related("white__user", "black__user") if published else []
    seats = {}
    for game in games:
        seats[game.white_id] = (game, WHITE, game.black)
        seats[game.black_id] = (game, BLACK, game.white)
    byes = set(rnd.byes.values_list("player_id", flat=True)) if published else set()
    for player in Player.objects.filter(pk__in=concerned, user__isnull=False).order_by("pk"):
        game, seat, opponent = seats.get(player.pk, (None, None, None))
        mine = {"type": "your-game-changed", **base, "board": game.board if game else None, "game": game.pk if game else None,
                "seat": seat, "opponent": opponent.name if opponent else None, "bye": player.pk in byes,
                "url": f"/games/{game.pk}/" if game else url}  # fmt: skip
        messages.append(_news(player_group(event.pk, player.user_id), mine))
    return messages


def announce_correction(event_id: int, round_id: int, detail: dict) -> None:
    """After commit: the correction on the event's socket, each concerned player's news on their own."""
    try:
        rnd = Round.objects.select_related("event").get(pk=round_id)
        send(round_corrected(rnd.event, rnd, detail))
        for game in Game.objects.filter(round_id=round_id):
            push_game(game)  # a page open on the game sees its new players and colours
    except Exception:
        log.exception("event %s round %s: the correction could not be pushed", event_id, round_id)


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

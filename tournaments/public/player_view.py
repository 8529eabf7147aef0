"""What a player's page shows: the round-by-round table (colour, opponent with rating and federation, result,
points, ending and, in a rated classical event, the FIDE rating change of each game) and the player's standing
with the performance rating."""

from __future__ import annotations

from tournaments.models import Bye, Event, Game, Player
from tournaments.public import queries
from tournaments.public.display import fmt_points, result_display
from tournaments.public.rating import k_factor, rating_change
from variants.base import FORFEIT

NO_COLOUR = "–"  # the colour column of a bye
CLASSICAL_SCORE = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
# The game's result for the player whose page it is: (as White, as Black).
OUTCOME = {"1-0": ("win", "loss"), "0-1": ("loss", "win"), "1/2-1/2": ("draw", "draw"), "0-0": ("loss", "loss")}


def shows_rating_change(event: Event, player: Player) -> bool:
    """A rated event: a profile scoring what the FIDE rating counts (1, ½, 0: classical) and a rated player."""
    return event.profile.fide_rated and bool(player.rating)


def _change(game: Game, player: Player, opponent: Player, white: bool) -> float | None:
    """The FIDE rating change of a game over the board with a final result (forfeits are not rated)."""
    score = CLASSICAL_SCORE.get(queries.public_result(game))
    if score is None or game.termination == FORFEIT:
        return None
    return rating_change(player.rating, opponent.rating, score[0] if white else score[1])


def _game_row(game: Game, player: Player, rated: bool) -> dict:
    white = game.white_id == player.id
    opponent = game.black if white else game.white
    result = queries.public_result(game)
    own = game.white_points if white else game.black_points
    change = _change(game, player, opponent, white) if rated else None
    return {
        "round": game.round.number,
        "colour": queries.army_of(game, player).capitalize(),
        "opponent": opponent,
        "opponent_rating": opponent.rating or "",
        "result": OUTCOME.get(result, ("", ""))[0 if white else 1] if result else "",
        "game_result": result_display(result),
        "termination": game.termination if result else "",
        "points": fmt_points(own) if result else "",
        "change": change,
        "change_display": "" if change is None else f"{change:+.1f}",
        "live": game.status == Game.Status.LIVE and not result,
        "game_id": game.id,
    }


def _bye_row(number: int, bye: Bye) -> dict:
    return {
        "round": number,
        "colour": NO_COLOUR,
        "opponent": None,
        "opponent_rating": "",
        "result": bye.shown_kind(),
        "game_result": "",
        "termination": "",
        "points": fmt_points(bye.points),
        "change": None,
        "change_display": "",
        "live": False,
        "game_id": None,
    }


def player_rows(event: Event, player: Player, games: list[Game]) -> list[dict]:
    """The player's game (or bye) of each published round; a round with neither has no row."""
    rated = shows_rating_change(event, player)
    byes = queries.player_byes(event, player)
    by_round = {g.round.number: g for g in games}
    rows = []
    for rnd in queries.published_rounds(event):
        if rnd.number in by_round:
            rows.append(_game_row(by_round[rnd.number], player, rated))
        elif rnd.number in byes:
            rows.append(_bye_row(rnd.number, byes[rnd.number]))
    return rows


def rating_summary(event: Event, player: Player, rows: list[dict]) -> dict | None:
    """The total rating change of the rated games and the K factor used; None outside a rated classical event."""
    if not shows_rating_change(event, player):
        return None
    changes = [row["change"] for row in rows if row["change"] is not None]
    total = round(sum(changes), 1)
    return {"total": f"{total:+.1f}", "games": len(changes), "k": k_factor(player.rating)}


def player_standing(event: Event, player: Player) -> dict | None:
    """The player's rank, points and performance in the published standings (None before there are any)."""
    data = queries.standings_data(event, with_crosstable=False)
    if not data:
        return None
    row = next((r for r in data["rows"] if r.get("player_id") == player.id), None)
    if row is None:
        return None
    performance = row.get("performance")
    return {
        "rank": "" if row.get("rank") is None else str(row["rank"]),
        "points": fmt_points(row.get("points")),
        "performance": "" if performance is None else str(performance),
    }

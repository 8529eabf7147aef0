"""Pairings explained to everyone (issue 29): the facts the pure sentences of :mod:`pairing.explain`
need, read from the event's record before a round: each seat's pairing number, the score the pairing ranked by
(game points for the seed's Swiss; each game's result of record, 1, ½ or 0, for the FIDE Dutch system, as
docs/pairing.md says), colour history and due colour (the director's review's: tournaments.services.review). A read,
no writes."""

from __future__ import annotations

from collections import defaultdict

from pairing.explain import Board, Seat, explain, system_paragraph
from scoring import get_profile
from tournaments.models import Bye, Event, Game, Round
from tournaments.services.history import PlayerHistory, event_history, rounds_total
from tournaments.services.pairing_system import DUTCH, pairing_system_for
from tournaments.services.review import due_colour, dutch_due_colour

# The result of record as a game's classical points (white, black); forfeits count as the win or loss they are.
RESULT_POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "+/-": (1.0, 0.0), "-/+": (0.0, 1.0)}


def result_scores(event: Event, before_round: int) -> dict[int, float]:
    """player id -> the score a Dutch event pairs by before ``before_round``: 1, ½ or 0 a game by its result of
    record, the pairing bye a win, a requested bye its share of a game's points."""
    scores: dict[int, float] = defaultdict(float)
    games = Game.objects.filter(round__event=event, round__number__lt=before_round, result_status=Game.ResultStatus.FINAL)
    for white, black, result in games.values_list("white_id", "black_id", "result"):
        points = RESULT_POINTS.get(result, (0.0, 0.0))
        scores[white] += points[0]
        scores[black] += points[1]
    total = get_profile(event.scoring).game_total
    for player, kind, points in Bye.objects.filter(round__event=event, round__number__lt=before_round).values_list(
        "player_id", "kind", "points"
    ):
        scores[player] += 1.0 if kind == Bye.Kind.PAIRING else float(points) / total
    return dict(scores)


def _seat(h: PlayerHistory, number: int, score: float, dutch: bool) -> Seat:
    due = (dutch_due_colour if dutch else due_colour)(h.colours, number)
    return Seat(h.name, h.seed, score, h.colour_string(number - 1), due)


def _block(event: Event, rnd: Round) -> tuple[int, int, int] | None:
    if rnd.variant_block is None:
        return None
    index = rnd.variant_block.index
    first = 2 * index - 1
    return (index, first, max(first, min(2 * index, rounds_total(event))))


def round_explanations(rnd: Round) -> dict[int, str]:
    """game id -> why its two players meet and why each has their colour, for every board of ``rnd``."""
    event = rnd.event
    if event.system.pair_round is not None:  # a registered system's own pairing says its own colours
        return dict.fromkeys(rnd.games.values_list("pk", flat=True), event.system.colour_explanation or "")
    system = pairing_system_for(event)
    dutch = system == DUTCH
    history = event_history(event, before_round=rnd.number)
    scores = result_scores(event, rnd.number) if dutch else {pid: h.score for pid, h in history.items()}
    # A Dutch event scored in game points pairs by each game's result (docs/pairing.md): say which points these are.
    unit = ("result points" if dutch else "game points") if event.profile.shows_game_points else "points"
    block = _block(event, rnd)
    found = {}
    for game in rnd.games.order_by("board"):
        white, black = history.get(game.white_id), history.get(game.black_id)
        if white is None or black is None:  # a player no longer registered: nothing to say of their history
            continue
        board = Board(
            system=system,
            round=rnd.number,
            white=_seat(white, rnd.number, scores.get(white.player_id, 0.0), dutch),
            black=_seat(black, rnd.number, scores.get(black.player_id, 0.0), dutch),
            unit=unit,
            block=block,
            baku=dutch and event.baku_acceleration,
        )
        found[game.pk] = explain(board)
    return found


def event_paragraph(event: Event) -> str:
    """How the event's pairing system works, in a paragraph (the event page)."""
    if event.system.paragraph is not None:
        return event.system.paragraph
    return system_paragraph(pairing_system_for(event), baku=event.baku_acceleration, game_points=event.profile.shows_game_points)

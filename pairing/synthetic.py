"""Synthetic Swiss events for tests and benchmarks: pair with :func:`pair_swiss`, play random seeded results.

Results follow the shape of dynamic scoring (seed 002): 100-0 checkmate, 90-10 / 10-90 stalemate, 52-48 or 55-45
perpetual check, 51-49 material, 50-50 draw, the stronger player winning more often.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from pairing.colours import BLACK, NONE, WHITE
from pairing.swiss import SwissPlayer, SwissRound, pair_swiss

SPLITS = [(100, 0), (90, 10), (52, 48), (51, 49), (50, 50), (49, 51), (45, 55), (10, 90), (0, 100)]


@dataclass
class SyntheticEvent:
    players: dict[int, SwissPlayer]
    rounds: list[SwissRound] = field(default_factory=list)


def new_event(n: int, seed: int = 0) -> SyntheticEvent:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(n)), reverse=True)
    return SyntheticEvent({i: SwissPlayer(id=i, score=0.0, rating=r, seed=i + 1) for i, r in enumerate(ratings, 1)})


def play_round(event: SyntheticEvent, rng: random.Random, points_per_game: float = 100.0, **pairing: Any) -> SwissRound:
    """Pair the next round (``pairing``: options of :func:`pair_swiss`) and play it with random results."""
    number = len(event.rounds) + 1
    result = pair_swiss(event.players.values(), number, points_per_game=points_per_game, **pairing)
    play_pairing(event, result, rng, points_per_game)
    return result


def play_pairing(event: SyntheticEvent, pairing: SwissRound, rng: random.Random, points_per_game: float = 100.0) -> None:
    """Play a round already paired (by any pairing function) with random results and append it to the event."""
    players = event.players
    for white, black in pairing.pairs:
        w, b = players[white], players[black]
        bias = (w.rating - b.rating) / 800
        split = SPLITS[min(len(SPLITS) - 1, max(0, int(rng.gauss(4 - 4 * bias, 2.5))))]
        scale = points_per_game / 100
        players[white] = replace(w, score=w.score + split[0] * scale, colours=w.colours + WHITE, opponents=w.opponents | {black})
        players[black] = replace(b, score=b.score + split[1] * scale, colours=b.colours + BLACK, opponents=b.opponents | {white})
    if pairing.bye is not None:
        p = players[pairing.bye]
        players[pairing.bye] = replace(p, score=p.score + points_per_game, colours=p.colours + NONE, had_bye=True)
    event.rounds.append(pairing)


def simulate(n: int, rounds: int, seed: int = 0) -> SyntheticEvent:
    event = new_event(n, seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_round(event, rng)
    return event

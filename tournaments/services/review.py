"""What the director reviews before publishing a round: each board with the colour history that explains it.

Seed 002's pattern: colours change only after odd-numbered rounds (W B B W W B ...), so a player's due colour in
round n follows from their last played colour (docs/pairing.md). An event paired by the FIDE Dutch system
(tournaments.services.pairing_system) shows the Dutch colour preferences instead. A read, no writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.colours import BLACK, WHITE, opposite
from tournaments.models import Bye, Event, Round
from tournaments.services.history import PlayerHistory, event_history
from tournaments.services.pairing_system import DUTCH, pairing_system_for

COLOUR_NAME = {WHITE: "White", BLACK: "Black"}


def dutch_due_colour(colours: dict[int, str], number: int) -> str | None:
    """The colour a FIDE Dutch event gives a player in round ``number`` (C.04.1 and C.04.3, colour preferences):
    the colour that evens out whites and blacks (absolute past a difference of one, or after the same colour twice),
    else, at an even count, the other colour than the last game's; None before any game."""
    played = [c for r, c in sorted(colours.items()) if r < number and c in (WHITE, BLACK)]
    if not played:
        return None
    difference = played.count(WHITE) - played.count(BLACK)
    if difference:
        return BLACK if difference > 0 else WHITE
    return opposite(played[-1])


def due_colour(colours: dict[int, str], number: int) -> str | None:
    """The colour the pattern gives a player in round ``number`` from their last played round; None before any."""
    played = [(r, c) for r, c in colours.items() if r < number and c in (WHITE, BLACK)]
    if not played:
        return None
    last, colour = max(played)
    base = colour if (last // 2) % 2 == 0 else opposite(colour)  # the colour this player has in round 1's phase
    return base if (number // 2) % 2 == 0 else opposite(base)


SEED_PATTERN = "Colours change only after odd-numbered rounds: W B B W W B …"
DUTCH_PATTERN = (
    "FIDE Dutch colour preferences (C.04.1): even out whites and blacks (a difference of two, or the same colour "
    "twice in a row, must change), else alternate from the last game"
)


@dataclass(frozen=True)
class Seat:
    player_id: int
    name: str
    seed: int
    rating: int
    score: float
    history: str  # "wb-" per earlier round
    due: str | None  # w, b or None

    @property
    def history_display(self) -> str:
        return " ".join(c.upper() for c in self.history) or "none yet"


def _seat(h: PlayerHistory, number: int, dutch: bool) -> Seat:
    due = (dutch_due_colour if dutch else due_colour)(h.colours, number)
    return Seat(h.player_id, h.name, h.seed, h.rating, h.score, h.colour_string(number - 1), due)


def _why(event: Event, number: int, white: Seat, black: Seat) -> str:
    """One sentence explaining the colours of a board."""
    if event.system.colour_explanation is not None:
        return event.system.colour_explanation
    if number == 1 or (white.due is None and black.due is None):
        return "First game for both: colours from the drawn colour of pairing number 1 (docs/pairing.md)."
    parts = []
    for seat, got in ((white, WHITE), (black, BLACK)):
        if seat.due is None:
            parts.append(f"{seat.name} has no colour history yet")
        elif seat.due == got:
            parts.append(f"{seat.name} is due {COLOUR_NAME[got]}")
        else:
            parts.append(f"{seat.name} was due {COLOUR_NAME[seat.due]} but plays {COLOUR_NAME[got]}")
    text = "; ".join(parts) + "."
    if white.due == black.due and white.due is not None:
        if pairing_system_for(event) == DUTCH:
            text += " Both were due the same colour: the stronger preference, then the higher-ranked player, gets it."
        else:
            text += " Both were due the same colour: the higher-ranked player gets theirs."
    return text


def review_rows(rnd: Round) -> dict:
    """{"boards": [{board, game_id, white: Seat, black: Seat, why, rematch}], "byes": [{player_id, name, kind,
    points}], "pattern": text}: the round as the review screen shows it."""
    event = rnd.event
    history = event_history(event, before_round=rnd.number)
    dutch = pairing_system_for(event) == DUTCH
    boards = []
    for game in rnd.games.order_by("board"):
        white, black = history.get(game.white_id), history.get(game.black_id)
        if white is None or black is None:
            continue
        w, b = _seat(white, rnd.number, dutch), _seat(black, rnd.number, dutch)
        boards.append(
            {
                "board": game.board,
                "game_id": game.pk,
                "white": w,
                "black": b,
                "why": _why(event, rnd.number, w, b),
                "rematch": game.black_id in white.opponents,
            }
        )
    byes = [
        {
            "player_id": bye.player_id,
            "name": bye.player.name,
            "kind": bye.kind,
            "kind_display": bye.shown_kind(),
            "points": float(bye.points),
            "pairing": bye.kind == Bye.Kind.PAIRING,
        }  # fmt: skip
        for bye in rnd.byes.select_related("player").order_by("player__name")
    ]
    return {"boards": boards, "byes": byes, "pattern": DUTCH_PATTERN if dutch else SEED_PATTERN}

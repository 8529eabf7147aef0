"""Pairings explained to everyone (issue 29): why two players meet on a board and why each has their colour, in
public words, and a paragraph per pairing system for the event page. Pure: the services hand in plain facts.

The sentences say what the director's review says (tournaments.services.review: each seat's colour history, the
colour it was due and the rule that settled a clash), plus the score group or the float that brought the two
together, the seed's colour schedule and variant block for Random Variant Chess, and the Dutch criteria for an
event paired by the FIDE Dutch system. The colour sentence always opens with "<White> has White and <Black>
Black", so a reader (and a test) can hold it against the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.colours import BLACK, WHITE
from pairing.dutch import DUTCH, SEED_SCHEDULE

ROUND_ROBIN, MATCH = "round-robin", "match"
COLOUR = {WHITE: "White", BLACK: "Black"}

SYSTEM_PARAGRAPHS = {
    DUTCH: (
        "Rounds are paired by the FIDE Dutch system (C.04.3), as Swiss-Manager, Vega and bbpPairings pair them. "
        "Before each round players are ranked by score, then by pairing number, and grouped by score: each score "
        "group is split in two halves, the top half meeting the bottom half in order. Two players never meet twice, "
        "and nobody gets the bye twice. When a group cannot be paired within itself (an odd number, players who "
        "already met, colours that cannot both be granted) its lowest player floats down to the next group, and "
        "nobody floats the same way two rounds running if it can be avoided. Colours even out whites and blacks: "
        "nobody has the same colour three times in a row or two more of one colour than the other; otherwise "
        "colours alternate, and when two players are due the same colour the stronger preference, then the "
        "higher-ranked player, gets it. Each board says which of these rules brought its two players together."
    ),
    SEED_SCHEDULE: (
        "Rounds are paired by the seed's Swiss for Random Variant Chess. The variant changes every two rounds (a "
        "block), and colours change only after odd rounds (W B B W W B …), so that every player meets each "
        "variant once with each colour. Among all the pairings without a rematch, the one chosen has the smallest "
        "score differences between opponents (squared, so many small gaps are preferred to one large one) and "
        "the fewest players kept off their colour schedule. The bye goes to the lowest-ranked player who has not "
        "had one. Each board says how close its two scores were and how its colours follow the schedule."
    ),
    ROUND_ROBIN: (
        "Everyone meets everyone, in the order of the FIDE Berger tables by pairing number; the colours come from "
        "the tables, arranged so that colours change only after odd rounds wherever they can."
    ),
    MATCH: "Two players meet in every game; the player drawn for White in game 1 has White in games 1, 4, 5, 8, 9 …",
}


def system_paragraph(system: str, *, baku: bool = False, game_points: bool = False) -> str:
    """How the event's pairing system works, in a paragraph for the event page (``game_points``: the event is
    scored in game points, which a Dutch pairing does not group by)."""
    text = SYSTEM_PARAGRAPHS[system]
    if game_points and system == DUTCH:
        text += (
            " This event is scored in game points; the score groups are made of each game's result instead (a win "
            '1, a draw ½, a loss 0: the "result points" below), as the Dutch rules need equal scores to group by.'
        )
    if baku and system == DUTCH:
        text += (
            " This event uses Baku acceleration (C.04.5): in its first rounds the top half of the field counts "
            "virtual points for the pairing only, so that strong players meet each other earlier."
        )
    return text


@dataclass(frozen=True)
class Seat:
    """A player as the pairing saw them before the round: pairing number, the score the pairing ranks by, colour
    history (``w``, ``b`` or ``-`` per earlier round) and the colour they were due (``None``: no history)."""

    name: str
    number: int
    score: float
    history: str
    due: str | None


@dataclass(frozen=True)
class Board:
    """What a board's explanation needs: the system, the round, both seats, the unit of the scores, the variant
    block of the round (index, first and last round; seed schedule) and whether the event is accelerated."""

    system: str
    round: int
    white: Seat
    black: Seat
    unit: str = "points"
    block: tuple[int, int, int] | None = None
    baku: bool = False


def score_text(value: float) -> str:
    """2.5 -> "2½", 0.5 -> "½", 51 -> "51", 50.75 -> "50.75"."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == 0.5:
        return f"{int(whole) or ''}½"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _higher(board: Board) -> tuple[Seat, Seat]:
    """(the higher-ranked seat, the other): the higher score, then the lower pairing number."""
    w, b = board.white, board.black
    return (w, b) if (-w.score, w.number) <= (-b.score, b.number) else (b, w)


def meeting_sentence(board: Board) -> str:
    """Why these two players meet."""
    w, b = board.white, board.black
    if board.system == MATCH:
        return "A match: the same two players meet in every game."
    if board.system == ROUND_ROBIN:
        return f"The round-robin schedule (Berger tables) pairs numbers {w.number} and {b.number} in round {board.round}."
    if board.round == 1:
        return (
            f"Round 1: the field is ranked by pairing number and its top half meets its bottom half in order "
            f"({w.name} is number {w.number}, {b.name} number {b.number})."
        )
    high, low = _higher(board)
    unit = board.unit.removesuffix("s") if high.score == 1 else board.unit
    if high.score == low.score:
        group = f"Both had {score_text(high.score)} {unit} before the round"
        if board.system == DUTCH:
            return f"{group}: they meet in that score group, the top half against the bottom half, and had not met before."
        return f"{group}: the seed's Swiss pairs equal scores together, and they had not met before."
    gap = score_text(high.score - low.score)
    text = f"{high.name} ({score_text(high.score)} {unit}) floats down to meet {low.name} ({score_text(low.score)}): "
    if board.system == DUTCH:
        return text + (
            f"{high.name}'s score group could not be paired completely within itself (an odd number, players who "
            "had met, or colours), so a player moved down to the next group (a downfloat, C.04.3 1.4)."
        )
    return text + (
        f"a gap of {gap} was the smallest the whole round could be paired with, without a rematch and with the "
        "colours on schedule."
    )


def _seat_part(seat: Seat, got: str) -> str:
    played = " ".join(c.upper() for c in seat.history if c in "wb")
    if seat.due is None:
        return f"{seat.name} has no colour history yet"
    history = f"played {played}" if played else "has no game yet"
    if seat.due == got:
        return f"{seat.name} ({history}) was due {COLOUR[got]}"
    return f"{seat.name} ({history}) was due {COLOUR[seat.due]} but has {COLOUR[got]}"


def colour_sentence(board: Board) -> str:
    """Why each has their colour: always opens with "<White> has White and <Black> Black"."""
    w, b = board.white, board.black
    opening = f"{w.name} has White and {b.name} Black"
    if board.system == MATCH:
        return f"{opening}: colours alternate after odd games (W B B W W …) from the colour drawn for game 1."
    if board.system == ROUND_ROBIN:
        return f"{opening}: the colours of the Berger tables, changing only after odd rounds where they can."
    if board.round == 1 or (w.due is None and b.due is None):
        return f"{opening}: in a first game colours come from the colour drawn for pairing number 1, alternating down the boards."
    text = f"{opening}: {_seat_part(w, WHITE)}; {_seat_part(b, BLACK)}."
    rule = (
        "FIDE colour preferences (even out whites and blacks, never three in a row, else alternate)"
        if board.system == DUTCH
        else "the seed's schedule (colours change only after odd rounds: W B B W W …)"
    )
    if w.due == b.due and w.due is not None:
        high, _ = _higher(board)
        settled = (
            "the stronger preference, then the higher-ranked player"
            if board.system == DUTCH
            else "the stronger wish, then the higher-ranked player"
        )
        return text + f" Both were due {COLOUR[w.due]} under {rule}: {settled} gets it ({high.name})."
    return text + f" Each gets the colour due under {rule}."


def block_sentence(board: Board) -> str:
    """The seed schedule's variant block the round belongs to (empty for other systems)."""
    if board.system != SEED_SCHEDULE or board.block is None:
        return ""
    index, first, last = board.block
    which = "opens" if board.round == first else "closes"
    if first == last:
        return f"Round {board.round} is variant block {index} on its own."
    return (
        f"Round {board.round} {which} variant block {index} (rounds {first} and {last}): within a block each player "
        "is meant to play its variant once with each colour."
    )


def explain(board: Board) -> str:
    """The whole explanation of a board: why they meet, why these colours, and (seed schedule) the block."""
    return " ".join(part for part in (meeting_sentence(board), colour_sentence(board), block_sentence(board)) if part)

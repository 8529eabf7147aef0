"""Every catalogue piece moves as seed 002 says: on an empty 12x8 board and with blockers or screens."""

from __future__ import annotations

import pytest

from variants.fairy.board import move_from, move_to
from variants.fairy.notation import position_from_pieces
from variants.rvc import RandomVariantEngine

KINGS = {"l1": "K", "l8": "k"}


def targets(pieces: dict[str, str], square: str, turn: str = "w") -> set[str]:
    """Squares the piece on ``square`` may legally move to."""
    engine = RandomVariantEngine.from_position(position_from_pieces(12, 8, {**KINGS, **pieces}, turn=turn))
    board = engine.board
    names = board.rules.geo.names
    return {names[move_to(m)] for m in board.legal_moves() if names[move_from(m)] == square}


def squares(text: str) -> set[str]:
    return set(text.split())


# Expected target sets from e4 (file 5 of 12, rank 4) worked out by hand from the seed's descriptions.
EMPTY_BOARD = {
    "N": "d6 f6 c5 g5 c3 g3 d2 f2",
    "C": "d7 f7 d1 f1 b5 h5 b3 h3",  # "a 1-3 leaper"
    "G": "d8 f8 a5 i5 a3 i3",  # 1-4 leaper; four ranks down is off the board
    "Z": "c7 g7 c1 g1 b6 h6 b2 h2",  # 2-3 leaper
    "F": "d5 f5 d3 f3",
    "W": "e5 e3 d4 f4",
    "M": "d5 e5 f5 d4 f4 d3 e3 f3",
    "L": "d5 f5 d3 f3 e5",  # Elephant: diagonal step or one step forwards
    "S": "e5 e6 e3 e2 d4 c4 f4 g4 c6 g6 c2 g2",  # Star: 1-2 orthogonal, exactly 2 diagonal
    "U": "e5 e3 d4 f4",  # Walker moves like a Wazir (captures only diagonally)
    "H": "d6 f6 c5 g5 c3 g3 d2 f2",  # Horse: the Knight's squares when nothing blocks
    "+C": "d7 f7 d1 f1 b5 h5 b3 h3",
    "+G": "d8 f8 a5 i5 a3 i3",
    "+Z": "c7 g7 c1 g1 b6 h6 b2 h2",
}


@pytest.mark.parametrize("symbol", sorted(EMPTY_BOARD))
def test_each_leaper_reaches_its_squares_on_an_empty_board(symbol):
    assert targets({"e4": symbol}, "e4") == squares(EMPTY_BOARD[symbol])


def test_riders_slide_to_the_edges_of_the_twelve_file_board():
    rook = targets({"e4": "R"}, "e4")
    assert len(rook) == 11 + 7  # whole rank of 12 files, whole file of 8 ranks
    assert {"a4", "l4", "e1", "e8"} <= rook
    bishop = targets({"e4": "B"}, "e4")
    assert bishop == squares("d5 c6 b7 a8 f5 g6 h7 i8 d3 c2 b1 f3 g2 h1")
    queen = targets({"e4": "Q"}, "e4")
    assert queen == rook | bishop


def test_compound_pieces_add_the_knight_to_their_rides():
    knight = squares(EMPTY_BOARD["N"])
    assert targets({"e4": "E"}, "e4") == targets({"e4": "R"}, "e4") | knight  # Empress
    assert targets({"e4": "I"}, "e4") == targets({"e4": "B"}, "e4") | knight  # Princess
    assert targets({"e4": "A"}, "e4") == targets({"e4": "Q"}, "e4") | knight  # Amazon


def test_the_black_elephant_steps_forward_towards_white():
    assert targets({"e4": "l"}, "e4", turn="b") == squares("d5 f5 d3 f3 e3")


def test_the_tiger_moves_as_a_bishop_and_captures_only_as_a_knight():
    tiger = targets({"e4": "T", "d6": "p", "g6": "p"}, "e4")
    assert "d6" in tiger  # knight capture
    assert "g6" not in tiger  # on its bishop line: may not capture there
    assert {"f5"} <= tiger and "h7" not in tiger  # the pawn on g6 blocks the diagonal


def test_the_walker_captures_diagonally_and_moves_orthogonally():
    walker = targets({"e4": "U", "e5": "p", "f5": "p"}, "e4")
    assert "f5" in walker and "e5" not in walker


def test_the_star_two_step_is_blocked_but_its_diagonal_leap_is_not():
    star = targets({"e4": "S", "e5": "P", "f5": "P", "d3": "p"}, "e4")
    assert "e6" not in star  # middle square e5 occupied
    assert "g6" in star  # leaps over f5
    assert "c2" in star  # leaps over the black pawn on d3


@pytest.mark.parametrize(
    ("symbol", "blocker", "lost"),
    [
        ("H", "e5", {"d6", "f6"}),  # one orthogonal step, then outwards diagonally
        ("+C", "e6", {"d7", "f7"}),  # two orthogonal steps first
        ("+G", "e7", {"d8", "f8"}),  # three orthogonal steps first
        ("+Z", "f4", {"h6", "h2"}),  # one orthogonal step (f4), then two diagonal steps outwards (g5-h6, g3-h2)
    ],
)
def test_horse_forms_are_blocked_on_their_path(symbol, blocker, lost):
    free = targets({"e4": symbol}, "e4")
    blocked = targets({"e4": symbol, blocker: "P"}, "e4")
    assert lost <= free - blocked


def test_the_knight_is_not_blocked_where_the_horse_is():
    assert targets({"e4": "N", "e5": "P"}, "e4") == squares(EMPTY_BOARD["N"])


def test_the_cannon_moves_as_a_rook_and_captures_only_over_one_screen():
    cannon = targets({"e2": "O", "e4": "P", "e6": "p", "e8": "n", "b2": "p"}, "e2")
    assert "e3" in cannon and "e4" not in cannon  # moves up to the screen, never onto its own side
    assert "e6" in cannon  # hops the screen on e4 and captures the first piece beyond
    assert "e5" not in cannon  # no non-capturing move beyond the screen
    assert "e8" not in cannon  # only one screen
    assert "c2" in cannon and "b2" not in cannon and "a2" not in cannon  # no screen: no capture


def test_the_catapult_must_hop_to_move_and_may_capture_cannons():
    catapult = targets({"e2": "D", "e4": "P", "e7": "o", "c2": "p", "a2": "p"}, "e2")
    assert "e3" not in catapult and "d2" not in catapult  # cannot move without a screen
    assert {"e5", "e6", "e7"} <= catapult  # beyond the screen, up to and including the first piece: a Cannon
    assert "e8" not in catapult
    assert {"b2", "a2"} <= catapult  # c2 is the screen, b2 a move, a2 a capture
    over_cannon = targets({"e2": "D", "e3": "o", "e6": "p"}, "e2")
    assert {"e4", "e5", "e6"} <= over_cannon  # hops over a Cannon too


def test_the_griffin_moves_three_or_more_steps_and_captures_from_one():
    griffin = targets({"e4": "Y"}, "e4")
    assert not griffin & squares("d5 f5 d3 f3 d6 f6 c5 g5")  # no non-capturing 1- or 2-step moves
    assert {"f7", "f8", "h5", "i5", "l5", "d1", "a3"} <= griffin  # diagonal then straight outwards
    captures = targets({"e4": "Y", "f5": "p", "d6": "p"}, "e4")
    assert {"f5", "d6"} <= captures  # one-step and two-step captures
    assert not {"f6", "g5", "f7"} & captures  # f5 occupied blocks both bent rides through it


def test_the_griffin_cannot_capture_its_own_side_or_jump():
    griffin = targets({"e4": "Y", "f6": "P"}, "e4")
    assert "f6" not in griffin and "f7" not in griffin  # stops before its own piece
    blocked = targets({"e4": "Y", "d5": "P"}, "e4")
    assert not {"d6", "d7", "d8", "c5", "b5", "a5"} & blocked


def test_the_rhinoceros_rides_in_circles_and_is_blocked():
    rhino = targets({"e4": "X"}, "e4")
    assert squares("d5 e5 f5 d4 f4 d3 e3 f3") <= rhino  # first step in any direction
    assert squares(EMPTY_BOARD["N"]) <= rhino  # second step reaches the knight squares
    # North, then turning clockwise: e5 f6 g6 h5 h4 g3 f3 -- a circle back next to the start.
    assert {"g6", "h5", "h4", "g3"} <= rhino
    # Seven steps starting south-east and turning anticlockwise: f3 g3 h4 h5 g6 f6 e5.
    assert {"g3", "h5", "g6"} <= rhino
    assert "e7" in rhino and "i4" not in rhino and "e8" not in rhino  # circles reach 3 squares out, not 4


def test_the_rhinoceros_does_not_leap():
    ring = dict.fromkeys(["d5", "e5", "f5", "d4", "f4", "d3", "e3", "f3"], "P")
    assert targets({"e4": "X", **ring}, "e4") == set()
    enemies = dict.fromkeys(ring, "p")
    assert targets({"e4": "X", **enemies}, "e4") == set(ring)
    # With e5 blocked, f6 is still reached through f5 (diagonal first, then orthogonal).
    assert "f6" in targets({"e4": "X", "e5": "P"}, "e4")


def test_the_rhinoceros_lists_each_destination_once():
    engine = RandomVariantEngine.from_position(position_from_pieces(12, 8, {**KINGS, "e4": "X"}))
    moves = [m for m in engine.board.legal_moves() if engine.board.rules.geo.names[move_from(m)] == "e4"]
    assert len(moves) == len(set(moves))
    assert len([san for san in engine.legal_moves() if san.startswith("X")]) == len(moves)

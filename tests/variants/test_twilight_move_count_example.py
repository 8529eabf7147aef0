"""Seed 003: "30 + 12 + 3 * 38 = 156 for a twilight chess game in which a player has 3 pieces (of different kind)
outside the board: each classical chess move is also a twilight chess move (30), and each piece on the board can
be removed (12), each piece outside the board can be dropped in a free square (3*38)"."""

import chess

from variants.twilight import TwilightEngine

# White warped Ra1, Nb1 and Bc1 (12 pieces besides the king stay); Black lost three pieces: 26 occupied, 38 free.
POSITION = "r1bqkb2/pppppppp/8/8/8/8/PPPPPPPP/3QKBNR[RNB] w Kq - 0 1"


def test_legal_moves_are_the_chess_moves_plus_twelve_warps_plus_three_times_38_drops():
    engine = TwilightEngine.from_position(POSITION)
    chess_moves = chess.Board(POSITION.replace("[RNB]", "")).legal_moves.count()
    moves = engine.legal_moves()
    warps = [move for move in moves if move[0].islower() and "@" in move]
    drops = [move for move in moves if move[0].isupper() and "@" in move]
    assert len(warps) == 12
    assert len(drops) == 3 * 38
    assert len(moves) == chess_moves + 12 + 3 * 38

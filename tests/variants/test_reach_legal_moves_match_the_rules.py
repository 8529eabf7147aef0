"""The generator agrees with the rules stated plainly: every chess move whose mover's king is not attacked
afterwards (one move per pawn step onto the far rank, no king captures), or the pass when there is none."""

import random

import chess

from variants.reach import ReachEngine


def expected_moves(board: chess.Board) -> set[str]:
    plain = chess.Board(board.fen())
    moves = set()
    for move in plain.generate_pseudo_legal_moves():
        if plain.piece_type_at(move.to_square) == chess.KING:
            continue
        if move.promotion not in (None, chess.QUEEN):
            continue
        plain.push(move)
        safe = not plain.is_attacked_by(plain.turn, plain.king(not plain.turn))
        plain.pop()
        if safe:
            moves.add(chess.Move(move.from_square, move.to_square).uci())
    return moves


def test_random_games_agree_with_the_plain_definition():
    rng = random.Random(5)
    positions = 0
    for _ in range(12):
        engine = ReachEngine.new()
        while engine.outcome() is None and len(engine.moves()) < 60:
            got = {move.uci() for move in engine.board.legal_moves if move}
            assert got == expected_moves(engine.board), engine.position()
            positions += 1
            engine.play(rng.choice(engine.legal_moves()))
    assert positions > 200

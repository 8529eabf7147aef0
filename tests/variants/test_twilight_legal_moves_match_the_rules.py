"""The generator agrees with the rules stated plainly, in random games: every chess move (no double step for a
pawn that has been through the twilight square or stands on its first rank), every warp of a non-king piece,
every drop of a reserve piece on an empty square (pawns not on the last rank) - whichever leaves the own king
unattacked."""

import random

import chess

from variants.twilight import TwilightBoard, TwilightEngine, warp_move

LAST = {chess.WHITE: 7, chess.BLACK: 0}
HOME = {chess.WHITE: 1, chess.BLACK: 6}


def expected_moves(board: TwilightBoard) -> set[chess.Move]:
    turn = board.turn
    plain = chess.Board(board.fen().replace("~", "").split("[")[0] + " " + board.fen().split(" ", 1)[1])
    candidates = []
    for move in plain.generate_pseudo_legal_moves():
        double_step = board.piece_type_at(move.from_square) == chess.PAWN and abs(move.to_square - move.from_square) == 16
        marked = board.no_double & chess.BB_SQUARES[move.from_square]
        may_double = chess.square_rank(move.from_square) == HOME[turn] and not marked
        if double_step and not may_double:
            continue
        candidates.append(move)
    for square in chess.SquareSet(board.occupied_co[turn] & ~board.kings):
        candidates.append(warp_move(square))
    for piece_type in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        if board.reserves[turn].count(piece_type):
            for square in chess.SquareSet(~board.occupied & chess.BB_ALL):
                if piece_type == chess.PAWN and chess.square_rank(square) == LAST[turn]:
                    continue
                candidates.append(chess.Move(square, square, drop=piece_type))
    legal = set()
    for move in candidates:
        board.push(move)
        if not board.is_attacked_by(board.turn, board.king(turn)):
            legal.add(move)
        board.pop()
    return legal


def test_random_games_agree_with_the_plain_definition():
    rng = random.Random(3)
    positions = 0
    for _ in range(6):
        engine = TwilightEngine.new()
        while engine.outcome() is None and len(engine.moves()) < 50:
            before = engine.position()
            assert set(engine.board.generate_legal_moves()) == expected_moves(engine.board), before
            assert engine.position() == before
            positions += 1
            moves = list(engine.board.generate_legal_moves())
            # Favour warps and drops so that reserves fill and empty.
            twilight = [move for move in moves if move.drop or move.promotion == chess.KING]
            pool = twilight if twilight and rng.random() < 0.4 else moves
            engine.board.push(rng.choice(pool))
    assert positions > 150

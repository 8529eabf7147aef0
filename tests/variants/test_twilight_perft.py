"""perft for Twilight Chess: from the start every chess move is joined by 15 warps and nothing else."""

import pytest

from variants.twilight import TwilightEngine


def test_depth_one_is_twenty_moves_and_fifteen_warps():
    assert TwilightEngine.new().perft(1) == 35


def test_depth_two_multiplies_since_no_first_move_changes_blacks_35():
    assert TwilightEngine.new().perft(2) == 35 * 35


def test_depth_three_counts_drops_after_a_warp():
    engine = TwilightEngine.new()
    total = 0
    for move in engine.legal_moves():
        child = TwilightEngine.from_position(engine.position())
        child.play(move)
        total += child.perft(2)
    assert engine.perft(3) == total
    assert total > 35 * 35 * 35  # a warp leaves a piece to drop on 33 squares


def test_perft_from_a_position_string_with_reserves():
    engine = TwilightEngine.from_position("4k3/8/8/8/8/8/8/4K3[Qr] w - - 0 1")
    # King: 5 moves; White's queen may drop on any of the 62 empty squares; Black's rook is no White move.
    assert engine.perft(1) == 5 + 62
    assert engine.perft(2) == sum(len(TwilightEngine.from_position(after).legal_moves()) for after in _children(engine))


def _children(engine: TwilightEngine) -> list[str]:
    positions = []
    for move in engine.legal_moves():
        child = TwilightEngine.from_position(engine.position())
        child.play(move)
        positions.append(child.position())
    return positions


def test_depth_three_from_the_start():
    # 62,393: the count of an independent brute-force generator (test_twilight_legal_moves_match_the_rules's
    # plain definition), recomputed by the slow test below.
    assert TwilightEngine.new().perft(3) == 62_393


@pytest.mark.slow
def test_depth_three_equals_the_brute_force_count():
    from tests.variants.test_twilight_legal_moves_match_the_rules import expected_moves

    def brute(board, depth):
        moves = expected_moves(board)
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += brute(board, depth - 1)
            board.pop()
        return total

    engine = TwilightEngine.new()
    assert brute(engine.board, 3) == engine.perft(3)

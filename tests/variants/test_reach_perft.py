"""perft for Reach Chess: the start equals chess until a game can end differently (python-chess's known counts)."""

import pytest

from variants.reach import ReachEngine


@pytest.mark.parametrize(("depth", "nodes"), [(1, 20), (2, 400), (3, 8902), (4, 197281)])
def test_the_first_plies_match_chess(depth, nodes):
    assert ReachEngine.new().perft(depth) == nodes


def test_the_fools_mate_position_has_one_child_the_pass():
    engine = ReachEngine.new()
    for move in ("f3", "e5", "g4", "Qh4"):
        engine.play(move)
    assert engine.perft(1) == 1
    after_pass = ReachEngine.from_position(engine.position())
    after_pass.play("--")
    assert engine.perft(2) == len(after_pass.legal_moves()) > 0


def test_perft_from_a_position_string():
    # Kiwipete: no pawn can reach the far rank within two plies, so the chess counts hold.
    engine = ReachEngine.from_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert engine.perft(1) == 48
    assert engine.perft(2) == 2039


@pytest.mark.slow
def test_depth_five_counts_the_passes_of_the_eight_checkmates_at_ply_four():
    # chess perft(5) = 4,865,609 with 8 checkmates at ply 4; in Reach each mated side passes instead.
    assert ReachEngine.new().perft(5) == 4_865_609 + 8

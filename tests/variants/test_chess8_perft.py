"""ChessEngine (the fairy engine configured as plain chess) against the published perft figures."""

from __future__ import annotations

import pytest

from variants.chess8 import ChessEngine

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(("depth", "nodes"), [(1, 20), (2, 400), (3, 8902)])
def test_perft_from_the_start(depth, nodes):
    assert ChessEngine.new().perft(depth) == nodes


@pytest.mark.parametrize(("depth", "nodes"), [(1, 48), (2, 2039)])
def test_perft_from_kiwipete(depth, nodes):
    assert ChessEngine.from_position(KIWIPETE).perft(depth) == nodes


@pytest.mark.slow
def test_perft_four_from_the_start():
    assert ChessEngine.new().perft(4) == 197281


@pytest.mark.slow
def test_perft_three_from_kiwipete():
    assert ChessEngine.from_position(KIWIPETE).perft(3) == 97862


def test_perft_of_a_finished_game_has_no_children():
    mated = ChessEngine.from_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mated.perft(1) == 0 and mated.perft(0) == 1
    fifty = ChessEngine.from_position("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80")
    assert fifty.perft(2) == 0

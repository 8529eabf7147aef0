"""perft counts pairs of sealed moves: every white move meets every black move."""

from variants.parity import ParityEngine


def test_the_first_turn_has_400_pairs_of_moves():
    assert ParityEngine.new().perft(1) == 400


def test_perft_two_counts_each_resolved_pair_separately():
    engine = ParityEngine.from_position("4k3/7p/8/8/8/8/P7/4K3 - - -/- 0 1")
    white, black = engine.legal_moves("white"), engine.legal_moves("black")
    assert engine.perft(1) == len(white) * len(black)
    assert engine.perft(2) > engine.perft(1)

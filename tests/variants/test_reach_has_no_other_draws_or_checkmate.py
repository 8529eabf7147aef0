"""Seed 000: "Draws in actual Reach Chess games will only be due to 'double stalemate' situations", and Ludii's
chess end rule (checkmate, stalemate, the move counter) was replaced by the far-rank one."""

from variants.reach import ReachEngine


def test_a_hundred_quiet_half_moves_do_not_end_the_game():
    engine = ReachEngine.from_position("4k3/8/8/8/8/8/8/R3K3 w - - 120 80")
    assert engine.outcome() is None


def test_repeating_a_position_three_times_does_not_end_the_game():
    engine = ReachEngine.new()
    for _ in range(3):
        for move in ("Nf3", "Nf6", "Ng1", "Ng8"):
            engine.play(move)
    assert engine.board.is_repetition(3)
    assert engine.outcome() is None


def test_bare_kings_play_on_since_a_king_can_reach():
    engine = ReachEngine.from_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert engine.outcome() is None
    assert len(engine.legal_moves()) == 5

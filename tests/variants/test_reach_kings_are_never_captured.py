"""After a player in check passes, the opponent may not take the king: "as per standard chess" kings are never
captured; the game goes on until someone reaches the far rank."""

from variants.reach import ReachEngine


def test_the_checking_queen_cannot_take_the_king_after_the_pass():
    engine = ReachEngine.new()
    for move in ("f3", "e5", "g4", "Qh4", "--"):
        engine.play(move)
    assert engine.board.is_attacked_by(False, engine.board.king(True))  # the white king stands in check
    assert not [move for move in engine.legal_moves() if "e1" in move]
    assert "Qxe1" not in engine.legal_moves()


def test_a_position_with_the_side_not_to_move_in_check_is_accepted():
    engine = ReachEngine.new()
    for move in ("f3", "e5", "g4", "Qh4", "--"):
        engine.play(move)
    again = ReachEngine.from_position(engine.position())
    assert sorted(again.legal_moves()) == sorted(engine.legal_moves())

"""Seed 003: "If a Pawn is dropped on the second rank (as a white player), can it afterwards be moved two squares
forward? The answer is no since it has already moved (back and forth to the twilight square)"."""

from variants.twilight import TwilightEngine


def test_a_pawn_warped_and_dropped_back_on_e2_cannot_double_step():
    engine = TwilightEngine.new()
    for move in ("e2@P", "Nf6", "P@e2", "Ng8"):
        engine.play(move)
    assert "e3" in engine.legal_moves()
    assert "e4" not in engine.legal_moves()
    assert "d4" in engine.legal_moves()  # the untouched pawns still may


def test_the_no_double_step_mark_survives_the_position_string():
    engine = TwilightEngine.new()
    for move in ("e2@P", "a7@P", "P@e2", "P@a7"):
        engine.play(move)
    position = engine.position()
    assert position == "rnbqkbnr/p~ppppppp/8/8/8/8/PPPPP~PPP/RNBQKBNR[] w KQkq - 0 3"
    again = TwilightEngine.from_position(position)
    assert "e4" not in again.legal_moves()
    again.play("d4")
    assert "a5" not in again.legal_moves()
    assert "a6" in again.legal_moves()


def test_a_pawn_dropped_on_another_file_of_the_second_rank_cannot_either():
    engine = TwilightEngine.new()
    for move in ("e4", "e5", "d2@P", "Nc6", "d1@Q", "Nf6", "P@d1", "Ng8", "d2"):
        engine.play(move)
    engine.play("Nf6")
    assert "d4" not in engine.legal_moves()
    assert "d3" in engine.legal_moves()

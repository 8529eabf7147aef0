"""Rules 3-5: enemy pieces that land together share the square, stay as long as wanted, cannot be captured."""

from variants.parity import ParityEngine


def knight_and_bishop_on_b4() -> ParityEngine:
    # The seed's second example: White's knight and Black's bishop land on b4 together.
    engine = ParityEngine.new()
    for white, black in (("Nc3", "e6"), ("a3", "a6"), ("Nd5", "h6"), ("h3", "b6"), ("Nb4", "Bb4")):
        engine.play_turn(white, black)
    return engine


def test_two_enemy_pieces_landing_together_share_the_square():
    engine = knight_and_bishop_on_b4()
    assert "(Nb)" in engine.position()
    assert engine.log[-1] == "shared square b4"


def test_no_piece_of_either_army_can_capture_on_a_shared_square():
    engine = knight_and_bishop_on_b4()
    engine.play_turn("a4", "a5")
    engine.play_turn("c3", "Qg5")
    for army in ("white", "black"):
        assert not [m for m in engine.legal_moves(army) if m.endswith("b4")], army


def test_pieces_may_stay_on_a_shared_square_as_long_as_their_players_want():
    engine = knight_and_bishop_on_b4()
    for white, black in (("a4", "a5"), ("h4", "g6"), ("b3", "f5")):
        engine.play_turn(white, black)
    assert "(Nb)" in engine.position()


def test_pawns_meeting_on_one_square_share_it():
    engine = ParityEngine.new()
    engine.play_turn("e4", "e6")
    engine.play_turn("d4", "a6")
    engine.play_turn("e5", "e5")
    assert "(Pp)" in engine.position()


def test_moves_that_cross_each_other_are_legal():
    # "white's pawn moving from g2 to g4 and black's queen moving from g7 to g3 (or to g2) simultaneously"
    engine = ParityEngine.from_position("4k3/6q1/8/8/8/8/6P1/4K3 - - -/- 0 1")
    engine.play_turn("g4", "Qxg2")
    assert engine.log[-1] == "failed capture by black"
    assert engine.position().startswith("4k3/8/8/8/6P1/8/6q1/4K3")

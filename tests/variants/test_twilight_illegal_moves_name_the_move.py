"""A bad move in a Twilight PGN stops the replay with the move number and the reason."""

from pathlib import Path

import pytest

from variants.base import IllegalMoveError
from variants.twilight import TwilightEngine

GAME = (Path(__file__).parent / "data" / "twilight_sample_game_1.pgn").read_text()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("1. Nf3 h7@P", "1. Nf3 h7@N", r"^move 1\.\.\. h7@N: the piece on h7 is a pawn, not N$"),
        ("4. f1@B P@e4", "4. f1@B Q@e4", r"^move 4\.\.\. Q@e4: black has no queen in reserve$"),
        ("12. Nexf7 Ke7", "12. Nexf7 e8@K", r"^move 12\.\.\. e8@K: the king cannot be warped$"),
        ("6. P@g6 Rf8", "6. P@g8 Rf8", r"^move 6\. P@g8: a pawn cannot be dropped on its last rank$"),
        ("20. hxg3", "20. hxg4", r"^move 20\. hxg4: "),
    ],
)
def test_the_message_names_the_move_number_and_the_reason(old, new, message):
    assert old in GAME
    with pytest.raises(IllegalMoveError, match=message):
        TwilightEngine.from_pgn(GAME.replace(old, new))


def test_an_illegal_move_leaves_the_engine_unchanged():
    engine = TwilightEngine.new()
    before = engine.position()
    with pytest.raises(IllegalMoveError):
        engine.play("e1@K")
    assert engine.position() == before


def test_text_without_a_game_is_refused():
    with pytest.raises(IllegalMoveError, match="no game"):
        TwilightEngine.from_pgn("   ")

"""The Twilight position string: FEN with the reserves in brackets after the board (White's letters upper case,
Black's lower case) and "~" after a pawn on its start rank that may no longer double-step."""

import pytest

from variants.base import InvalidPositionError
from variants.twilight import TwilightEngine


def test_the_start_position():
    assert TwilightEngine.new().position() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"


def test_reserves_are_written_and_read_back():
    engine = TwilightEngine.new()
    for move in ("Nf3", "h7@P", "b1@N", "d8@Q"):
        engine.play(move)
    position = engine.position()
    assert position == "rnb1kbnr/ppppppp1/8/8/8/5N2/PPPPPPPP/R1BQKB1R[Nqp] w KQkq - 2 3"
    again = TwilightEngine.from_position(position)
    assert again.position() == position
    assert again.reserve("white") == {"N": 1}
    assert again.reserve("black") == {"P": 1, "Q": 1}
    assert sorted(again.legal_moves()) == sorted(engine.legal_moves())


def test_a_plain_fen_means_empty_reserves():
    engine = TwilightEngine.from_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert engine.position() == TwilightEngine.new().position()


@pytest.mark.parametrize(
    "bad",
    [
        "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1",  # a king in reserve
        "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[P w - - 0 1",
        "4k3/8/8/8/8/P~7/8/4K3[] w - - 0 1",  # "~" off the start rank
        "P3k3/8/8/8/8/8/8/4K3[] w - - 0 1",  # a white pawn on its last rank
        "4k3/8/8/8/8/8/8/4K3[PPPPPPPPP] w - - 0 1",  # nine white pawns
    ],
)
def test_bad_position_strings_are_refused(bad):
    with pytest.raises(InvalidPositionError):
        TwilightEngine.from_position(bad)


def test_pawns_on_their_own_first_rank_are_accepted():
    engine = TwilightEngine.from_position("p3k3/8/8/8/8/8/8/P3K3[] w - - 0 1")
    assert engine.position() == "p3k3/8/8/8/8/8/8/P3K3[] w - - 0 1"

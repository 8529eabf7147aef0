"""The board editor's position string is the engine's (``Engine.setup_position``): every variant writes the
squares it is given in its own notation, reads them back, and refuses a board it could not play, naming why."""

from __future__ import annotations

import pytest

from variants.base import InvalidPositionError
from variants.registry import get_engine, variant_keys


def _options(engine):
    return engine.start_options("2-4-4") if engine.rolled else {}


@pytest.mark.parametrize("key", variant_keys())
def test_every_engine_writes_back_the_squares_it_was_given(key):
    engine = get_engine(key)
    options = _options(engine)
    start = engine.squares(engine.start_position(**options))
    pieces = [(p.square, p.color, p.figure) for p in start.pieces if p.figure != "Pawn"]
    position = engine.setup_position(pieces, "black", **options)
    again = engine.squares(position)
    assert {(p.square, p.color, p.figure) for p in again.pieces} == set(pieces)
    assert engine.material_of(position, **options)["white"] == engine.material_of(position, **options)["black"]
    if not engine.simultaneous:
        assert engine.from_position(position, **options).turn == "black"


def test_random_variant_chess_writes_its_fairy_pieces_with_their_own_symbols():
    engine = get_engine("rvc")
    options = engine.start_options("2-4-4")
    figures = {p.figure for p in engine.squares(engine.start_position(**options)).pieces}
    fairy = sorted(figures - {"King", "Pawn", "Rook", "Bishop", "Knight", "Queen"})
    assert fairy, "the rolled array has pieces chess does not"
    pieces = [("f1", "white", "King"), ("f8", "black", "King"), ("c3", "white", fairy[0]), ("j6", "black", fairy[0])]
    position = engine.setup_position(pieces, "white", **options)
    assert {(p.square, p.color, p.figure) for p in engine.squares(position).pieces} == set(pieces)


@pytest.mark.parametrize(
    ("pieces", "turn", "fault"),
    [
        ([("e1", "white", "King")], "white", "black must have exactly one King"),
        ([("e1", "white", "King"), ("e8", "black", "King"), ("a1", "white", "Pawn")], "white", "pawn cannot stand"),
        ([("e1", "white", "King"), ("e8", "black", "King"), ("e4", "white", "Rook")], "white", "not to move is in check"),
        ([("e1", "white", "King"), ("e9", "black", "King")], "white", "e9 is not a square"),
        ([("e1", "white", "King"), ("e8", "black", "Unicorn")], "white", "is not a piece"),
        ([("e1", "white", "King"), ("e8", "green", "King")], "white", "white or black"),
        ([("e1", "white", "King"), ("e8", "black", "King")], "red", "side to move"),
    ],
)
def test_a_board_the_engine_could_not_play_is_refused_naming_why(pieces, turn, fault):
    engine = get_engine("rvc")
    with pytest.raises(InvalidPositionError, match=fault):
        engine.setup_position(pieces, turn, **_options(engine))


def test_twilight_writes_the_reserves_and_reads_them_back():
    engine = get_engine("twilight")
    kings = [("e1", "white", "King"), ("e8", "black", "King")]
    position = engine.setup_position(kings, "white", reserve=[("white", "Knight"), ("black", "Queen"), ("white", "Knight")])
    assert position == "4k3/8/8/8/8/8/8/4K3[NNq] w - - 0 1"
    assert engine.reserve_of(position) == {"white": {"Knight": 2}, "black": {"Queen": 1}}
    assert engine.material_of(position) == {"white": 60.0, "black": 90.0}  # the reserve counts


def test_a_variant_without_a_reserve_refuses_one():
    engine = get_engine("chess")
    assert not engine.has_reserve and engine.reserve_of(engine.start_position()) == {}
    with pytest.raises(InvalidPositionError, match="has no reserve"):
        engine.setup_position([("e1", "white", "King"), ("e8", "black", "King")], "white", reserve=[("white", "Knight")])

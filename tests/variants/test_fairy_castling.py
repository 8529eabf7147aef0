"""Castling in every geometry the dice give: the king moves 4, 3 or 2 squares and the rook (or Cannon) leaps
over it to the next square; none with Princesses; the usual conditions."""

from __future__ import annotations

import pytest

from variants import dice
from variants.base import IllegalMoveError, InvalidPositionError
from variants.fairy.notation import position_from_pieces
from variants.rvc import RandomVariantEngine

FILES = "abcdefghijkl"


def cleared(roll: str, extra: dict[str, str] | None = None, turn: str = "w") -> RandomVariantEngine:
    """The roll's array with only kings, corner pieces and pawns left, so both castlings are open."""
    layout = dice.layout(roll)
    pieces = {}
    for file, name in zip(FILES, layout.names):
        pieces[f"{file}2"], pieces[f"{file}7"] = "P", "p"
        if name in ("King", "Rook", "Cannon", "Princess"):
            symbol = {"King": "K", "Rook": "R", "Cannon": "O", "Princess": "I"}[name]
            pieces[f"{file}1"], pieces[f"{file}8"] = symbol, symbol.lower()
    pieces.update(extra or {})
    steps = str(layout.castling) if layout.castling else "-"
    rights = "KQkq" if layout.castling else "-"
    position = position_from_pieces(12, 8, pieces, turn=turn, castling=rights, steps=steps)
    return RandomVariantEngine.from_position(position, roll=roll)


def rank1(engine: RandomVariantEngine) -> str:
    return engine.position().split()[0].split("/")[-1]


@pytest.mark.parametrize(
    ("roll", "after_king_side", "after_queen_side"),
    [
        # 1-1-1: king g1, four squares: O-O gives king k1, rook j1; O-O-O king c1, rook d1.
        ("1-1-1", "R8RK1", "2KR7R"),
        # 1-4-5 (Men added): king h1, three squares: O-O king k1, rook j1; O-O-O king e1, rook f1.
        ("1-4-5", "R8RK1", "4KR5R"),
        # 1-2-4 (Men and Elephants added): king i1, two squares: O-O king k1, rook j1; O-O-O king g1, rook h1.
        ("1-2-4", "R8RK1", "6KR3R"),
    ],
)
def test_the_king_moves_the_arrays_step_count_and_the_rook_leaps_over_it(roll, after_king_side, after_queen_side):
    engine = cleared(roll)
    assert "O-O" in engine.legal_moves() and "O-O-O" in engine.legal_moves()
    assert engine.play("O-O") == "O-O"
    assert rank1(engine) == after_king_side
    assert engine.position().split()[2] == "kq"  # White's rights are gone
    other = cleared(roll)
    assert other.play("O-O-O") == "O-O-O"
    assert rank1(other) == after_queen_side


def test_cannons_castle_in_the_rooks_place():
    engine = cleared("1-3-5")  # Cannons in the corners, king on h1, three steps
    assert engine.play("O-O") == "O-O"
    assert rank1(engine) == "O8OK1"
    queen_side = cleared("1-3-5")
    queen_side.play("O-O-O")
    assert rank1(queen_side) == "4KO5O"


def test_no_castling_when_princesses_replace_the_rooks():
    engine = cleared("2-2-2")
    assert engine.position().split()[2:] == ["-", "-", "0", "1", "-"]
    assert not [m for m in engine.legal_moves() if m.startswith("O-O")]
    with pytest.raises(IllegalMoveError):
        engine.play("O-O")


def test_castling_rights_need_a_rook_or_cannon_in_the_corner():
    position = position_from_pieces(12, 8, {"g1": "K", "l1": "I", "g8": "k"}, castling="K", steps="4")
    with pytest.raises(InvalidPositionError):
        RandomVariantEngine.from_position(position)


def test_no_castling_through_pieces_in_check_or_through_attacked_squares():
    assert "O-O" not in cleared("1-1-1", {"j1": "N"}).legal_moves()  # a piece between king and rook
    assert "O-O" not in cleared("1-1-1", {"i1": "n"}).legal_moves()  # an enemy piece between
    in_check = cleared("1-1-1", {"g2": "", "g5": "r"})
    assert not [m for m in in_check.legal_moves() if m.startswith("O-O")]
    passing = cleared("1-1-1", {"i2": "", "i5": "r"})  # i1 attacked: the king passes it
    assert "O-O" not in passing.legal_moves() and "O-O-O" in passing.legal_moves()
    landing = cleared("1-1-1", {"k2": "", "k5": "r"})  # k1 attacked: the king lands there
    assert "O-O" not in landing.legal_moves()
    rook_attacked = cleared("1-1-1", {"l2": "", "l5": "r"})  # only the rook is attacked: allowed
    assert "O-O" in rook_attacked.legal_moves()


def test_moving_the_king_or_a_rook_loses_the_rights():
    engine = cleared("1-1-1")
    engine.play("Rk1")
    engine.play("Rk8")
    engine.play("Rl1")
    engine.play("Rl8")
    assert engine.position().split()[2] == "Qq"
    assert "O-O" not in engine.legal_moves()
    engine.play("Kf1")
    assert engine.position().split()[2] == "q"


def test_black_castles_too():
    engine = cleared("1-1-1", turn="b")
    assert engine.play("O-O-O") == "O-O-O"
    assert engine.position().split()[0].split("/")[0] == "2kr7r"
    assert engine.position().split()[2] == "KQ"

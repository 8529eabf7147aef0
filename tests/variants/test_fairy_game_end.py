"""Check, checkmate, stalemate, threefold repetition, perpetual check and the fifty-move rule on 12x8."""

from __future__ import annotations

import pytest

from variants.base import (
    BLACK,
    CHECKMATE,
    FIFTY_MOVES,
    PERPETUAL_CHECK,
    STALEMATE,
    THREEFOLD,
    WHITE,
    IllegalMoveError,
    Outcome,
)
from variants.fairy.notation import position_from_pieces
from variants.rvc import RandomVariantEngine


def game(pieces: dict[str, str], turn: str = "w", halfmove: int = 0) -> RandomVariantEngine:
    return RandomVariantEngine.from_position(position_from_pieces(12, 8, pieces, turn=turn, halfmove=halfmove))


def play_all(engine: RandomVariantEngine, moves: str) -> None:
    for move in moves.split():
        engine.play(move)


def test_a_move_that_leaves_the_own_king_attacked_is_illegal():
    engine = game({"e1": "K", "e2": "R", "e8": "r", "l8": "k"})
    assert "Rd2" not in engine.legal_moves()  # the rook is pinned to its king
    with pytest.raises(IllegalMoveError):
        engine.play("Rd2")
    assert engine.play("Re7") == "Re7"


def test_back_rank_mate_is_checkmate_forced_by_the_mover():
    engine = game({"e1": "K", "l1": "R", "a8": "k", "a7": "p", "b7": "p"})
    assert engine.play("Rl8") == "Rl8#"
    assert engine.outcome() == Outcome(CHECKMATE, WHITE, forcing_side=WHITE)
    assert engine.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        engine.play("Kb8")


def test_a_camel_check_from_the_seeds_opening_trap():
    # Seed: "if the Camel on j1 is moved to either i4 or k4 on its first move, then on its second move it can
    # capture the Pawn on [j7], giving check" (the seed says i7, which no camel on i4/k4 reaches; j7 is it).
    # "If the other player has made conventional moves, such as ... the King's Pawn to g6, it won't be mate,
    # but the King will have had to move".
    engine = RandomVariantEngine.new(roll="1-1-1")
    play_all(engine, "Ci4 g6")
    assert engine.play("Cxj7") == "Cxj7+"
    assert engine.gives_check()
    assert engine.outcome() is None
    assert engine.legal_moves() and all(move.startswith("K") for move in engine.legal_moves())
    # After an unrelated move it is mate: the camel's leap cannot be blocked and nothing reaches j7.
    mated = RandomVariantEngine.new(roll="1-1-1")
    play_all(mated, "Ci4 a6")
    assert mated.play("Cxj7") == "Cxj7#"
    assert mated.outcome() == Outcome(CHECKMATE, WHITE, forcing_side=WHITE)


def test_stalemate_gives_no_winner_but_names_who_forced_it():
    engine = game({"l1": "K", "c1": "Q", "a8": "k"})
    engine.play("Qc7")
    assert engine.outcome() == Outcome(STALEMATE, None, forcing_side=WHITE)


def test_threefold_repetition_without_checks_is_a_draw():
    engine = game({"e1": "K", "b1": "N", "e8": "k", "b8": "n"})
    play_all(engine, "Nc3 Nc6 Nb1 Nb8 Nc3 Nc6 Nb1")
    assert engine.outcome() is None
    engine.play("Nb8")  # the start position stands for the third time
    assert engine.outcome() == Outcome(THREEFOLD, None)


def test_perpetual_check_by_white_is_won_by_the_checking_side():
    engine = game({"a1": "K", "e4": "Q", "g8": "k", "f7": "p", "g7": "p"})
    play_all(engine, "Qe8+ Kh7 Qe4+ Kg8 Qe8+ Kh7 Qe4+")
    assert engine.outcome() is None
    engine.play("Kg8")
    assert engine.outcome() == Outcome(PERPETUAL_CHECK, WHITE, checking_side=WHITE)


def test_perpetual_check_by_black():
    engine = game({"g1": "K", "f2": "P", "g2": "P", "e5": "q", "a8": "k"}, turn="b")
    play_all(engine, "Qe1+ Kh2 Qe5+ Kg1 Qe1+ Kh2 Qe5+")
    engine.play("Kg1")
    assert engine.outcome() == Outcome(PERPETUAL_CHECK, BLACK, checking_side=BLACK)


def test_a_repetition_with_one_quiet_move_by_the_checker_is_a_plain_draw():
    engine = game({"a1": "K", "e4": "Q", "g8": "k", "f7": "p", "g7": "p", "a8": "n"})
    # White checks, then once plays a quiet queen move inside the cycle.
    play_all(engine, "Qe8+ Kh7 Qe4+ Kg8 Qe5 Nb6 Qe4 Na8")
    assert engine.outcome() == Outcome(THREEFOLD, None)


def test_the_fifty_move_rule_ends_the_game():
    engine = game({"a1": "K", "l8": "k", "e4": "R"}, halfmove=99)
    engine.play("Re5")
    assert engine.outcome() == Outcome(FIFTY_MOVES, None)
    assert engine.perft(1) == 0


def test_checkmate_on_the_hundredth_half_move_is_still_checkmate():
    engine = game({"e1": "K", "l1": "R", "a8": "k", "a7": "p", "b7": "p"}, halfmove=99)
    engine.play("Rl8")
    assert engine.outcome().termination == CHECKMATE


def test_material_sums_the_catalogue_values():
    engine = RandomVariantEngine.new(roll="1-1-1")
    # Rook 50, Giraffe 29, Camel 20, Knight 30, Bishop 32 (each twice), Queen 90, King 0, 12 pawns of 10.
    expected = 2 * (50 + 29 + 20 + 30 + 32) + 90 + 12 * 10
    assert engine.material() == {WHITE: expected, BLACK: expected}
    play_all(engine, "j4 Gxj4")
    assert engine.material() == {WHITE: expected - 10, BLACK: expected}

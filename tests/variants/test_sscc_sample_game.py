"""Seed 004, Tables 1-2: the partial game ending 11...Qxf1#, won by Player A (started White) with Black."""

from pathlib import Path

import chess

from variants.base import BLACK, CHECKMATE, WHITE
from variants.replay import replay
from variants.sscc import SwitchSideEngine

GAME = (Path(__file__).parent / "data" / "sscc_sample_game.pgn").read_text()


def test_the_sample_game_replays_and_ends_in_checkmate_by_the_black_army():
    engine = SwitchSideEngine.from_pgn(GAME)
    outcome = engine.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (CHECKMATE, BLACK)


def test_thirteen_switches_leave_player_a_with_the_black_army():
    engine = SwitchSideEngine.from_pgn(GAME)
    assert sum(engine.switches) == 13
    assert engine.controller(BLACK) == WHITE
    assert engine.controller(WHITE) == BLACK


def test_the_replay_gives_the_win_to_player_a_as_1_0_checkmate():
    lines = replay("sscc", GAME)
    assert lines[-1] == "1-0 checkmate"


def test_the_final_position_is_figure_4():
    board = chess.Board(SwitchSideEngine.from_pgn(GAME).position())
    ranks = ["".join(p.symbol() for f in range(8) if (p := board.piece_at(chess.square(f, r)))) for r in range(7, -1, -1)]
    assert ranks == ["rnbkbr", "pppppp", "n", "", "Ppp", "PPP", "PQPPP", "RNBKqNR"]


def test_moves_one_to_four_form_no_chain_and_every_later_move_does():
    engine = SwitchSideEngine.new()
    for index, move in enumerate(SwitchSideEngine.from_pgn(GAME).moves()):
        san = move.removesuffix("/S")
        switchable = f"{san}/S" in engine.legal_moves()
        assert switchable == (index >= 8 and index < 21), move
        engine.play(move)

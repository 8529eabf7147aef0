"""The play page's board data: every legal move of every seed variant has its squares (games.move_squares, from
each engine's own Engine.move_squares).

These tests hold the answer to what the engines' parsers say (python-chess's parse, Parity's own reading of its
notation), and check the odd moves one by one: castling, en passant, promotion to the array's pieces, Twilight's
warps and drops, Reach's pass, the Switch-Side switch with its chain. tests/variants/test_move_squares.py checks
every engine's squares against playing each move and comparing the boards the engine reads.
"""

from __future__ import annotations

import random

import chess
import pytest

from games.move_squares import moves_of
from variants.chains import is_chain, squares_mask
from variants.dice import layout
from variants.parity_notation import read_move
from variants.parity_rules import legal_moves as parity_legal
from variants.parity_rules import name as parity_square
from variants.registry import get_engine
from variants.sscc import smallest_chain


def _moves(key: str, position: str | None = None, played: tuple[str, ...] = (), **options) -> list[dict]:
    cls = get_engine(key)
    engine = cls.from_position(position, **options) if position else cls.new(**options)
    for move in played:
        engine.play_turn(*move.split()) if cls.simultaneous else engine.play(move)
    if cls.simultaneous:
        return moves_of(engine, "white") + moves_of(engine, "black")
    return moves_of(engine, engine.turn)


def _by_san(entries: list[dict]) -> dict[str, dict]:
    return {e["san"]: e for e in entries}


def test_plain_moves_and_captures_of_chess_agree_with_python_chess():
    played = ("e4", "d5", "Nc3", "Nf6")
    board = chess.Board()
    for move in played:
        board.push_san(move)
    entries = _by_san(_moves("chess", played=played))
    assert set(entries) == {board.san(m) for m in board.legal_moves}
    for san, entry in entries.items():
        move = board.parse_san(san)
        assert (entry["from"], entry["to"]) == (chess.square_name(move.from_square), chess.square_name(move.to_square))
        assert entry["capture"] == board.is_capture(move), san
        assert entry["kind"] == "move" and entry["piece"] == chess.piece_name(board.piece_type_at(move.from_square)).title()


def test_castling_is_the_kings_move_and_names_the_rooks_squares_too():
    entries = _by_san(_moves("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"))
    assert (entries["O-O"]["from"], entries["O-O"]["to"], entries["O-O"]["also"]) == ("e1", "g1", ["h1", "f1"])
    assert (entries["O-O-O"]["from"], entries["O-O-O"]["to"]) == ("e1", "c1")
    rvc = _by_san(_moves("rvc", "r6k3r/12/12/12/12/12/12/R6K3R w KQkq - 0 1 3"))
    assert rvc["O-O"]["piece"] == "King" and rvc["O-O"]["from"] == "h1" and rvc["O-O"]["to"] == "k1"
    assert rvc["O-O-O"]["to"] == "e1"


def test_en_passant_goes_to_the_empty_square_and_is_a_capture():
    entry = _by_san(_moves("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"))["exd6"]
    assert (entry["from"], entry["to"], entry["capture"]) == ("e5", "d6", True)


def test_a_pawn_promotes_to_the_pieces_of_this_array_and_nothing_else():
    roll = "3-4-6"
    array = layout(roll).names  # Cannon Giraffe Camel Knight Tiger Griffin King ...
    position = "12/4P7/12/12/12/12/12/k6K4 w - - 0 1 -"
    entries = [e for e in _moves("rvc", position, roll=roll) if e["from"] == "e7"]
    assert {e["to"] for e in entries} == {"e8"}
    assert sorted(e["promotion"] for e in entries) == sorted(set(array) - {"King"})
    assert "Queen" not in {e["promotion"] for e in entries} and "Griffin" in {e["promotion"] for e in entries}


def test_twilight_warps_leave_the_board_and_drops_arrive_from_the_reserve():
    entries = _by_san(_moves("twilight", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1"))
    warp = entries["b1@N"]
    assert (warp["kind"], warp["from"], warp["to"], warp["piece"]) == ("warp", "b1", None, "Knight")
    drop = entries["Q@e4"]
    assert (drop["kind"], drop["from"], drop["to"], drop["piece"]) == ("drop", None, "e4", "Queen")
    assert {e["to"] for e in entries.values() if e["kind"] == "drop"} == {f"{f}{r}" for f in "abcdefgh" for r in "3456"} | {"d1"}
    assert "e1@K" not in entries  # the king never warps


def test_reachs_pass_is_a_move_with_no_square_when_it_is_the_only_one():
    entries = _moves("reach", "7k/8/8/8/8/1p6/pP6/K7 w - - 0 1")
    assert [(e["san"], e["kind"], e["from"], e["to"]) for e in entries] == [("--", "pass", None, None)]


def test_the_switch_side_switch_is_its_own_entry_with_the_chain_it_forms():
    entries = _by_san(_moves("sscc", played=("e3", "b5")))
    plain, switch = entries["f3"], entries["f3/S"]
    assert (plain["from"], plain["to"], plain["switch"]) == ("f2", "f3", False)
    assert (switch["from"], switch["to"], switch["switch"]) == ("f2", "f3", True)
    chain = switch["chain"]
    assert "f3" in chain and len(chain) == 6
    board = chess.Board("rnbqkbnr/p1pppppp/8/1p6/8/4PP2/PPPP2PP/RNBQKBNR b KQkq - 0 2")
    assert is_chain(int(board.occupied), [chess.parse_square(sq) for sq in chain])
    assert not any(e["switch"] for san, e in entries.items() if not san.endswith("/S"))


def test_no_chain_is_drawn_where_the_pieces_form_none():
    assert smallest_chain(squares_mask(["b2"]), 0) is None  # no piece on the square asked about
    assert smallest_chain(squares_mask(["a1"]), 0) is None  # a lone piece
    assert smallest_chain(squares_mask(["a1", "b1", "c1", "d1", "e1", "f1"]), 0) is None  # a line is no loop
    ring = squares_mask(["c3", "d3", "e3", "f4", "e5", "d5", "c5", "b4"])  # round d4 and e4: a chain
    loop = smallest_chain(ring, chess.parse_square("c3"))
    assert loop is not None and is_chain(ring, list(loop)) and loop[0] == chess.parse_square("c3")
    assert squares_mask(["a1"]) == 1  # the helper the chain squares are named with


def test_a_switch_entry_of_the_page_carries_its_chain_and_a_plain_move_none():
    entries = _by_san(_moves("sscc", played=("e3", "b5")))
    assert "chain" in entries["f3/S"] and "chain" not in entries["f3"]


@pytest.mark.parametrize("played", [(), ("e4 d5",), ("e4 d5", "Nf3 Nc6", "Bc4 e6")])
def test_parity_moves_go_where_parity_reads_them(played):
    cls = get_engine("parity")
    engine = cls.new()
    for turn in played:
        engine.play_turn(*turn.split())
    for army in ("white", "black"):
        legal = parity_legal(engine.state, army)
        entries = moves_of(engine, army)
        assert len(entries) == len(legal)
        for entry in entries:
            move = read_move(entry["san"], legal)
            assert (entry["from"], entry["to"]) == (parity_square(move.origin), parity_square(move.target)), entry["san"]


@pytest.mark.parametrize("key", ["chess", "reach", "twilight", "sscc", "parity", "rvc"])
def test_every_legal_move_of_random_games_is_placed_on_the_board(key):
    cls = get_engine(key)
    options = cls.start_options("1-3-5", "") if cls.rolled else {}
    rng = random.Random(f"play-{key}")
    for _ in range(2):
        engine = cls.new(**options)
        for _ply in range(10):
            armies = ("white", "black") if cls.simultaneous else (engine.turn,)
            for army in armies:
                entries = moves_of(engine, army)
                assert [e["san"] for e in entries] == engine.legal_moves(army)
                unplaced = [e for e in entries if e["kind"] not in ("move", "drop", "warp", "pass")]
                assert unplaced == []
                assert all(e["to"] or e["kind"] in ("warp", "pass") for e in entries)
            if engine.outcome() is not None:
                break
            if cls.simultaneous:
                engine.play_turn(rng.choice(engine.legal_moves("white")), rng.choice(engine.legal_moves("black")))
            else:
                engine.play(rng.choice(engine.legal_moves()))


def test_a_sealed_parity_capture_is_a_capture_whatever_the_other_army_may_do():
    # The capture may fail (the rook on a8 may leave this turn), but the page marks it as a capture all the same.
    engine = get_engine("parity").from_position("r3k2r/1P6/8/8/8/8/6p1/R3K2R KQkq - -/- 0 1")
    white = _by_san(moves_of(engine, "white"))
    assert (white["bxa8=Q"]["from"], white["bxa8=Q"]["to"], white["bxa8=Q"]["capture"]) == ("b7", "a8", True)
    assert white["bxa8=N"]["promotion"] == "Knight" and white["b8=Q"]["capture"] is False
    assert all(entry["capture"] == ("x" in san) for san, entry in white.items())
    assert (white["O-O-O"]["from"], white["O-O-O"]["to"], white["O-O-O"]["also"]) == ("e1", "c1", ["a1", "d1"])
    black = _by_san(moves_of(engine, "black"))
    assert (black["O-O"]["from"], black["O-O"]["to"], black["O-O"]["also"]) == ("e8", "g8", ["h8", "f8"])

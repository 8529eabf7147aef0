"""Engine.squares: each engine reads its own positions into pieces on squares, with colour and figure key (the
board pictures, the play page and the board editor draw from it), and refuses a malformed board with the reason."""

from __future__ import annotations

import pytest

from variants.base import Engine, InvalidPositionError
from variants.registry import engines, get_engine
from variants.squares import Squares

RVC_135 = "o+chbqmmkbh+co/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/O+CHBQMMKBH+CO w KQkq - 0 1 3"
CHESS = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
SHARED = "rnbqkbnr/pppp1ppp/8/4(Pp)3/8/8/PPPP1PPP/RNBQKBNR KQkq - -/- 0 1"


def _by_square(board: Squares) -> dict[str, list]:
    found: dict[str, list] = {}
    for piece in board.pieces:
        found.setdefault(piece.square, []).append(piece)
    return found


def test_a_12x8_position_with_lame_leapers_and_two_digit_empty_runs_is_read_square_by_square():
    board = get_engine("rvc").squares(RVC_135)
    assert (board.files, board.ranks) == (12, 8)
    by_square = {p.square: p for p in board.pieces}
    assert len(board.pieces) == 48
    assert (by_square["b1"].symbol, by_square["b1"].figure, by_square["b1"].color) == ("+C", "Horse-Camel", "white")
    assert (by_square["k8"].symbol, by_square["k8"].figure, by_square["k8"].is_white) == ("+c", "Horse-Camel", False)
    assert by_square["a1"].figure == "Cannon" and by_square["h1"].figure == "King"
    assert (by_square["h1"].file, by_square["h1"].rank) == (7, 0)
    assert "a3" not in by_square and "l6" not in by_square


@pytest.mark.parametrize("key", ["chess", "reach", "twilight", "sscc"])
def test_an_8x8_fen_is_read_with_its_single_digit_runs(key):
    board = get_engine(key).squares(CHESS)
    by_square = {p.square: p.symbol for p in board.pieces}
    assert (board.files, board.ranks) == (8, 8)
    assert by_square["e4"] == "P" and "e2" not in by_square and by_square["e8"] == "k"


def test_twilights_reserve_and_marks_are_not_pieces_on_the_board():
    board = get_engine("twilight").squares("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP~P/RNBQKBNR[Nn] w KQkq - 0 1")
    assert len(board.pieces) == 32 and {p.figure for p in board.pieces if p.square == "g2"} == {"Pawn"}


def test_every_engine_reads_its_own_start_and_every_piece_has_a_figure_of_the_piece_set():
    for engine in engines():
        options = engine.start_options("1-3-5", "") if engine.rolled else {}
        board = engine.squares(engine.start_position(**options))
        assert (board.files, board.ranks) == (engine.files, engine.ranks)
        assert len({p.square for p in board.pieces}) == len(board.pieces) == 2 * board.files * 2
        assert {p.color for p in board.pieces} == {"white", "black"}


def test_a_parity_shared_square_holds_both_pieces():
    board = get_engine("parity").squares(SHARED)
    e5 = _by_square(board)["e5"]
    assert [(p.figure, p.color, p.symbol) for p in e5] == [("Pawn", "white", "P"), ("Pawn", "black", "p")]
    assert len(board.pieces) == 32
    with pytest.raises(InvalidPositionError, match="unexpected character"):
        get_engine("chess").squares(SHARED)  # only Parity Chess shares squares


def test_the_army_view_and_the_changed_squares_of_two_boards():
    chess = get_engine("chess")
    before, after = chess.squares(chess.start_position()), chess.squares(CHESS)
    assert after.changed(before) == ["e2", "e4"]
    assert after.army("white")["e4"] == "Pawn" and "e4" not in after.army("black")
    parity = get_engine("parity")
    start = parity.squares(parity.start_position())
    assert parity.squares(SHARED).changed(start) == ["e2", "e5", "e7"]


@pytest.mark.parametrize(
    ("key", "position", "reason"),
    [
        ("chess", "", "empty"),
        ("chess", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "different widths"),
        ("chess", "8/8/8/8/8/8/8/7X? w", "unexpected character"),
        ("chess", "8/8/8/8/8/8/8/4K2J w - - 0 1", "unknown piece symbol 'J'"),
        ("rvc", "12/12/12/12/12/12/12/11+ w", "must be followed by a piece letter"),
        ("rvc", "12/12/12/12/12/12/12/10+A1 w", "unknown piece symbol '\\+A'"),
        ("chess", "10/10/10/10/10/10/10/10 w", "not supported"),
        ("rvc", CHESS, "a 8x8 board is not supported: this variant is played on 12x8"),
        ("chess", RVC_135, "a 12x8 board is not supported"),
        ("chess", "0pppppppp/8/8/8/8/8/8/8", "0 squares"),
        ("parity", "8/8/8/8/8/8/8/3(Pp 8", "without its"),
        ("parity", "8/8/8/8/8/8/8/(PpP)7", "holds two pieces"),
    ],
)
def test_a_malformed_board_is_refused_with_the_reason(key, position, reason):
    with pytest.raises(InvalidPositionError, match=reason):
        get_engine(key).squares(position)


def test_a_new_engine_reads_its_positions_with_the_shared_reader_unless_it_says_otherwise():
    class Wide(Engine):
        key, name, files, ranks = "wide-test", "Wide", 10, 8

    board = Wide.squares("r8k/10/10/10/10/10/10/R8K w - - 0 1")
    assert (board.files, board.ranks, len(board.pieces)) == (10, 8, 4)
    assert {p.square: p.figure for p in board.pieces if p.is_white} == {"a1": "Rook", "j1": "King"}

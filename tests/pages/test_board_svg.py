"""The SVG board is drawn from the board part of a position string, 12x8 or 8x8, with labels and a text equivalent."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.pages.conftest import RVC_135
from tournaments.board_svg import BoardParseError, board_svg, parse_board

SVG = "{http://www.w3.org/2000/svg}"


def _xml(text: str) -> ET.Element:
    """Parse our own SVG output (not untrusted input): it must be well-formed XML."""
    return ET.fromstring(text)  # noqa: S314


CHESS = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"


def test_a_12x8_position_with_lame_leapers_and_two_digit_empty_runs_is_parsed_square_by_square():
    board = parse_board(RVC_135)
    assert (board.files, board.ranks) == (12, 8)
    by_square = {p.square: p for p in board.pieces}
    assert len(board.pieces) == 48
    assert by_square["b1"].symbol == "+C" and by_square["b1"].name == "Horse-Camel"
    assert by_square["k8"].symbol == "+c" and not by_square["k8"].is_white
    assert by_square["a1"].name == "Cannon" and by_square["h1"].name == "King"
    assert "a3" not in by_square and "l6" not in by_square


def test_an_8x8_fen_is_parsed_with_its_single_digit_runs():
    board = parse_board(CHESS)
    by_square = {p.square: p.symbol for p in board.pieces}
    assert (board.files, board.ranks) == (8, 8)
    assert by_square["e4"] == "P" and "e2" not in by_square and by_square["e8"] == "k"


def test_a_pocket_and_promoted_markers_do_not_confuse_the_board_parser():
    board = parse_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN~R[Nn] w KQkq - 0 1")
    assert len(board.pieces) == 32


@pytest.mark.parametrize(
    ("position", "reason"),
    [
        ("", "empty"),
        ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "different widths"),
        ("8/8/8/8/8/8/8/7X? w", "unexpected character"),
        ("12/12/12/12/12/12/12/11+ w", "must be followed by a piece letter"),
        ("10/10/10/10/10/10/10/10 w", "not supported"),
        ("0pppppppp/8/8/8/8/8/8/8", "0 squares"),
    ],
)
def test_a_malformed_board_is_refused_with_the_reason(position, reason):
    with pytest.raises(BoardParseError, match=reason):
        parse_board(position)


def test_the_svg_has_one_square_per_cell_labels_for_files_and_ranks_and_one_glyph_per_piece():
    svg = board_svg(RVC_135, title="Roll 1-3-5")
    root = _xml(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    squares = root.find(f"{SVG}g[@class='squares']")
    assert len(squares.findall(f"{SVG}rect")) == 96
    labels = [t.text for t in root.find(f"{SVG}g[@class='labels']").findall(f"{SVG}text")]
    assert labels.count("l") == 2 and labels.count("8") == 2 and "m" not in labels
    pieces = root.findall(f"{SVG}g[@class='piece']")
    assert len(pieces) == 48
    assert sorted({p.find(f"{SVG}text").text for p in pieces}) == ["+C", "B", "H", "K", "M", "O", "P", "Q"]


def test_the_svg_is_named_by_its_title_and_described_piece_by_piece_for_screen_readers():
    root = _xml(board_svg(CHESS, title="After 1. e4", svg_id="b1"))
    assert root.get("aria-labelledby") == "b1-title b1-desc"
    assert root.find(f"{SVG}title").text == "After 1. e4 (8x8 board)"
    desc = root.find(f"{SVG}desc").text
    assert "White: " in desc and "Pawn e4" in desc and "King e1" in desc and "Black: " in desc and "King e8" in desc


def test_a1_is_a_dark_square_and_the_white_king_is_drawn_on_e1():
    svg = board_svg(CHESS)
    first_square = re.search(r'<g class="squares"[^>]*><rect x="(\d+)" y="(\d+)"[^>]*fill="(#[0-9a-f]+)"', svg)
    # The first square drawn is a8 (top left): light, so a1 (eight ranks down) is dark.
    assert first_square.group(3) == "#f0d9b5"
    root = _xml(svg)
    king = next(
        p
        for p in root.findall(f"{SVG}g[@class='piece']")
        if p.find(f"{SVG}text").text == "K" and p.find(f"{SVG}circle").get("fill") == "#ffffff"
    )
    circle = king.find(f"{SVG}circle")
    assert (float(circle.get("cx")), float(circle.get("cy"))) == (20 + 4 * 40 + 20, 20 + 7 * 40 + 20)

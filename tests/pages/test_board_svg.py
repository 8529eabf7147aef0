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


def _squares(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-square"): g for g in root.iter(f"{SVG}g") if g.get("data-square")}


def test_the_svg_has_one_square_per_cell_labels_for_files_and_ranks_and_one_figure_per_piece():
    svg = board_svg(RVC_135, title="Roll 1-3-5")
    root = _xml(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    squares = _squares(root)
    assert len(squares) == 96 and "l8" in squares and "m1" not in squares
    assert all(len(g.findall(f"{SVG}rect")) == 1 for g in squares.values())
    labels = [t.text for t in root.find(f"{SVG}g[@class='labels']").findall(f"{SVG}text")]
    assert labels.count("l") == 2 and labels.count("8") == 2 and "m" not in labels
    pieces = [p for p in root.iter(f"{SVG}g") if p.get("data-piece")]
    assert len(pieces) == 48
    names = {p.get("data-piece") for p in pieces}
    assert names == {"Cannon", "Horse-Camel", "Horse", "Bishop", "Queen", "Man", "King", "Pawn"}
    # Each piece stands in its square's element and is drawn with its figure, not a letter.
    b1 = squares["b1"].find(f"{SVG}g[@class='piece']")
    assert (b1.get("data-piece"), b1.get("data-color")) == ("Horse-Camel", "white")
    assert b1.find(f"{SVG}use").get("href") == "#board-white-Horse-Camel"
    k8 = squares["k8"].find(f"{SVG}g[@class='piece']")
    assert (k8.get("data-piece"), k8.get("data-color")) == ("Horse-Camel", "black")
    assert not root.findall(f".//{SVG}text[@font-weight='700']")


def test_every_figure_used_is_defined_once_with_ids_unique_to_the_board():
    root = _xml(board_svg(RVC_135, svg_id="b7"))
    symbols = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    assert len(symbols) == len(set(symbols)) == 16  # eight kinds of piece, in both colours
    uses = {u.get("href")[1:] for u in root.iter(f"{SVG}use")}
    assert uses == set(symbols)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids[0] == "b7" and all(i.startswith("b7-") for i in ids[1:])


def test_the_compound_figures_keep_their_clip_paths_under_ids_of_their_own():
    amazon = "a11/12/12/12/12/12/12/A10K w - - 0 1 -"
    svg = board_svg(amazon, svg_id="x")
    clips = re.findall(r'<clipPath id="([^"]+)"', svg)
    assert sorted(clips) == ["x-black-Amazon-amazon-behind-knight", "x-white-Amazon-amazon-behind-knight"]
    assert sorted(re.findall(r"url\(#([^)]+)\)", svg)) == sorted(clips)


def test_a_letter_the_catalogue_does_not_know_is_drawn_as_a_letter_in_a_disc():
    root = _xml(board_svg("8/8/8/8/8/8/8/4K2J w - - 0 1"))
    unknown = _squares(root)["h1"].find(f"{SVG}g[@class='piece']")
    assert unknown.get("data-piece") == "J" and unknown.find(f"{SVG}text").text == "J"


def test_a_parity_shared_square_draws_both_pieces_in_it():
    shared = "rnbqkbnr/pppp1ppp/8/4(Pp)3/8/8/PPPP1PPP/RNBQKBNR KQkq - -/- 0 1"
    board = parse_board(shared)
    assert sorted((p.square, p.symbol) for p in board.pieces if p.square == "e5") == [("e5", "P"), ("e5", "p")]
    e5 = _squares(_xml(board_svg(shared)))["e5"]
    assert [(p.get("data-piece"), p.get("data-color")) for p in e5.findall(f"{SVG}g")] == [
        ("Pawn", "white"),
        ("Pawn", "black"),
    ]


@pytest.mark.parametrize("position", ["8/8/8/8/8/8/8/3(Pp 8", "8/8/8/8/8/8/8/(PpP)7"])
def test_a_broken_shared_square_is_refused(position):
    with pytest.raises(BoardParseError):
        parse_board(position)


def test_a_flipped_board_puts_h1_top_left_and_black_at_the_bottom():
    root = _xml(board_svg(CHESS, flipped=True))
    squares = _squares(root)
    first = root.find(f"{SVG}g[@class='squares']")[0]
    assert first.get("data-square") == "h1" and root.get("data-orientation") == "black"
    king = squares["e8"].find(f"{SVG}g[@class='piece']/{SVG}use")
    assert (float(king.get("x")), float(king.get("y"))) == (20 + 3 * 40, 20 + 7 * 40)


def test_the_svg_is_named_by_its_title_and_described_piece_by_piece_for_screen_readers():
    root = _xml(board_svg(CHESS, title="After 1. e4", svg_id="b1"))
    assert root.get("aria-labelledby") == "b1-title b1-desc"
    assert root.find(f"{SVG}title").text == "After 1. e4 (8x8 board)"
    desc = root.find(f"{SVG}desc").text
    assert "White: " in desc and "Pawn e4" in desc and "King e1" in desc and "Black: " in desc and "King e8" in desc


def test_a1_is_a_dark_square_and_the_white_king_is_drawn_on_e1():
    root = _xml(board_svg(CHESS))
    squares = _squares(root)
    # The first square drawn is a8 (top left): light, so a1 (eight ranks down) is dark.
    first = root.find(f"{SVG}g[@class='squares']")[0]
    assert first.get("data-square") == "a8" and first.find(f"{SVG}rect").get("fill") == "#f0d9b5"
    assert squares["a1"].find(f"{SVG}rect").get("fill") == "#b58863"
    king = squares["e1"].find(f"{SVG}g[@data-piece='King']")
    assert king.get("data-color") == "white"
    use = king.find(f"{SVG}use")
    assert (float(use.get("x")), float(use.get("y"))) == (20 + 4 * 40, 20 + 7 * 40)

"""The SVG board is drawn from what the variant's engine reads of a position (Engine.squares), 12x8 or 8x8, with
labels and a text equivalent. How each engine reads its positions: tests/variants/test_squares_of_a_position.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.pages.conftest import RVC_135
from tournaments.board_svg import board_svg, position_svg
from variants.base import InvalidPositionError
from variants.registry import get_engine
from variants.squares import Placed, Squares

SVG = "{http://www.w3.org/2000/svg}"


def _xml(text: str) -> ET.Element:
    """Parse our own SVG output (not untrusted input): it must be well-formed XML."""
    return ET.fromstring(text)  # noqa: S314


CHESS = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
RVC, CHESS_ENGINE, PARITY = get_engine("rvc"), get_engine("chess"), get_engine("parity")


def _squares(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-square"): g for g in root.iter(f"{SVG}g") if g.get("data-square")}


def test_the_svg_has_one_square_per_cell_labels_for_files_and_ranks_and_one_figure_per_piece():
    svg = position_svg(RVC, RVC_135, title="Roll 1-3-5")
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
    root = _xml(position_svg(RVC, RVC_135, svg_id="b7"))
    symbols = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    assert len(symbols) == len(set(symbols)) == 16  # eight kinds of piece, in both colours
    uses = {u.get("href")[1:] for u in root.iter(f"{SVG}use")}
    assert uses == set(symbols)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids[0] == "b7" and all(i.startswith("b7-") for i in ids[1:])


def test_the_compound_figures_keep_their_clip_paths_under_ids_of_their_own():
    amazon = "a11/12/12/12/12/12/12/A10K w - - 0 1 -"
    svg = position_svg(RVC, amazon, svg_id="x")
    clips = re.findall(r'<clipPath id="([^"]+)"', svg)
    assert sorted(clips) == ["x-black-Amazon-amazon-behind-knight", "x-white-Amazon-amazon-behind-knight"]
    assert sorted(re.findall(r"url\(#([^)]+)\)", svg)) == sorted(clips)


def test_a_piece_the_piece_set_has_no_figure_for_is_drawn_as_its_letter_in_a_disc():
    # A new variant's engine may name a piece the piece set does not draw yet: the board still shows it.
    king = CHESS_ENGINE.squares("8/8/8/8/8/8/8/4K3 w - - 0 1").pieces
    board = Squares(8, 8, (*king, Placed("h1", 7, 0, "white", "Jester", "J")))
    root = _xml(board_svg(board))
    unknown = _squares(root)["h1"].find(f"{SVG}g[@class='piece']")
    assert unknown.get("data-piece") == "Jester" and unknown.find(f"{SVG}text").text == "J"
    assert _squares(root)["e1"].find(f"{SVG}g[@class='piece']/{SVG}use") is not None


def test_a_position_the_engine_cannot_read_is_refused_with_the_reason():
    with pytest.raises(InvalidPositionError, match="unknown piece symbol 'J'"):
        position_svg(CHESS_ENGINE, "8/8/8/8/8/8/8/4K2J w - - 0 1")
    with pytest.raises(InvalidPositionError, match="not supported"):
        position_svg(CHESS_ENGINE, RVC_135)


def test_a_parity_shared_square_draws_both_pieces_in_it():
    shared = "rnbqkbnr/pppp1ppp/8/4(Pp)3/8/8/PPPP1PPP/RNBQKBNR KQkq - -/- 0 1"
    e5 = _squares(_xml(position_svg(PARITY, shared)))["e5"]
    assert [(p.get("data-piece"), p.get("data-color")) for p in e5.findall(f"{SVG}g")] == [
        ("Pawn", "white"),
        ("Pawn", "black"),
    ]


def test_a_flipped_board_puts_h1_top_left_and_black_at_the_bottom():
    root = _xml(position_svg(CHESS_ENGINE, CHESS, flipped=True))
    squares = _squares(root)
    first = root.find(f"{SVG}g[@class='squares']")[0]
    assert first.get("data-square") == "h1" and root.get("data-orientation") == "black"
    king = squares["e8"].find(f"{SVG}g[@class='piece']/{SVG}use")
    assert (float(king.get("x")), float(king.get("y"))) == (20 + 3 * 40, 20 + 7 * 40)


def test_the_svg_is_named_by_its_title_and_described_piece_by_piece_for_screen_readers():
    root = _xml(position_svg(CHESS_ENGINE, CHESS, title="After 1. e4", svg_id="b1"))
    assert root.get("aria-labelledby") == "b1-title b1-desc"
    assert root.find(f"{SVG}title").text == "After 1. e4 (8x8 board)"
    desc = root.find(f"{SVG}desc").text
    assert "White: " in desc and "Pawn e4" in desc and "King e1" in desc and "Black: " in desc and "King e8" in desc


def test_a1_is_a_dark_square_and_the_white_king_is_drawn_on_e1():
    root = _xml(position_svg(CHESS_ENGINE, CHESS))
    squares = _squares(root)
    # The first square drawn is a8 (top left): light, so a1 (eight ranks down) is dark.
    first = root.find(f"{SVG}g[@class='squares']")[0]
    assert first.get("data-square") == "a8" and first.find(f"{SVG}rect").get("fill") == "#f0d9b5"
    assert squares["a1"].find(f"{SVG}rect").get("fill") == "#b58863"
    king = squares["e1"].find(f"{SVG}g[@data-piece='King']")
    assert king.get("data-color") == "white"
    use = king.find(f"{SVG}use")
    assert (float(use.get("x")), float(use.get("y"))) == (20 + 4 * 40, 20 + 7 * 40)

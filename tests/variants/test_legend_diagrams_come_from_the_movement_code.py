"""The move diagrams are what the fairy engine's move generator answers for the piece alone at the centre of an
empty 9 x 9 board, checked here against the pieces' moves worked out by hand."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from variants.legend import diagram, diagram_svg, legend

RADIUS = 4  # 9 x 9 board, piece on the centre square


def line(dx: int, dy: int) -> set[tuple[int, int]]:
    return {(dx * k, dy * k) for k in range(1, RADIUS + 1)}


def test_the_rook_reaches_the_four_lines():
    d = diagram("Rook")
    assert (d.size, d.centre) == (9, (4, 4))
    assert d.both == line(1, 0) | line(-1, 0) | line(0, 1) | line(0, -1)
    assert not d.moves and not d.captures and not d.screen_captures and not d.note


def test_the_knight_reaches_its_eight_jumps():
    jumps = {(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)}
    assert diagram("Knight").both == jumps


def test_the_camel_is_a_one_three_leaper():
    assert diagram("Camel").both == {(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)}


def test_the_tiger_moves_as_a_bishop_and_captures_as_a_knight():
    d = diagram("Tiger")
    assert d.moves == line(1, 1) | line(1, -1) | line(-1, -1) | line(-1, 1)
    assert d.captures == {(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)}
    assert not d.both


def test_the_elephant_steps_forwards_towards_black_not_backwards():
    assert diagram("Elephant").both == {(1, 1), (1, -1), (-1, -1), (-1, 1), (0, 1)}


def test_the_cannon_captures_only_over_a_screen_and_says_so():
    d = diagram("Cannon")
    rook_lines = line(1, 0) | line(-1, 0) | line(0, 1) | line(0, -1)
    assert d.moves == rook_lines and not d.captures and not d.both
    # a screen needs a square between: nothing to capture on the adjacent squares
    assert d.screen_captures == {sq for sq in rook_lines if max(abs(sq[0]), abs(sq[1])) >= 2}
    assert d.note == "moves as a Rook; captures along Rook lines by leaping over exactly one piece"


def test_the_catapult_needs_a_screen_to_move_as_well():
    d = diagram("Catapult")
    assert not d.moves and not d.captures and not d.both
    assert d.screen_moves == d.screen_captures == diagram("Cannon").screen_captures


def test_the_drawing_marks_every_square_of_the_diagram():
    entry = legend(["Tiger"])[0]
    svg = diagram_svg(entry, px=90)
    root = ET.fromstring(svg)  # noqa: S314
    assert root.get("width") == "90"
    assert svg.count('fill="none" stroke=') == len(entry.diagram.moves)  # rings
    assert svg.count("<path ") == len(entry.diagram.captures)  # crosses
    assert 'href="/static/pieces/white/Tiger.svg"' in diagram_svg(entry, figure_href="/static/pieces/white/Tiger.svg")

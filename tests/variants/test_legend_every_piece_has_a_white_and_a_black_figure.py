"""Every catalogue piece (the 27 of Random Variant Chess, the 8x8 pieces among them) has a white and a black SVG
figure under static/pieces that parses as XML with the standard 45 x 45 viewBox."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import chess
import pytest

from variants.legend import COLOURS, figure_path
from variants.pieces import PIECES

STATIC = Path(__file__).resolve().parents[2] / "static"
# The 8x8 variants play python-chess's six pieces; their figures are the catalogue's of the same name.
EIGHT_BY_EIGHT = [name.capitalize() for name in chess.PIECE_NAMES if name]


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("name", sorted(set(PIECES) | set(EIGHT_BY_EIGHT)))
def test_the_figure_exists_and_parses_with_a_viewbox(name, colour):
    path = STATIC / figure_path(name, colour)
    root = ET.parse(path).getroot()  # noqa: S314
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 45 45"
    assert path.stat().st_size < 4096  # hand-drawn shapes, not an embedded bitmap


def test_the_set_holds_exactly_the_catalogue():
    for colour in COLOURS:
        files = {p.name for p in (STATIC / "pieces" / colour).glob("*.svg")}
        assert files == {Path(figure_path(name, colour)).name for name in PIECES}


def test_figure_path_names_the_file_after_the_catalogue_name():
    assert figure_path("Griffin", "white") == "pieces/white/Griffin.svg"
    assert figure_path("Horse-Camel", "black") == "pieces/black/Horse-Camel.svg"
    with pytest.raises(KeyError):
        figure_path("Dragon", "white")
    with pytest.raises(ValueError, match="colour"):
        figure_path("King", "red")

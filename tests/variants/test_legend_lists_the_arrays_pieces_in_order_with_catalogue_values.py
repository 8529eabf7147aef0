"""The legend of a Random Variant Chess array holds exactly its pieces, in order of first appearance, with the
catalogue's symbol, value, move sentence and figures."""

from __future__ import annotations

from variants.dice import layout
from variants.legend import legend
from variants.pieces import PIECES


def test_the_legend_of_an_array_lists_each_of_its_pieces_once_in_order():
    array = layout("1-4-5", "1-4-6")  # the seed's example: R Cam N Ti Q Man Man K Ti N Cam R
    entries = legend((*array.names, "Pawn"))
    assert [e.name for e in entries] == ["Rook", "Camel", "Knight", "Tiger", "Queen", "Man", "King", "Pawn"]


def test_every_entry_carries_the_catalogue_facts():
    array = layout("2-2-6")  # the asymmetric array: Princess on b, Empress on k
    for entry in legend(array.names):
        piece = PIECES[entry.name]
        assert (entry.symbol, entry.value, entry.moves) == (piece.symbol, piece.value, piece.moves)
        assert entry.white_figure == f"pieces/white/{entry.name}.svg"
        assert entry.black_figure == f"pieces/black/{entry.name}.svg"
    assert {"Princess", "Empress"} <= {e.name for e in legend(array.names)}

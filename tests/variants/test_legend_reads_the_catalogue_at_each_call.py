"""The legend is generated from the piece catalogue, never from a table of its own: change the catalogue and the
legend follows."""

from __future__ import annotations

from dataclasses import replace

from variants import pieces
from variants.legend import legend


def test_a_changed_catalogue_value_and_sentence_show_in_the_legend(monkeypatch):
    changed = replace(pieces.PIECES["Camel"], value=21.5, moves="a (1,3) leaper, revalued")
    monkeypatch.setitem(pieces.PIECES, "Camel", changed)
    (entry,) = legend(["Camel"])
    assert entry.value == 21.5
    assert entry.moves == "a (1,3) leaper, revalued"


def test_the_diagrams_note_is_the_catalogue_sentence_of_the_moment(monkeypatch):
    changed = replace(pieces.PIECES["Cannon"], moves="moves as a Rook; captures over a screen")
    monkeypatch.setitem(pieces.PIECES, "Cannon", changed)
    (entry,) = legend(["Cannon"])
    assert entry.diagram.note == "moves as a Rook; captures over a screen"

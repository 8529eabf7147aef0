"""Random Variant Chess reads a game's start from PGN tags as both writers put them: the engine's own (Roll, Roll2,
a seven-field FEN) and an event's export (FirstRoll, SecondRoll, a six-field FEN with the castling step count in
CastlingSteps), so a game exported by an event is read back at its real start."""

from __future__ import annotations

import pytest

from variants.base import InvalidPositionError
from variants.registry import get_engine, rolled_key

RVC = get_engine(rolled_key())


def test_an_event_exports_tags_give_the_same_start_as_the_engines_own():
    started = RVC.new(roll="1-3-5")
    started.play(started.legal_moves()[0])
    position = started.position()
    six, steps = position.rsplit(" ", 1)
    exported = RVC.from_tags({"FEN": six, "CastlingSteps": steps, "FirstRoll": "1-3-5"})
    own = RVC.from_tags({"FEN": position, "Roll": "1-3-5"})
    assert exported.position() == own.position() == position
    assert exported.legal_moves() == own.legal_moves()


def test_without_castling_steps_a_twelve_file_start_with_castling_rights_is_refused():
    six = RVC.new(roll="2-4-6").position().rsplit(" ", 1)[0]
    with pytest.raises(InvalidPositionError, match="castling"):
        RVC.from_tags({"FEN": six, "Roll": "2-4-6"})  # two steps assumed: the King is four squares from the Rook

"""SAN of the fairy board finds checks on the board list alone (``Board.gives_check``) and disambiguates from an
index of the position's moves: on random games of every fixed fairy variant and of Random Variant Chess arrays
with hoppers and path pieces, every legal move's SAN equals the one made the plain way (make the move, look for
check, unmake it; scan the whole list for rivals).
"""

from __future__ import annotations

import random

import pytest

from variants import registry
from variants.fairy.board import Board
from variants.fairy.engine import FairyEngine
from variants.fairy.notation import _san_body, san_list

ROLLS = ["1-1-1", "2-2-2", "3-3-3", "4-4-4", "5-5-5", "6-6-6", "1-3-5", "2-4-6", "6-6-1", "3-5-2"]


def plain_san(board: Board, move: int, legal: list[int]) -> str:
    text = _san_body(board, move, legal)
    board.make(move)
    try:
        if board.in_check():
            text += "+" if board.has_legal_move() else "#"
    finally:
        board.unmake()
    return text


def engines() -> list[tuple[str, FairyEngine]]:
    found = [(key, registry.get_engine(key).new()) for key in registry.fixed_keys()]
    rolled = registry.get_engine(registry.rolled_key())
    found += [(roll, rolled.new(roll=roll)) for roll in ROLLS]
    return [(name, engine) for name, engine in found if isinstance(engine, FairyEngine)]


@pytest.mark.parametrize(("name", "engine"), engines(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_legal_moves_san_is_the_plain_one(name, engine):
    rng = random.Random(name)
    checks = 0
    for _ in range(160):
        board = engine.board
        legal = sorted(board.legal_moves())
        if not legal:
            break
        fast = san_list(board, legal)
        assert fast == [plain_san(board, m, legal) for m in legal]
        assert engine.legal_moves() == fast
        checks += sum(text[-1] in "+#" for text in fast)
        engine.play(rng.choice(fast))
    assert checks > 0  # the games reached positions where a move gives check

"""Engine.move_squares agrees with what each move does: every legal move of random games is played on a copy and
the two boards the engine reads (Engine.squares) are compared with the squares the engine declared for it.

That comparison was once how the play page learnt where moves go; it stays here as the oracle of each engine's own
answer. Parity Chess resolves a move only in a turn with the other army's: tests/games/test_play_moves_are_placed_
on_squares.py checks its squares against Parity's own reading of its notation.
"""

from __future__ import annotations

import random

import pytest

from variants.base import Engine, other
from variants.chains import is_chain, square_index, squares_mask
from variants.registry import get_engine
from variants.squares import MoveSquares, Squares

SEQUENTIAL = ["chess", "reach", "twilight", "sscc", "rvc"]
POSITIONS = {  # the odd moves, where random games may not go
    "chess": ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"],
    "rvc": ["o1k8o/12/12/12/12/12/12/O1K8O w KQkq - 0 1 1", "r6k3r/12/12/12/12/12/12/R6K3R b KQkq - 0 1 3"],
    "twilight": ["r3k2r/pP6/8/8/8/8/P~7/R3K2R[Nqp] b KQkq - 0 1", "r3k2r/pP6/8/8/8/8/P~7/R3K2R[Nqp] w KQkq - 0 1"],
    "reach": ["7k/8/8/8/8/1p6/pP6/K7 w - - 0 1", "r3k2r/2P5/8/8/8/8/6p1/R3K2R b KQkq - 0 1"],
    "sscc": ["r3k2r/8/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2"],
}


def _changes(before: dict[str, str], after: dict[str, str]) -> tuple[set[str], set[str]]:
    return {sq for sq in before if after.get(sq) != before[sq]}, {sq for sq in after if before.get(sq) != after[sq]}


def _check(move: MoveSquares, army: str, before: Squares, after: Squares, switched: bool) -> None:
    mine, theirs = before.army(army), after.army(army)
    gone, came = _changes(mine, theirs)
    assert move.kind in ("move", "drop", "warp", "pass"), move
    if move.kind == "move":
        assert gone | came == {move.origin, move.target, *move.also} and move.origin in gone, move
        assert mine[move.origin] == move.piece and theirs[move.target] == (move.promotion or move.piece), move
    elif move.kind == "drop":
        assert (gone, came, theirs[move.target], move.origin) == (set(), {move.target}, move.piece, None), move
    elif move.kind == "warp":
        assert (gone, came, mine[move.origin], move.target) == ({move.origin}, set(), move.piece, None), move
    else:
        assert (gone, came, move.origin, move.target, move.piece) == (set(), set(), None, None, None), move
    lost = len(before.army(other(army))) - len(after.army(other(army)))
    assert move.capture == (lost > 0), move
    assert move.switch == switched, move
    if move.chain:  # () when the search for the smallest loop gives up (a crowded board): nothing drawn then
        occupied = squares_mask([p.square for p in after.pieces])
        assert move.switch and is_chain(occupied, [square_index(sq) for sq in move.chain]), move
        assert {move.target, *move.also} & set(move.chain), move


def _check_all(cls: type[Engine], options: dict, engine: Engine) -> int:
    position, army = engine.position(), engine.turn
    before = cls.squares(position)
    moves = engine.move_squares()
    assert [m.san for m in moves] == engine.legal_moves()
    assert engine.move_squares(other(army)) == []
    for move in moves:
        copy = cls.from_position(position, **options)
        copy.play(move.san)
        _check(move, army, before, cls.squares(copy.position()), copy.controller(army) != army)
    return len(moves)


@pytest.mark.parametrize("key", SEQUENTIAL)
def test_every_legal_move_of_random_games_goes_where_the_engine_says(key):
    cls = get_engine(key)
    options = cls.start_options("2-4-6", "3-3-1") if cls.rolled else {}
    rng = random.Random(f"squares-{key}")
    checked = 0
    for _ in range(2):
        engine = cls.new(**options)
        for _ply in range(30):
            if engine.outcome() is not None:
                break
            checked += _check_all(cls, options, engine)
            engine.play(rng.choice(engine.legal_moves()))
    assert checked > 400


@pytest.mark.parametrize(("key", "position"), [(key, p) for key, positions in POSITIONS.items() for p in positions])
def test_castling_en_passant_promotion_warps_drops_passes_and_switches_go_where_the_engine_says(key, position):
    cls = get_engine(key)
    kinds = {m.kind for m in cls.from_position(position).move_squares()}
    assert _check_all(cls, {}, cls.from_position(position)) > 0 and kinds <= {"move", "drop", "warp", "pass"}


def test_an_engine_that_does_not_say_offers_its_moves_by_name():
    class Plain(Engine):
        key, name = "plain-test", "Plain"

        def legal_moves(self, army=None):
            return ["e4", "d4"]

    assert Plain().move_squares() == [MoveSquares("e4"), MoveSquares("d4")]
    assert {m.kind for m in Plain().move_squares()} == {"other"}

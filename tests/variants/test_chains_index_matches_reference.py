"""The per-position chain index (``chain_squares``, one graph per position) gives, for every piece, the same answer
as today's per-piece decision (``forms_chain_reference``, one graph per question), on random positions."""

import random

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from variants import chains
from variants.chains import chain_squares, forms_chain, squares_mask
from variants.chains_reference import forms_chain_reference


def _reference_squares(occupied: int) -> int:
    return sum(1 << sq for sq in range(64) if occupied >> sq & 1 and forms_chain_reference(occupied, sq))


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 64) - 1))
def test_every_piece_of_any_occupancy_gets_the_reference_answer(occupied):
    assert chain_squares(occupied) == _reference_squares(occupied), hex(occupied)


@settings(max_examples=80, deadline=None)
@given(st.sets(st.integers(min_value=0, max_value=63), min_size=20, max_size=40))
def test_full_middlegame_like_boards_get_the_reference_answer(squares):
    occupied = sum(1 << sq for sq in squares)
    assert chain_squares(occupied) == _reference_squares(occupied), hex(occupied)


def test_crowded_areas_with_split_diagonal_pairs_get_the_reference_answer(monkeypatch):
    # Dense rectangles make virtual centres and empty diagonal pairs cut by one of a block's own diagonal links
    # (the case that re-asks a block without that link); count those so the test proves it went there.
    cuts = []
    original = chains._on_chains_after_cut
    monkeypatch.setattr(chains, "_on_chains_after_cut", lambda *args: cuts.append(1) or original(*args))
    rng = random.Random(15)
    with_chain = 0
    for _ in range(300):
        area = [r * 8 + f for r in range(rng.randint(0, 4), 8) for f in range(rng.randint(0, 4), 8)]
        occupied = sum(1 << sq for sq in rng.sample(area, rng.randint(len(area) // 3, len(area) - 2)))
        found = chain_squares(occupied)
        assert found == _reference_squares(occupied), hex(occupied)
        with_chain += found != 0
    assert len(cuts) >= 10
    assert 30 <= with_chain <= 270  # both answers occur often


def test_positions_from_random_games_get_the_reference_answer():
    rng = random.Random(404)
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randint(6, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        occupied = int(board.occupied)
        assert chain_squares(occupied) == _reference_squares(occupied), board.fen()


def test_the_index_names_the_pieces_of_a_ring_and_not_a_piece_hanging_off_it():
    ring = squares_mask(["c4", "c5", "d6", "e5", "e4", "d3"])  # Figure 1(a)
    tail = squares_mask(["d7"])
    assert chain_squares(ring | tail) == ring
    assert not forms_chain(ring | tail, chess.D4)  # an empty square is on no chain
    assert chain_squares(int(chess.Board().occupied)) == 0

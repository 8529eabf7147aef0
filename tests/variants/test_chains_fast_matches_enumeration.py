"""forms_chain (planar blocks) agrees with the literal definition (enumerate every loop) on random boards."""

import random

from variants.chains import chains_through, forms_chain


def test_fast_detection_agrees_with_brute_force_on_random_sparse_boards():
    rng = random.Random(20240504)
    for _ in range(250):
        squares = rng.sample(range(64), rng.randint(6, 16))
        occupied = sum(1 << sq for sq in squares)
        square = rng.choice(squares)
        slow = next(chains_through(occupied, square), None) is not None
        assert forms_chain(occupied, square) == slow, (hex(occupied), square)


def test_fast_detection_agrees_with_brute_force_in_a_crowded_corner():
    # Dense 4x5 area: many crossing diagonals, virtual block centres and split diagonal pairs.
    area = [r * 8 + f for r in range(5) for f in range(4)]
    rng = random.Random(7)
    for _ in range(150):
        squares = rng.sample(area, rng.randint(9, 14))
        occupied = sum(1 << sq for sq in squares)
        square = rng.choice(squares)
        slow = next(chains_through(occupied, square), None) is not None
        assert forms_chain(occupied, square) == slow, (hex(occupied), square)

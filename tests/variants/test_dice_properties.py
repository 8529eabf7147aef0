"""Properties every array must have, for any first roll and any allowed second roll (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from variants.dice import FILES, Layout, layout
from variants.pieces import PIECES

die = st.integers(min_value=1, max_value=6)
roll = st.tuples(die, die, die).map(lambda dice: "-".join(map(str, dice)))
ASYMMETRIC = {("Princess", "Empress")}  # "Princess replaces Queen's Giraffe, Empress replaces King's Giraffe"


@st.composite
def layouts(draw) -> Layout:
    first = draw(roll)
    second = draw(st.none() | roll)
    if second is not None and len(set(first.split("-"))) == 1:
        second = None
    return layout(first, second)


@given(layouts())
def test_every_array_has_twelve_catalogue_pieces_and_exactly_one_king(result):
    assert len(result.names) == 12
    assert all(name in PIECES for name in result.names)
    assert result.names.count("King") == 1
    assert "Pawn" not in result.names


@given(layouts())
def test_every_array_mirrors_around_the_queen_and_king_apart_from_the_princess_and_empress(result):
    king = result.names.index("King")
    queen = 11 - king  # the Queen (or her replacement) faces the King across the added pieces
    outer = result.names[:queen]
    for left, right in zip(outer, result.names[::-1]):
        assert left == right or (left, right) in ASYMMETRIC
    added = result.names[queen + 1 : king]
    assert added == added[::-1]
    assert set(added) <= {"Man", "Elephant"}


@given(layouts())
def test_castling_steps_follow_the_king_file_and_need_rooks_or_cannons_in_the_corners(result):
    corners = {result.names[0], result.names[-1]}
    if result.castling is None:
        assert corners == {"Princess"}
        return
    assert corners <= {"Rook", "Cannon"}
    # 4 steps from g, 3 from h, 2 from i: the king always lands on the same squares relative to the edge
    assert {4: "g", 3: "h", 2: "i"}[result.castling] == result.king_file
    king = FILES.index(result.king_file)
    assert king - result.castling >= 2  # room on the queen's side for the rook to leap to the next square
    assert king + result.castling == 10  # kingside the king lands on k, the rook leaps from l to j


@given(layouts())
def test_the_position_string_holds_the_array_for_both_sides(result):
    board, side, rights, ep, halfmove, fullmove, steps = result.position.split(" ")
    ranks = board.split("/")
    assert ranks[2:6] == ["12"] * 4
    assert ranks[1] == "p" * 12 and ranks[6] == "P" * 12
    assert ranks[7] == "".join(result.symbols)
    assert ranks[0] == ranks[7].lower()
    assert (side, ep, halfmove, fullmove) == ("w", "-", "0", "1")
    assert rights == ("-" if result.castling is None else "KQkq")
    assert steps == ("-" if result.castling is None else str(result.castling))


@given(roll, roll)
def test_die_order_never_matters(first, second):
    shuffled = "-".join(reversed(first.split("-")))
    if len(set(first.split("-"))) == 1:
        second = None
    assert layout(first, second).names == layout(shuffled, second).names
